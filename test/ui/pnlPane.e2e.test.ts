import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { focusPane, focusedInside, focusedTitle, keys, launchTrading, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * The PnL pane in a real pty on the embedded exchange (the built dist/cli.js, CI removed from
 * its environment by the harness): opened as the chart area's tab, then a buy that crosses the
 * spread. The pane reads the history store the dashboard's own recorder writes: the fee of
 * the fill shows in the figures, and the equity curve's last point (the sample the recorder
 * takes at the fill) moves off 5,000.00.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

const figure = (inside: readonly string[], label: string) => new RegExp(`${label} (\\S+)`).exec(inside.join('\n'))?.[1];
const equity = (inside: readonly string[]) => /equity ([\d,]+\.\d\d) \(/.exec(inside.join('\n'))?.[1];
/** The chart's rows: the lines with braille dots. */
const curve = (inside: readonly string[]) => inside.filter((l) => /[\u2801-\u28ff]/.test(l)).join('\n');

describe('the PnL pane', () => {
  it('shows the equity curve and the figures move after a fill', async () => {
    d = await launchTrading({ config: { confirm: { order: 'never' } } });
    const t = d.term;
    await waitReady(t);
    await focusPane(t, 'Chart');
    let s = await keys(t, [']'], (x) => focusedTitle(x) === 'PnL' && equity(focusedInside(x)) !== undefined);
    let inside = focusedInside(s);
    expect(figure(inside, 'Fees')).toBe('0.00');
    expect(figure(inside, 'Realised')).toBe('0.00');
    expect(equity(inside)).toBe('5,000.00');
    const before = curve(inside);
    expect(before).not.toBe('');

    // Buy 1 at 155, through the asks (the book's best ask is about 150): a taker fill, a fee.
    await keys(t, ['b', '1', '5', '5', KEYS.tab, '1', KEYS.enter], (x) => !x.includes('New order'));
    s = await settled(t, (x) => focusedTitle(x) === 'PnL' && figure(focusedInside(x), 'Fees') !== '0.00' && equity(focusedInside(x)) !== '5,000.00', 20_000);
    inside = focusedInside(s);
    expect(figure(inside, 'Fees')).toMatch(/^−0\.\d\d$/);
    expect(equity(inside)).toMatch(/^4,99\d\.\d\d$/);
    expect(curve(inside)).not.toBe(before);
    // The per-contract table says where it came from.
    expect(inside.join('\n')).toMatch(/SOL1 +0\.00 +[+−]?\d/);

    // v: the next period, named in the title's corner.
    s = await keys(t, ['v'], (x) => focusedTitle(x) === 'PnL' && /━ week ━/.test(x));
    expect(figure(focusedInside(s), 'Fees')).toBe(figure(inside, 'Fees'));
    await t.press('q');
    expect((await t.exited).exitCode).toBe(0);
  }, 60_000);
});
