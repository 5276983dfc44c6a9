import { render } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import { DEFAULT_BINDINGS } from '../../../src/keymap/index.js';
import type { AppStore } from '../../../src/state/store.js';
import { App } from '../../../src/ui/app/App.js';
import { PANE_CONTEXTS } from '../../../src/keymap/contexts.js';
import type { AppContextValue } from '../../../src/ui/context/AppContext.js';
import { DiffingStdout } from '../../../src/ui/render/DiffingStdout.js';
import { installFastAssembly } from '../../../src/ui/render/installFastAssembly.js';
import { listThemes } from '../../../src/ui/theme/loadTheme.js';
import { screenStore } from '../../../src/ui/view/screenStore.js';
import { createViewStore, view, type ViewStore } from '../../../src/ui/view/viewStore.js';
import { fullStore, solBook } from '../support/paneFixtures.js';
import { FakeStdin } from '../support/virtualTerminal.js';
import { FakeTty, useTrueColorChalk } from './inkFixtures.js';
import { bufferCells, createTerminal, firstBufferDifference, firstCellDifference, writeTerm, type CellView } from './xtermScreen.js';

/**
 * Kept regions (src/ui/render/regionCache.ts) draw the same frames as a full walk: the
 * whole dashboard, over the fixtures' market, runs one seeded sequence of market changes,
 * focus moves, overlays, tab and theme switches, a zoom and resizes, once with regions and
 * once without; after every step both terminals must show the same cells. Time is fake and
 * runs a second a step, so clocks, ages and ink's throttle are the same in both runs.
 * The run with regions must also have kept some (a region that is never kept proves nothing).
 */

useTrueColorChalk();

const T0 = Date.parse('2026-12-02T12:00:00Z');

type Step = (ctx: { store: AppStore; view: ViewStore; i: number }) => void | { resize: [number, number] };

const bookChange: Step = ({ store, i }) =>
  store.setState((s) => {
    const b = solBook(T0 + i * 1000);
    b.levels[0]![0] = { px: '150', sz: String(10 + (i % 7)), n: 2 };
    b.levels[1]![1] = { px: '153', sz: String(20 + (i % 5)), n: 2 };
    return { market: { ...s.market, books: { ...s.market.books, 1: b } } };
  });

const tradeChange: Step = ({ store, i }) =>
  store.setState((s) => {
    const t = s.market.trades[1]!;
    const trade = { ...t[0]!, tid: 900_000 + i, time: T0 + i * 1000, sz: String(1 + (i % 5)), side: i % 2 === 0 ? ('B' as const) : ('A' as const) };
    return { market: { ...s.market, trades: { ...s.market.trades, 1: [trade, ...t.slice(0, 29)] } } };
  });

const latencyChange: Step = ({ store, i }) => store.setState((s) => ({ session: { ...s.session, latencyMs: 10 + (i % 9) } }));

const markChange: Step = ({ store, i }) =>
  store.setState((s) => {
    const m = s.market.marketStates[1]!;
    return { market: { ...s.market, marketStates: { ...s.market.marketStates, 1: { ...m, markPx: String(148 + (i % 5)), time: T0 + i * 1000 } } } };
  });

const PANES = [...PANE_CONTEXTS];

const STEP_KINDS: Step[] = [
  bookChange,
  tradeChange,
  latencyChange,
  markChange,
  bookChange,
  tradeChange,
  ({ view: v, i }) => view.focus(v, PANES[i % PANES.length]!),
  ({ view: v }) => view.openOverlay(v, { kind: 'help' }),
  ({ view: v }) => view.closeOverlay(v),
  ({ view: v }) => view.openListOverlay(v, { kind: 'picker' }),
  ({ view: v }) => view.closeOverlay(v),
  ({ view: v, i }) => view.setTheme(v, listThemes()[i % listThemes().length]!),
  ({ view: v }) => view.toggleZoom(v),
  ({ view: v, i }) => view.toast(v, `toast ${i}`, 'info', T0 + i * 1000),
  ({ i }) => ({ resize: i % 2 === 0 ? [80, 24] : [120, 40] }),
];

function steps(seed: number, count: number): number[] {
  const r = mulberry32(seed);
  return Array.from({ length: count }, () => Math.floor(r() * STEP_KINDS.length));
}

/** A second of the screen's life: its throttled frames, clocks and timers, on fake time. */
const settle = () => vi.advanceTimersByTimeAsync(1000);



async function run(regions: boolean, sequence: readonly number[]): Promise<{ screens: CellView[][][]; kept: number; drawn: number; terminalDifference: string | null }> {
  const installed = await installFastAssembly({ regions });
  expect(installed.installed).toBe(true);
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(T0);
  const store = fullStore(T0);
  const viewStore = createViewStore();
  let cols = 120;
  let rows = 40;
  const term = createTerminal(cols, rows);
  const tty = new FakeTty(cols, rows, term);
  const out = new DiffingStdout(tty);
  const ctx: AppContextValue = {
    store: screenStore(store, viewStore),
    view: viewStore,
    session: null,
    mode: { readOnly: false, embedded: true, signer: 'agent', address: '0x1111111111111111111111111111111111111111' },
    staleAfterMs: {},
  };
  const app = render(<App ctx={ctx} bindings={DEFAULT_BINDINGS} level="truecolor" themeNames={listThemes()} onQuit={() => {}} />, {
    stdout: out as unknown as NodeJS.WriteStream,
    stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 1000,
  });
  const screens: CellView[][][] = [];
  let terminalDifference: string | null = 'not checked';
  try {
    await settle();
    for (let i = 0; i < sequence.length; i++) {
      const r = STEP_KINDS[sequence[i]!]!({ store, view: viewStore, i });
      if (r && 'resize' in r) {
        [cols, rows] = r.resize;
        term.resize(cols, rows);
        tty.columns = cols;
        tty.rows = rows;
        tty.emit('resize');
      }
      await settle();
      // What the terminal shows, as the renderer models it (xterm is checked against it at the end).
      screens.push(bufferCells(out.screen));
    }
    vi.useRealTimers();
    await writeTerm(term, '');
    terminalDifference = firstBufferDifference(term, out.screen);
  } finally {
    app.unmount();
    out.detach();
    term.dispose();
    vi.useRealTimers();
    if (installed.installed) installed.restore();
  }
  const stats = out.regionStats();
  return { screens, kept: stats.kept, drawn: stats.drawn, terminalDifference };
}


describe('kept regions draw what a full walk draws', () => {
  afterEach(() => vi.useRealTimers());

  const runs = Number(process.env['PERPDESK_FUZZ_RUNS'] ?? 2);
  for (let seed = 1; seed <= runs; seed++) {
    it(`seed ${seed}: the same cells after every step of 40, and regions were kept`, async () => {
      const sequence = steps(seed, 40);
      const full = await run(false, sequence);
      const kept = await run(true, sequence);
      expect(full.kept).toBe(0);
      const differences = full.screens.map((s, i) => firstCellDifference(s, kept.screens[i]!, ['full walk', 'kept regions'])).flatMap((d, i) => (d ? [`step ${i} (kind ${sequence[i]}): ${d}`] : []));
      expect(differences).toEqual([]);
      expect(kept.kept).toBeGreaterThan((kept.kept + kept.drawn) / 4);
      expect([full.terminalDifference, kept.terminalDifference]).toEqual([null, null]);
    }, 60_000);
  }
});
