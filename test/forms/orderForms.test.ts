import { describe, expect, it } from 'vitest';
import { blockerLines, confirmPlan, pressKey, evaluateForm, FORMS, initialTexts, parseBatchLines, queuePriorityNote, type FormContext, type FormSpec } from '../../src/forms/index.js';
import { isCommandId } from '../../src/keymap/index.js';
import { build, parseAction } from '../../src/protocol/wire/index.js';
import { account, BTC1, BTC_BOOK, ctx, ETH1, openOrder, position, SOL1 } from './fixtures.js';

function run(spec: FormSpec, texts: Record<string, string>, c: FormContext = ctx()) {
  const e = evaluateForm(spec, { ...initialTexts(spec, c), ...texts }, c);
  if (e.built) expect(parseAction(e.built.action).ok).toBe(true);
  return e;
}

describe('order form', () => {
  it('builds a limit order with the wire strings of the contract', () => {
    const e = run(FORMS.order, { side: 'Buy', type: 'Gtc', price: '150', size: '3' });
    expect(e.ready).toBe(true);
    expect(e.built!.action).toEqual({ type: 'order', grouping: 'na', orders: [{ a: 1, b: true, p: '150', s: '3', r: false, t: { limit: { tif: 'Gtc' } } }] });
    expect(e.built!.action).toEqual(build.order([{ contractId: 1, isBuy: true, price: '150', size: '3', reduceOnly: false, tif: 'Gtc' }]));
    expect(e.built!.summary[0]).toBe('Buy 3 SOL1 @ 150 Gtc');
  });

  it('formats scaled contracts in their shortest form and carries reduce-only and cloid', () => {
    const c = ctx({ contract: BTC1, book: BTC_BOOK, markPx: '60000' });
    const e = run(FORMS.order, { side: 'sell', type: 'Ioc', price: '60000.50', size: '0.250', reduceOnly: 'yes', cloid: '42' }, c);
    expect(e.built!.action).toMatchObject({ orders: [{ a: 2, b: false, p: '60000.5', s: '0.25', r: true, t: { limit: { tif: 'Ioc' } }, c: '42' }] });
  });

  it('a market order hides and drops the price', () => {
    const e = run(FORMS.order, { type: 'Market', price: 'not a price', size: '1' });
    expect(e.ready).toBe(true);
    expect(e.fields.find((f) => f.key === 'price')!.visible).toBe(false);
    expect(e.built!.action).toMatchObject({ orders: [{ t: { market: {} } }] });
    expect((e.built!.action as { orders: object[] }).orders[0]).not.toHaveProperty('p');
  });

  it('says which field is wrong and why, before anything is built', () => {
    const e = run(FORMS.order, { price: '150.5', size: '0' });
    expect(e.ready).toBe(false);
    expect(e.built).toBeUndefined();
    expect(e.errors).toEqual(['Price: must be a whole number', 'Size: size must be positive']);
    expect(e.fields.find((f) => f.key === 'price')!.error).toBe('Price: must be a whole number');
  });

  it('refuses a cloid an open order already carries', () => {
    const e = run(FORMS.order, { price: '150', size: '1', cloid: '77' }, ctx({ openOrders: [openOrder({ oid: 9, cloid: '77' })] }));
    expect(e.errors).toEqual(['Cloid: already used by open order 9']);
  });

  it('a FROZEN share group takes only reduce-only orders in PORTFOLIO mode', () => {
    const group = { groupId: 1, coinId: 0, balance: '1000000000', equity: '1000000000', frozen: true, maintenanceMargin: '0', available: '1000000000' };
    const short = position({ contractId: 1, isBuy: false, size: '1', entryPx: '150', entryValue: '150' });
    const frozen = ctx({ account: account({ marginShareType: 'PORTFOLIO', shareGroups: [group] }), positions: [short] });
    // The form is complete; the confirm step says why the exchange would refuse it and what would do.
    const plain = run(FORMS.order, { price: '150', size: '1' }, frozen);
    expect(plain.ready).toBe(true);
    expect(blockerLines(confirmPlan(FORMS.order, plain, frozen), pressKey((cmd) => (cmd === 'collateral.move' ? 'C' : undefined)))).toEqual([
      'share group 1 is FROZEN, so only reduce-only orders are accepted on SOL1: press C to add collateral to the group, or make the order reduce-only',
    ]);
    const reducing = run(FORMS.order, { side: 'Buy', price: '150', size: '1', reduceOnly: 'yes' }, frozen);
    expect(confirmPlan(FORMS.order, reducing, frozen).blockers).toEqual([]);
    // UNIFIED: the group's freeze does not apply, the order draws on the deployer pool.
    const unified = ctx({ account: account({ shareGroups: [group] }) });
    expect(confirmPlan(FORMS.order, run(FORMS.order, { price: '150', size: '1' }, unified), unified).blockers).toEqual([]);
  });

  it('needs a contract; one that is not active is a blocker of the confirm step', () => {
    expect(run(FORMS.order, {}, ctx({ contract: undefined })).blocked).toBe('select a contract first');
    const delisted = ctx({ contract: { ...SOL1, name: 'DOGE0', status: 'Delisted' } });
    const e = run(FORMS.order, { price: '150', size: '1' }, delisted);
    expect(e.blocked).toBeUndefined();
    const plan = confirmPlan(FORMS.order, e, delisted);
    expect(plan.show).toBe(true);
    expect(blockerLines(plan, pressKey((cmd) => (cmd === 'contract.pick' ? 'p' : undefined)))).toEqual(['DOGE0 is not active (Delisted): press p to pick an active contract']);
  });

  it('not enrolled in the contract\'s deployer: a blocker naming the deployer, with enrollment prefilled', () => {
    const eth = ctx({ contract: ETH1, book: undefined, markPx: '3000' });
    const e = run(FORMS.order, { price: '3000', size: '1' }, eth);
    const plan = confirmPlan(FORMS.order, e, { ...eth, settings: { confirm: { policy: 'never' } } });
    // The policy would skip the step: a known refusal shows it anyway.
    expect(plan.show).toBe(true);
    expect(plan.blockers.map((b) => b.blocker.action)).toEqual([{ command: 'deployer.enroll', text: 'enroll', params: { deployer: '2' } }]);
    expect(blockerLines(plan, pressKey(() => 'E'))).toEqual(['not enrolled in deployer 2: press E to enroll']);
    expect(blockerLines(plan)).toEqual(['not enrolled in deployer 2: enroll from the command palette']);
  });

  it('reduce-only with nothing to reduce, and post-only that would cross, are blockers', () => {
    const ro = run(FORMS.order, { side: 'Sell', price: '150', size: '1', reduceOnly: 'yes' });
    expect(blockerLines(confirmPlan(FORMS.order, ro, ctx()))).toEqual(['reduce-only with no long position to reduce: turn reduce-only off']);
    const alo = run(FORMS.order, { side: 'Buy', type: 'Alo', price: '151', size: '1' });
    expect(blockerLines(confirmPlan(FORMS.order, alo, ctx()))).toEqual([
      'post-only (Alo) at 151 would cross the book at 151, and the exchange rejects it whole: choose Gtc, or a price that does not cross',
    ]);
  });

  it('every command a blocker names is a command of the keymap', () => {
    const commands = new Set<string>();
    const cases: FormContext[] = [
      ctx({ contract: { ...SOL1, status: 'Delisted' } }),
      ctx({ contract: ETH1, book: undefined, markPx: '3000' }),
      ctx({ account: account({ marketDeployers: [{ ...account().marketDeployers[0]!, available: '0' }] }) }),
      ctx({ account: account({ marginShareType: 'PORTFOLIO', shareGroups: [{ groupId: 1, coinId: 0, balance: '0', equity: '0', frozen: true }] }) }),
    ];
    for (const c of cases) {
      for (const b of confirmPlan(FORMS.order, run(FORMS.order, { price: c.contract === ETH1 ? '3000' : '150', size: '1' }, c), c).blockers) if (b.blocker.action) commands.add(b.blocker.action.command);
    }
    expect([...commands].sort()).toEqual(['collateral.move', 'contract.pick', 'deployer.enroll']);
    for (const id of commands) expect(isCommandId(id)).toBe(true);
  });

  it('opens with the default size for the contract', () => {
    expect(initialTexts(FORMS.order, ctx({ settings: { defaultSize: { SOL1: '5' } } }))['size']).toBe('5');
    expect(initialTexts(FORMS.order, ctx())['size']).toBe('1');
  });

  it('confirm gives the pre-trade summary of the order', () => {
    const c = ctx();
    const e = run(FORMS.order, { side: 'Buy', price: '152', size: '4' }, c);
    const [pt] = FORMS.order.confirm!(e.values as never, c);
    expect(pt!.notional).toBe(606_000_000n);
    expect(pt!.fill.filled).toBe(4n);
  });
});

