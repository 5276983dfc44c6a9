import chalk from 'chalk';
import { render, type Instance } from 'ink';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CM_DEFAULT, CM_RGB, DIM, INVERSE, drain, screenText, snapshot, type Snapshot } from '../../bench/dashboard/screen.js';
import { SignerSet } from '../../src/client/signers.js';
import { DEFAULT_BINDINGS } from '../../src/keymap/index.js';
import { App } from '../../src/ui/app/App.js';
import type { AppContextValue } from '../../src/ui/context/AppContext.js';
import type { ContentPaneId } from '../../src/ui/panes/paneProps.js';
import { PANE_TITLES } from '../../src/ui/panes/paneDefs.js';
import { fullStore } from './support/paneFixtures.js';
import { DiffingStdout } from '../../src/ui/render/DiffingStdout.js';
import { installFastAssembly } from '../../src/ui/render/installFastAssembly.js';
import { applyColorLevel } from '../../src/ui/theme/applyColorLevel.js';
import { ansi256Rgb, colorRgb, contrastRatio, type Rgb } from '../../src/ui/theme/contrast.js';
import { listThemes, loadTheme } from '../../src/ui/theme/loadTheme.js';
import { LOW_EMPHASIS_RATIO, LOW_EMPHASIS_TOKENS, TERMINAL_DEFAULTS, TEXT_RATIO, shownColors } from '../../src/ui/theme/readability.js';
import type { ColorLevel, Theme } from '../../src/ui/theme/tokens.js';
import { createViewStore, view, type ViewStore } from '../../src/ui/view/viewStore.js';
import { FakeTty } from './render/inkFixtures.js';
import { createTerminal } from './render/xtermScreen.js';
import { FakeStdin } from './support/virtualTerminal.js';

/**
 * Every theme on a terminal model: the dashboard rendered as the app ships it
 * (changed-cells output, fast frame assembly), and through ink's own output, into a
 * headless xterm, at each colour level, over every pane, overlay and form. Every cell of
 * the frame is read back: a theme with colours must paint the background of every cell
 * with one of its own backgrounds, and every character must meet its contrast on a dark
 * and on a light terminal alike (colours the theme leaves unset are the terminal's own).
 */

type Renderer = 'changed cells' | 'ink';

const savedLevel = chalk.level;
afterAll(() => {
  chalk.level = savedLevel;
});

let running: { instance: Instance; dispose: () => void } | undefined;
afterEach(() => {
  running?.instance.unmount();
  running?.instance.cleanup();
  running?.dispose();
  running = undefined;
});

function session(): AppContextValue['session'] {
  const exchange = {
    signers: new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' }),
    newCloid: () => '1',
    submit: async () => ({ ok: true as const, statuses: [], requestId: 'r', nonce: 1, signer: { role: 'agent' as const, address: '0x0' }, cloids: [] }),
  };
  // Anything else the dashboard asks of its session (feeds, polls) does nothing here.
  const idle = () => () => {};
  // Not a replay: no replay feed (a function here would read as one).
  return new Proxy({ exchange, replay: undefined, recorder: undefined } as Record<string | symbol, unknown>, { get: (t, k) => (k in t ? t[k] : idle) }) as unknown as AppContextValue['session'];
}

interface Started {
  term: ReturnType<typeof createTerminal>;
  ctx: AppContextValue;
  viewStore: ViewStore;
  waitFor: (text: string) => Promise<void>;
  press: (key: string) => Promise<void>;
}

