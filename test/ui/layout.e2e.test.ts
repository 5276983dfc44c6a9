import { afterEach, describe, expect, it } from 'vitest';
import { computeLayout } from '../../src/ui/app/layout.js';
import { frameViolations } from '../support/paneFrame.js';
import { KEYS } from '../support/terminal.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';

/**
 * The layout invariant in a real pty over 15 s of live market: the candle chart full of
 * history from the start, focus cycling through every pane again and again, and every
 * screen read has each pane's frame exactly where the layout put it.
 */

let dash: Dashboard | undefined;
afterEach(async () => {
  await dash?.stop();
  dash = undefined;
});

// Every pane focused at least twice while the market moves; the chart has its history from the first frame.
const RUN_MS = 15_000;
const COLS = 120;
const ROWS = 40;

describe('layout over a live market', () => {
  it(
    'keeps every pane frame whole for 15 s while focus cycles through every pane',
    async () => {
      dash = launchDashboard([], { cols: COLS, rows: ROWS });
      const t = dash.term;
      await t.waitFor((s) => s.includes('Book SOL1') && /● ws/.test(s), 20_000);
      const layout = computeLayout(COLS, ROWS);
      const order = layout.focusOrder;
      const started = Date.now();
      let focus = 0;
      let checks = 0;
      let sawChart = false;
      while (Date.now() - started < RUN_MS) {
        await t.press(KEYS.tab);
        focus = (focus + 1) % order.length;
        const area = layout.panes.find((p) => p.id === order[focus])!;
        // The focused frame is drawn heavy: wait for it, then read that same screen.
        const deadline = Date.now() + 5_000;
        let grid = await t.grid();
        while (grid[area.y]?.[area.x] !== '┏' && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 50));
          grid = await t.grid();
        }
        const screen = grid.map((r) => r.join('')).join('\n');
        expect(frameViolations(grid, layout), `focus ${order[focus]} after ${Math.round((Date.now() - started) / 1000)} s:\n${screen}`).toEqual([]);
        checks += 1;
        // A chart with bars has price labels on its axis ("┤ 151").
        if (/┤ \d/.test(screen)) sawChart = true;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(checks).toBeGreaterThan(order.length * 2);
      expect(sawChart).toBe(true);
      await t.press('q');
      expect((await t.exited).exitCode).toBe(0);
    },
    RUN_MS + 60_000,
  );
});