describe('batch order form', () => {
  it('parses one order a line, with tif, reduce-only, market and cloid', () => {
    const e = run(FORMS.orderBatch, { lines: 'buy 2 @ 150\n\n# comment\nsell 1 @ 151 ioc ro\nb 1 market\ns 3 @ 160 alo c=42' });
    expect(e.ready).toBe(true);
    const orders = (e.built!.action as { orders: unknown[] }).orders;
    expect(orders).toEqual([
      { a: 1, b: true, p: '150', s: '2', r: false, t: { limit: { tif: 'Gtc' } } },
      { a: 1, b: false, p: '151', s: '1', r: true, t: { limit: { tif: 'Ioc' } } },
      { a: 1, b: true, s: '1', r: false, t: { market: {} } },
      { a: 1, b: false, p: '160', s: '3', r: false, t: { limit: { tif: 'Alo' } }, c: '42' },
    ]);
    expect(e.built!.summary[1]).toBe('#2 Sell 1 SOL1 @ 151 Ioc, reduce-only');
    expect(FORMS.orderBatch.confirm!(e.values as never, ctx())).toHaveLength(4);
  });

  it('reports each bad line by its number', () => {
    const results = parseBatchLines('buy 2 @ 150\nhold 1 @ 2\nsell 1.5 @ 150\nbuy 1\nbuy 1 @ 150 gtc ioc', SOL1);
    expect(results.map((r) => (r.ok ? 'ok' : r.error))).toEqual([
      'ok',
      'line 2: Side: start with buy or sell, not "hold"',
      'line 3: Size: must be a whole number',
      "line 4: Price: missing (write '@ <price>' or 'market')",
      'line 5: Type: more than one of gtc/ioc/alo',
    ]);
    const e = run(FORMS.orderBatch, { lines: 'buy 2 @ 150\nhold 1 @ 2' });
    expect(e.errors).toEqual(['Orders: line 2: Side: start with buy or sell, not "hold"']);
  });

  it('allows at most 10 orders and no repeated cloid', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `buy 1 @ ${100 + i}`).join('\n');
    expect(run(FORMS.orderBatch, { lines: eleven }).errors).toEqual(['Orders: at most 10 per request (11 lines)']);
    expect(run(FORMS.orderBatch, { lines: 'buy 1 @ 1 c=5\nbuy 1 @ 2 c=5' }).errors).toEqual(['Orders line 2: Cloid: 5 appears twice in this batch']);
    expect(run(FORMS.orderBatch, { lines: '' }).errors).toEqual(['Orders: write at least one order']);
  });
});