function start(themeName: string, level: ColorLevel, o: { cols?: number; rows?: number; renderer?: Renderer; dirs?: readonly string[] } = {}): Started {
  const cols = o.cols ?? 120;
  const rows = o.rows ?? 40;
  applyColorLevel(level);
  const term = createTerminal(cols, rows);
  const stdout = o.renderer === 'ink' ? new FakeTty(cols, rows, term) : new DiffingStdout({ write: (d: string) => term.write(d), columns: cols, rows });
  const stdin = new FakeStdin();
  const viewStore: ViewStore = createViewStore({ themeName });
  const ctx: AppContextValue = {
    store: fullStore(),
    view: viewStore,
    session: session(),
    mode: { readOnly: false, embedded: true, signer: 'agent', address: '0x1111111111111111111111111111111111111111' },
    staleAfterMs: {},
  };
  const dirs = o.dirs ? { themeDirs: o.dirs } : {};
  const instance = render(<App ctx={ctx} bindings={DEFAULT_BINDINGS} level={level} themeNames={listThemes(o.dirs)} {...dirs} onQuit={() => {}} />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stdout as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 30,
  });
  running = { instance, dispose: () => term.dispose() };
  const waitFor = async (text: string) => {
    for (const until = Date.now() + 5_000; ; ) {
      await drain(term);
      const s = screenText(term);
      if (s.includes(text)) return;
      if (Date.now() > until) throw new Error(`timed out waiting for ${text}; screen was:\n${s}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const press = async (key: string) => {
    stdin.send(key);
    await new Promise((r) => setTimeout(r, 30));
  };
  return { term, ctx, viewStore, waitFor, press };
}

function rgbOf(color: number): Rgb | undefined {
  if (color === CM_DEFAULT) return undefined;
  const value = color & 0xffffff;
  if ((color & CM_RGB) === CM_RGB) return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return ansi256Rgb(value);
}

const key = (rgb: Rgb | undefined) => (rgb ? `rgb(${rgb.join(',')})` : 'default');

function themeOf(name: string, level: ColorLevel, dirs?: readonly string[]): Theme {
  const r = loadTheme(name, { level, ...(dirs ? { dirs } : {}) });
  if (!r.ok) throw new Error(r.error);
  return r.theme;
}

/**
 * Every cell of the frame (the given rows, by default all but the terminal's last, which
 * the app leaves empty) that is not painted by the theme or not readable, grouped by
 * colour pair so the message stays short.
 */
function problems(s: Snapshot, theme: Theme, rows: readonly number[] = Array.from({ length: s.rows - 1 }, (_, y) => y)): string[] {
  const tokens = Object.values(theme.tokens);
  const painted = tokens.some((t) => t.color !== undefined || t.backgroundColor !== undefined);
  // The backgrounds the theme has: a cell on any other shows a stale or foreign colour.
  const grounds = new Set(tokens.flatMap((t) => (t.backgroundColor ? [key(colorRgb(t.backgroundColor))] : [])));
  // A cell does not say which token drew it; its colour does, for the 3:1 tokens.
  const lowRgb = LOW_EMPHASIS_TOKENS.flatMap((t) => (theme.tokens[t].color ? [key(colorRgb(theme.tokens[t].color!))] : []));
  const found = new Map<string, { count: number; first: string }>();
  const note = (what: string, where: string) => {
    const f = found.get(what);
    if (f) f.count += 1;
    else found.set(what, { count: 1, first: where });
  };
  for (const y of rows) {
    for (let x = 0; x < s.cols; x++) {
      const i = y * s.cols + x;
      if (s.width[i] === 0) continue;
      const ch = s.chars[i]!;
      const where = `${x},${y} '${ch}'`;
      const fg = rgbOf(s.fg[i]!);
      const bg = rgbOf(s.bg[i]!);
      if (painted && !bg) note('background left to the terminal', where);
      if (painted && bg && !grounds.has(key(bg))) note(`background ${key(bg)} is none of the theme's`, where);
      if (!painted && bg) note(`background ${key(bg)} on a theme without colours`, where);
      if (ch === ' ') continue;
      const flags = s.flags[i]!;
      const dim = (flags & DIM) !== 0;
      const min = dim || lowRgb.includes(key(fg)) ? LOW_EMPHASIS_RATIO : TEXT_RATIO;
      for (const terminal of TERMINAL_DEFAULTS) {
        const shown = shownColors(fg, bg, { dim, inverse: (flags & INVERSE) !== 0 }, terminal);
        const ratio = contrastRatio(shown.fg, shown.bg);
        if (ratio < min) note(`fg ${key(fg)} on bg ${key(bg)}${dim ? ' dim' : ''}, ${terminal.name}: ${ratio.toFixed(2)}:1 < ${min}:1`, where);
      }
    }
  }
  return [...found].map(([k, v]) => `${theme.name} (${theme.level}): ${k} — ${v.count} cells, first at ${v.first}`);
}

/**
 * Rows of the panes drawn as one bar of a highlight token (selection, book cursor): at
 * least 20 cells on its background, or inverse where the token has no background. A highlight whose
 * background gives way to the surface's under the text is not there for the user.
 */
