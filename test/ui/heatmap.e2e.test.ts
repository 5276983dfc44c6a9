import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { focusPane, focusedInside, focusedTitle, keys, launchTrading, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * The heatmap in a real pty on the embedded exchange (the built dist/cli.js, CI removed from
 * its environment by the harness): opened as a tab of the chart's area, it already shows the
 * seconds of book since the screen opened (the screen samples while the pane is hidden).
 * Then a buy rests far larger than any level near it: the newest column at its price turns
 * full ('█') next to the own-order mark, and the same row's older seconds, where only the
 * market's own size rested, turn light against the new largest size. `v` widens the columns.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

const SHADE = /[░▒▓█]/;
/** The grid's row with the own-order mark (the legend's, the first row, names it). */
const ownRow = (inside: readonly string[]) => inside.slice(1).find((l) => l.includes('◆'));

describe('the heatmap pane', () => {
  it('shows the book over time, and its shades move with the book', async () => {
    d = await launchTrading({ config: { confirm: { order: 'never' } } });
    const t = d.term;
    await waitReady(t);
    await focusPane(t, 'Chart');
    const isHeatmap = (x: string) => focusedTitle(x) === 'Heatmap';
    // The chart's area: Chart, PnL, Heatmap.
    await keys(t, [']'], (x) => focusedTitle(x) === 'PnL');
    let s = await keys(t, [']'], (x) => isHeatmap(x) && focusedInside(x).filter((l) => SHADE.test(l)).length >= 4);
    let inside = focusedInside(s);
    expect(inside.at(-1)).toMatch(/^−\d+s +now/);
    expect(ownRow(inside)).toBeUndefined();
    // The screen sampled before the pane was shown: more than one column of shade already.
    expect(inside.some((l) => /[░▒▓█]{2}/.test(l))).toBe(true);

    // Buy 200 at 147, below the best bid (about 149): it rests, the largest size on the grid.
    await keys(t, ['b', '1', '4', '7', KEYS.tab, '2', '0', '0', KEYS.enter], (x) => !x.includes('New order'));
    s = await settled(t, (x) => isHeatmap(x) && /█◆/.test(ownRow(focusedInside(x)) ?? '') && /[░▒]+█+◆/.test(ownRow(focusedInside(x)) ?? ''), 20_000);
    inside = focusedInside(s);
    // The row's older seconds hold the market's size alone: a light shade now that 200 more rests there.
    expect(ownRow(inside)).toMatch(/[░▒][░▒]*█+◆/);
    // v: five seconds a column, the span under the grid five times as long.
    s = await keys(t, ['v'], (x) => isHeatmap(x) && x.includes('5s/col'));
    expect(focusedInside(s).at(-1)).toMatch(/^−\dm\d\ds +now/);
    await t.press('q');
    expect((await t.exited).exitCode).toBe(0);
  }, 60_000);
});