describe('modify form', () => {
  const order = openOrder({ oid: 31, isBuy: true, limitPx: '145', sz: '3', origSz: '4', cloid: '8' });
  const c = ctx({ selectedOrder: order, openOrders: [order] });

  it('queue priority: kept only for the same price and a smaller total size', () => {
    expect(queuePriorityNote(order, undefined, '3')).toBe('keeps queue priority (same price, smaller size)');
    expect(queuePriorityNote(order, '145.0', '3.5')).toBe('keeps queue priority (same price, smaller size)');
    expect(queuePriorityNote(order, '144', '3')).toBe('goes to the back of the level (the price changes)');
    expect(queuePriorityNote(order, undefined, '5')).toBe('goes to the back of the level (the size grows)');
    expect(queuePriorityNote(order, undefined, '3', { tif: 'Alo' })).toBe('goes to the back of the level (the tif changes)');
    expect(queuePriorityNote(order, undefined, undefined, { cloid: '9' })).toBe('goes to the back of the level (the cloid changes)');
    expect(queuePriorityNote(order, undefined, '4')).toBe('goes to the back of the level (the size does not shrink)');
  });

  it('sends only the fields that change and says what happens to the queue', () => {
    const e = run(FORMS.modify, { size: '3' }, c);
    expect(e.built!.action).toEqual({ type: 'modify', a: 1, oid: 31, s: '3' });
    expect(e.built!.summary).toEqual(['Modify buy order 31 on SOL1: size 4 -> 3', 'Queue: keeps queue priority (same price, smaller size)']);
    const moved = run(FORMS.modify, { price: '146', tif: 'Alo', cloid: '99' }, c);
    expect(moved.built!.action).toEqual({ type: 'modify', a: 1, oid: 31, p: '146', tif: 'Alo', c: '99' });
    expect(moved.built!.summary[1]).toBe('Queue: goes to the back of the level (the price changes, the tif changes, the cloid changes)');
  });

  it('refuses no change, a size not above the filled part, a marketable price', () => {
    expect(run(FORMS.modify, {}, c).errors).toEqual(['nothing to change: edit the price, size, tif or cloid']);
    expect(run(FORMS.modify, { size: '1' }, c).errors).toEqual(['Size: must exceed the already-filled 1']);
    expect(run(FORMS.modify, { price: '151' }, c).errors).toEqual([
      'Price: 151 would cross the best ask 151; a modify cannot take liquidity (cancel and place a new order instead)',
    ]);
    expect(run(FORMS.modify, { price: '145.5' }, c).errors).toEqual(['Price: must be a whole number']);
  });

  it('validates against the order\'s own contract and needs a selection', () => {
    expect(run(FORMS.modify, {}, ctx()).blocked).toBe('select an open order in the orders pane first');
    const btc = openOrder({ oid: 5, asset: 2, limitPx: '59000', sz: '0.5', origSz: '0.5' });
    const e = run(FORMS.modify, { price: '59000.3' }, ctx({ selectedOrder: btc }));
    expect(e.errors).toEqual(['Price: must be a multiple of the tick size 0.5']);
    expect(run(FORMS.modify, { price: '59000.5' }, ctx({ selectedOrder: btc })).built!.action).toEqual({ type: 'modify', a: 2, oid: 5, p: '59000.5' });
  });
});