function highlightRows(s: Snapshot, theme: Theme, token: 'selection' | 'cursor'): number {
  const style = theme.tokens[token];
  const bg = style.backgroundColor ? key(colorRgb(style.backgroundColor)) : undefined;
  if (!bg && !style.inverse) return 1;
  let n = 0;
  // Between the header and the status bar, which may be inverse too.
  for (let y = 1; y < s.rows - 3; y++) {
    let cells = 0;
    for (let x = 0; x < s.cols; x++) {
      const i = y * s.cols + x;
      if (bg ? key(rgbOf(s.bg[i]!)) === bg : (s.flags[i]! & INVERSE) !== 0) cells += 1;
    }
    if (cells >= 20) n += 1;
  }
  return n;
}

/** Panes with a selected row while focused, and the book with its price cursor. */
const HIGHLIGHTED: Partial<Record<ContentPaneId, 'selection' | 'cursor'>> = {
  book: 'cursor',
  orders: 'selection',
  positions: 'selection',
  account: 'selection',
  fills: 'selection',
  journal: 'selection',
  shareGroups: 'selection',
  agents: 'selection',
};

const CONTENT_PANES: readonly ContentPaneId[] = ['book', 'chart', 'heatmap', 'trades', 'orders', 'positions', 'account', 'fills', 'journal', 'shareGroups', 'agents'];

/**
 * The screens a user can reach, each checked as it shows: the dashboard with a status
 * message and stale panes, every pane zoomed and focused (its selected row or the book's
 * cursor must show as a bar of the highlight), each overlay and a form with an error.
 * `brief` keeps to the dashboard, its tab strips and a form (the smaller size, and ink's
 * own output, which is slow to read back whole).
 */
async function tour(app: Started, theme: Theme, brief = false): Promise<string[]> {
  const seen: string[] = [];
  const check = async (what: string) => {
    await drain(app.term);
    seen.push(...problems(snapshot(app.term), theme).map((p) => `${what}: ${p}`));
  };
  await app.waitFor('Book SOL1');
  await app.waitFor('EMBEDDED');
  view.notify(app.viewStore, 'order rejected: price off the book', 'error');
  await app.waitFor('✕ order rejected');
  await check('dashboard');
  if (brief) {
    await app.press(']');
    await check('next tab');
  } else {
    app.ctx.store.setState((s) => ({
      session: {
        ...s.session,
        channels: { 'l2Book:1': 'stale', 'trades:1': 'resyncing', userFills: 'down', 'candle:1:1m': 'live' },
        staleness: { book: true, trades: true, candles: true, orders: true, fills: true, account: true },
      },
    }));
    await app.waitFor('⏸ stale');
    await check('stale panes');
    for (const pane of CONTENT_PANES) {
      app.viewStore.setState({ focus: pane, zoom: pane });
      await app.waitFor(`━ ${PANE_TITLES[pane]}`);
      // The heatmap's grid (its legend names the price a row spans once there is one), not its waiting words.
      if (pane === 'heatmap') await app.waitFor(' row ');
      if (pane === 'book') {
        await app.press('k');
        expect(app.viewStore.getState().bookCursorRaw).not.toBeNull();
        // Past the next frame (30 a second at most), so the cursor line is on screen.
        await new Promise((r) => setTimeout(r, 60));
      }
      await check(`${pane} zoomed`);
      const highlight = HIGHLIGHTED[pane];
      if (highlight && highlightRows(snapshot(app.term), theme, highlight) === 0) seen.push(`${pane} zoomed: ${theme.name} (${theme.level}): not one line shows the ${highlight}`);
    }
    app.viewStore.setState({ focus: 'book', zoom: null });
    await app.press(':');
    await app.waitFor('Command palette');
    await check('palette');
    view.closeOverlay(app.viewStore);
    await app.press('?');
    await app.waitFor('Help: keys');
    await check('help');
    view.closeOverlay(app.viewStore);
    view.openListOverlay(app.viewStore, { kind: 'picker' });
    await app.waitFor('(current)');
    await check('contract picker');
    view.closeOverlay(app.viewStore);
    app.viewStore.setState({ focus: 'orders' });
    await app.press('.');
    await app.waitFor('Orders: oid');
    await check('row menu');
    view.closeOverlay(app.viewStore);
    app.viewStore.setState({ focus: 'book' });
    view.openOverlay(app.viewStore, { kind: 'quitConfirm' });
    await app.waitFor('Quit anyway?');
    await check('quit question');
    view.closeOverlay(app.viewStore);
    view.openOverlay(app.viewStore, { kind: 'message', title: 'Order rejected', body: 'price is off the book by more than 80%', tone: 'error' });
    await app.waitFor('more than 80%');
    await check('error message');
    view.closeOverlay(app.viewStore);
  }
  await app.press('b');
  await app.press('x');
  await app.waitFor('is not a decimal number');
  await check('order form');
  return seen;
}

