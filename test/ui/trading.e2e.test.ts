import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { closeAnswer, focusPane, keys, launchTrading, lineWith, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * Orders by keys only, in a real pty on the embedded exchange: a bad field sends nothing, a
 * limit order appears in open orders, a modify moves its price (and says what happens to its
 * queue place), a fat-finger guard needs the explicit override, cancel-all empties the book.
 * One dashboard for the whole story; /info on the same exchange checks the screen.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

async function openOrders() {
  const r = await d.info.userOrders(await d.address(), 1, 1);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('orders from the keyboard', () => {
  it('invalid field, limit order, modify, guard override and cancel all', async () => {
    d = await launchTrading({ config: { guards: { maxNotional: '500' } } });
    const t = d.term;
    await waitReady(t);

    // The form opens with the best bid and the default size; a bad field: said where and why,
    // Enter sends nothing, the journal stays empty.
    await keys(t, ['b'], /Price\s+\d+\s+best bid · Ctrl\+P/);
    let s = await keys(t, ['a', 'b', 'c'], '✕ Price: "abc" is not a decimal number');
    s = await keys(t, [KEYS.enter], 'not sent: Price: "abc" is not a decimal number');
    expect(s).not.toContain('New order: confirm');
    await keys(t, [KEYS.escape], (x) => !x.includes('New order'));
    s = await t.text();
    // Nothing was signed: the journal holds only the embedded venue's onboarding (register, approve, enroll, lock).
    expect(s).toContain('registerAccount');
    expect(s).not.toMatch(/(✓|✗|\?|…) +(Buy|Sell) /);
    expect(await openOrders()).toEqual([]);

    // A limit order: confirm step, the exchange's answer, the row in open orders.
    await keys(t, ['b', '1', '0', '0', KEYS.tab, '2'], 'Buy 2 SOL1 @ 100 Gtc');
    s = await keys(t, [KEYS.enter], 'New order: confirm');
    expect(s).toContain('Notional: 200.00 USDC');
    s = await keys(t, [KEYS.enter], /#1 resting oid \d+/);
    const oid = Number(/#1 resting oid (\d+)/.exec(s)![1]);
    // Every item succeeded: the answer is a toast in the status bar and the form closes by itself.
    expect(lineWith(s, 'TRADING')).toMatch(/✓ order answered \[req-\d+\]: #1 resting oid \d+/);
    s = await settled(t, (x) => !x.includes('New order'));
    s = await t.waitFor((x) => /Buy\s+100\s+2\/2/.test(x));
    // The journal says what was asked in trader words.
    expect(lineWith(s, /\d\d:\d\d:\d\d ✓ Buy 2 SOL1 @ 100/)).toBeDefined();
    expect(await openOrders()).toMatchObject([{ oid, limitPx: '100', sz: '2' }]);

    // Modify the price: the queue note before sending, the new price after.
    await focusPane(t, 'Orders');
    await keys(t, ['m'], 'Modify order');
    s = await keys(t, ['9', '9'], 'Queue: goes to the back of the level (the price changes)');
    s = await keys(t, [KEYS.enter], 'Modify order: confirm');
    expect(s).toContain(`Modify buy order ${oid} on SOL1: price 100 -> 99`);
    s = await keys(t, [KEYS.enter], `modified oid ${oid}: price 99, total size 2`);
    await closeAnswer(t);
    await t.waitFor((x) => /Buy\s+99\s+2\/2/.test(x));
    expect(await openOrders()).toMatchObject([{ oid, limitPx: '99' }]);

    // Same price, smaller size: keeps its place.
    await keys(t, ['m'], 'Modify order');
    await keys(t, [KEYS.tab, '1'], 'Queue: keeps queue priority (same price, smaller size)');
    await keys(t, [KEYS.enter, KEYS.enter], `modified oid ${oid}: price 99, total size 1`);
    await closeAnswer(t);
    await t.waitFor((x) => /Buy\s+99\s+1\/1/.test(x));

    // The notional guard: plain Enter does not pass it, o then Enter does.
    await keys(t, ['b', '1', '2', '0', KEYS.tab, '5'], 'Buy 5 SOL1 @ 120 Gtc');
    s = await keys(t, [KEYS.enter], 'fat-finger guards');
    expect(s).toContain('notional 600.00 USDC is above the 500.00 USDC guard (guards.maxNotional)');
    s = await keys(t, [KEYS.enter], 'not sent: a guard needs an explicit override');
    expect(await openOrders()).toHaveLength(1);
    await keys(t, ['o'], 'override armed');
    await keys(t, [KEYS.enter], /#1 resting oid \d+/);
    await closeAnswer(t);
    await t.waitFor((x) => /Buy\s+120\s+5\/5/.test(x));
    expect(await openOrders()).toHaveLength(2);

    // Cancel all: always confirmed, with the counts the exchange returns.
    s = await keys(t, ['X'], 'Cancel all orders: confirm');
    expect(s).toContain('Cancel ALL open orders on SOL1: 2 shown (2 buy, 0 sell)');
    await keys(t, [KEYS.enter], /cancelled 2 orders and 0 conditional orders \[req-\d+\]/);
    await closeAnswer(t);
    await t.waitFor('no open orders on SOL1');
    expect(await openOrders()).toEqual([]);
    s = await t.text();
    expect(lineWith(s, /\d\d:\d\d:\d\d ✓ Cancel all/)).toBeDefined();
  }, 90_000);
});