describe('cancel forms', () => {
  it('cancels the selected order by oid', () => {
    const o = openOrder({ oid: 12, cloid: '5' });
    const e = run(FORMS.cancel, {}, ctx({ selectedOrder: o }));
    expect(e.built!.action).toEqual(build.cancel([{ contractId: 1, oid: 12 }]));
    expect(e.built!.summary).toEqual(['Cancel buy 4 SOL1 @ 145 (oid 12, cloid 5)']);
    expect(e.built!.notional).toBe(580_000_000n);
  });

  it('cancels by cloid on the selected contract', () => {
    const e = run(FORMS.cancelByCloid, { cloid: '123' });
    expect(e.built!.action).toEqual({ type: 'cancelByCloid', cancels: [{ asset: 1, cloid: '123' }] });
    expect(run(FORMS.cancelByCloid, { cloid: 'x' }).errors).toEqual(['Cloid: digits only (an int64 client order id)']);
  });

  it('cancel-all always confirms and shows the counts it expects', () => {
    const c = ctx({
      openOrders: [openOrder({ oid: 1 }), openOrder({ oid: 2, isBuy: false }), openOrder({ oid: 3, asset: 2 })],
      positions: [{ contractId: 1, isBuy: true, size: '2', entryPx: '150', marginMode: 'cross', leverage: 10, isolatedMargin: '0', unrealizedPnl: '0', liquidationPx: null, tp: { id: 4, triggerPx: '170' } }],
    });
    const e = run(FORMS.cancelAll, {}, c);
    expect(e.built!.action).toEqual({ type: 'cancelAll', a: 1 });
    expect(e.built!.alwaysConfirm).toBe(true);
    expect(e.built!.summary[0]).toBe('Cancel ALL open orders on SOL1: 2 shown (1 buy, 1 sell) and 1 TP/SL trigger');
  });
});
