import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { focusPane, focusedTitle, keys, launchTrading, sendOrder, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * `/` in a real pty on the embedded exchange: two orders on opposite sides, the orders pane
 * filtered to one as it is typed, the filter kept, `x` acting on the row the filter shows
 * (the confirm step names it), Esc giving every row back; then `/` in help searches the keys.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

const BUY_ROW = /Buy\s+100\s+2\/2/;
const SELL_ROW = /Sell\s+200\s+1\/1/;

async function openOrders() {
  const r = await d.info.userOrders(await d.address(), 1, 1);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('/ filters the focused list and searches help', () => {
  it('narrows the orders as typed, keeps the filter, cancels the filtered row, clears on Esc; help search', async () => {
    d = await launchTrading({ config: { confirm: { order: 'never', cancel: 'always' } } });
    const t = d.term;
    await waitReady(t);

    await sendOrder(t, ['b', '1', '0', '0', KEYS.tab, '2', KEYS.enter], (x) => !x.includes('New order') && BUY_ROW.test(x));
    await sendOrder(t, ['s', '2', '0', '0', KEYS.tab, '1', KEYS.enter], (x) => !x.includes('New order') && SELL_ROW.test(x) && BUY_ROW.test(x));

    // The buy is the first row: without the filter, x would cancel it.
    await focusPane(t, 'Orders');
    let s = await keys(t, ['/'], (x) => focusedTitle(x)?.includes('/▏ 2 of 2') ?? false);
    s = await keys(t, ['s', 'e', 'l', 'l'], (x) => focusedTitle(x)?.includes('/sell▏ 1 of 2') ?? false);
    expect(s).toMatch(SELL_ROW);
    expect(s).not.toMatch(BUY_ROW);
    s = await keys(t, [KEYS.enter], (x) => /Orders SOL1 \/sell 1 of 2/.test(focusedTitle(x) ?? ''));
    expect(s).not.toMatch(BUY_ROW);

    // x acts on the row the filter shows: the sell.
    s = await keys(t, ['x'], 'Cancel order: confirm');
    expect(s).toMatch(/Cancel sell 1 SOL1 @ 200 \(oid \d+/);
    await keys(t, [KEYS.enter], 'no rows match /sell');
    expect((await openOrders()).map((o) => [o.isBuy, o.limitPx])).toEqual([[true, '100']]);

    // `/` reopens it with the kept text; Esc clears it and the buy is back.
    await keys(t, ['/'], (x) => focusedTitle(x)?.includes('/sell▏') ?? false);
    s = await keys(t, [KEYS.escape], (x) => BUY_ROW.test(x) && !(focusedTitle(x) ?? '/').includes('/'));
    expect(focusedTitle(s)).toBe('Orders SOL1');

    // Help: `/` searches it, Esc gives every key back, Esc again closes it.
    s = await keys(t, ['?'], 'Help: keys');
    expect(s).toContain('Buy (new order)');
    s = await keys(t, ['/', 'c', 'a', 'n', 'c', 'e', 'l'], (x) => x.includes('Help: keys /cancel▏') && !x.includes('Buy (new order)'));
    expect(s).toContain('Cancel the selected order');
    await keys(t, [KEYS.escape], (x) => x.includes('Help: keys') && x.includes('Buy (new order)') && !x.includes('/cancel'));
    await keys(t, [KEYS.escape], (x) => !x.includes('Help: keys'));
    await t.press('q');
    expect((await t.exited).exitCode).toBe(0);
  }, 60_000);
});