const LEVELS = ['truecolor', '256', '16'] as const;
const THEMES = listThemes();

describe('every theme on screen', () => {
  let restoreAssembly: (() => void) | undefined;
  beforeAll(async () => {
    const r = await installFastAssembly();
    if (r.installed) restoreAssembly = r.restore;
  });
  afterAll(() => restoreAssembly?.());

  it('the shipped themes are the ones checked here', () => {
    expect(THEMES).toEqual(expect.arrayContaining(['dark', 'light', 'high-contrast', 'mono']));
  });

  for (const name of THEMES) {
    for (const level of LEVELS) {
      it(`${name} at ${level}, 120x40: panes, bars, overlays and forms painted and readable`, { timeout: 60_000 }, async () => {
        const app = start(name, level);
        expect(await tour(app, themeOf(name, level))).toEqual([]);
      });
    }
    it(`${name} at 80x24 (tab strips): painted and readable`, async () => {
      const app = start(name, 'truecolor', { cols: 80, rows: 24 });
      expect(await tour(app, themeOf(name, 'truecolor'), true)).toEqual([]);
    });
  }

  for (const level of LEVELS) {
    it(`high-contrast at ${level}: the header and the status bar are not white on white`, async () => {
      const app = start('high-contrast', level);
      await app.waitFor('EMBEDDED');
      view.notify(app.viewStore, 'order rejected: price off the book', 'error');
      await app.waitFor('✕ order rejected');
      await drain(app.term);
      const s = snapshot(app.term);
      const bars = [0, s.rows - 3, s.rows - 2];
      // The bars hold text (labels, prices, connection, the message, the key hints) to judge.
      const text = bars.map((y) => s.chars.slice(y * s.cols, (y + 1) * s.cols).join('').trim());
      expect(text[0]).toMatch(/SOL1 +mark .*EMBEDDED/);
      expect(text[1]).toMatch(/TRADING .*order rejected/);
      expect(text[2]).toContain('? help');
      expect(problems(s, themeOf('high-contrast', level), bars)).toEqual([]);
    });
  }

  it('mono: the header, the account strip and the status bar are inverse from edge to edge, a long message included', async () => {
    const app = start('mono', 'none', { cols: 100, rows: 30 });
    await app.waitFor('EMBEDDED');
    view.notify(app.viewStore, 'embedded exchange: account funded, collateral locked, agent approved, and more words than fit', 'success');
    await app.waitFor('embedded exchange: account');
    await drain(app.term);
    const s = snapshot(app.term);
    for (const y of [0, s.rows - 3]) {
      const plain = Array.from({ length: s.cols }, (_, x) => x).filter((x) => (s.flags[y * s.cols + x]! & INVERSE) === 0);
      expect(plain, `row ${y} cells not inverse`).toEqual([]);
    }
  });

  it('switching themes with T repaints every cell in the new theme (no background of the old one left)', async () => {
    const app = start('dark', 'truecolor');
    await app.waitFor('Book SOL1');
    const order = [...THEMES.slice(THEMES.indexOf('dark') + 1), ...THEMES.slice(0, THEMES.indexOf('dark') + 1)];
    for (const name of order) {
      await app.press('T');
      expect(app.viewStore.getState().themeName).toBe(name);
      const theme = themeOf(name, 'truecolor');
      // The frame follows within a few renders; it must end up wholly in the new theme.
      let last: string[] = [];
      for (const until = Date.now() + 3_000; Date.now() < until; ) {
        await drain(app.term);
        last = problems(snapshot(app.term), theme);
        if (last.length === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(last).toEqual([]);
    }
  });
});

describe("every theme on screen through ink's own output (PERPDESK_RENDERER=ink)", () => {
  for (const name of THEMES) {
    it(`${name} at truecolor: dashboard, tabs and a form painted and readable`, async () => {
      const app = start(name, 'truecolor', { renderer: 'ink' });
      expect(await tour(app, themeOf(name, 'truecolor'), true)).toEqual([]);
    });
  }
});
