import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { computeLayout, type Layout, type PaneId } from '../../src/ui/app/layout.js';
import { listThemes } from '../../src/ui/theme/loadTheme.js';
import { frameViolations, type Grid } from '../support/paneFrame.js';
import { extremeHistory } from './support/extremeHistory.js';
import { CONTENTS, extremeStore, type Contents } from './support/extremeStores.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * The layout invariant on ink's real output: at every size, theme, focus and tab, and with
 * pane contents at their extremes, every pane's frame is exactly the rectangle the layout
 * gave it and the status bar is the root's last row. Focus moves between checks because a
 * pane's frame changing shape on focus is where frames used to lose their last row.
 */

let app: RenderedApp | undefined;
let history: ReturnType<typeof extremeHistory> | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  history?.close();
  history = undefined;
});

const THEMES = listThemes();
const POINTS = [0, 1, 2, 500] as const;

interface Case {
  cols: number;
  rows: number;
  theme: string;
  contents: Contents;
  points: number;
  /** Per area with tabs: which tab is chosen before focus moves. */
  tabSeed: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function focusedCornerShown(grid: Grid, layout: Layout, pane: PaneId): boolean {
  const area = layout.panes.find((p) => p.tabs.includes(pane));
  return !!area && grid[area.y]?.[area.x] === '┏';
}

async function settledViolations(a: RenderedApp, layout: Layout, focus: PaneId): Promise<{ violations: string[]; screen: string }> {
  const deadline = Date.now() + 3_000;
  let grid = await a.vt.grid();
  while (!focusedCornerShown(grid, layout, focus) && Date.now() < deadline) {
    await pause(15);
    grid = await a.vt.grid();
  }
  // Two more throttled frames (30 fps) so a late layout pass is seen too.
  await pause(80);
  grid = await a.vt.grid();
  return { violations: frameViolations(grid, layout), screen: grid.map((r) => r.join('')).join('\n') };
}

async function checkCase(c: Case): Promise<void> {
  const layout = computeLayout(c.cols, c.rows);
  const activeTab: Record<string, PaneId> = {};
  layout.panes.forEach((p, i) => {
    if (p.tabs.length > 1) activeTab[p.id] = p.tabs[(c.tabSeed + i) % p.tabs.length]!;
  });
  const first = layout.focusOrder[0]!;
  const store = extremeStore(c.contents, c.points);
  // The trading-memory panes over a store of the same account (none for the empty one: "no history recorded").
  history = c.contents === 'empty' ? undefined : extremeHistory(store);
  app = renderApp({ cols: c.cols, rows: c.rows, store, view: { themeName: c.theme, activeTab, focus: first }, ...(history ? { history: history.reader } : {}) });
  const label = `${c.cols}x${c.rows} ${c.theme} ${c.contents} ${c.points} points`;
  // Every pane of every area takes focus once (a tabbed area shows the focused tab).
  const order = [...new Set([first, ...layout.panes.flatMap((p) => (p.id === 'header' || p.id === 'status' ? [] : p.tabs))])];
  for (const pane of order) {
    app.view.setState({ focus: pane });
    const { violations, screen } = await settledViolations(app, layout, pane);
    expect(violations, `${label}, focus ${pane}:\n${screen}`).toEqual([]);
  }
  app.unmount();
  app = undefined;
  history?.close();
  history = undefined;
}

describe('layout invariant on the rendered frame', () => {
  it('holds at the corner sizes, with the chart focused after the book', async () => {
    for (const [cols, rows] of [
      [80, 24],
      [120, 40],
      [100, 30],
      [200, 60],
      [240, 70],
    ] as const) {
      await checkCase({ cols, rows, theme: 'dark', contents: 'overflow', points: 500, tabSeed: 0 });
    }
  }, 120_000);

  it('holds for every size, focus, tab, theme and pane contents (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          cols: fc.integer({ min: 80, max: 240 }),
          rows: fc.integer({ min: 24, max: 70 }),
          theme: fc.constantFrom(...THEMES),
          contents: fc.constantFrom(...CONTENTS),
          points: fc.constantFrom(...POINTS),
          tabSeed: fc.nat(6),
        }),
        checkCase,
      ),
      // 5 in npm test; PERPDESK_FUZZ_RUNS for more.
      { numRuns: Number(process.env['PERPDESK_FUZZ_RUNS'] ?? 5), seed: 1324 },
    );
  }, 300_000);
});
