import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { act, book, conserved, lookups, md, one, oidOf, orders, positionOf, statusOf, trader, type Trader } from './traders.js';

let ex: TestExchange;
let mm: Trader;
let mm2: Trader;
let tk: Trader;

const SOL = 1;
const sell = (price: string, size: string, tif: 'Gtc' | 'Ioc' | 'Alo' = 'Gtc') => ({ contractId: SOL, isBuy: false, price, size, tif });
const buy = (price: string, size: string, tif: 'Gtc' | 'Ioc' | 'Alo' = 'Gtc') => ({ contractId: SOL, isBuy: true, price, size, tif });

beforeAll(async () => {
  ex = await startTestExchange();
  [mm, mm2, tk] = [await trader(ex, 9_000n), await trader(ex, 9_000n), await trader(ex, 9_000n)];
});
afterEach(async () => {
  for (const who of [mm, mm2, tk]) await act(ex, who, build.cancelAll(SOL));
});
afterAll(() => ex.close());

describe('order (spec 2.2-2.3, 4.5)', () => {
  it('Gtc rests; a crossing order fills at the maker prices, partially, and rests its remainder', async () => {
    expect(await orders(ex, mm, [sell('151', '5'), sell('152', '5')])).toEqual([{ resting: { oid: expect.any(Number) } }, { resting: { oid: expect.any(Number) } }]);
    expect(await one(ex, tk, buy('151', '3'))).toEqual({ filled: { totalSz: '3', avgPx: '151', oid: expect.any(Number) } });
    const st = await one(ex, tk, buy('153', '10'));
    // 2 at 151 and 5 at 152 (avg 151.71 shown at the price scale), 3 left resting at 153.
    expect(st).toEqual({ filled: { totalSz: '7', avgPx: '152', oid: expect.any(Number) } });
    expect(await book(ex, SOL)).toEqual([[{ px: '153', sz: '3', n: 1 }], []]);
    const open = (await ex.info<{ oid: number; sz: string; origSz: string; limitPx: string; tif: string }[]>({ type: 'userOrders', user: tk.address, marketDeployerId: 1 })).body;
    expect(open).toEqual([expect.objectContaining({ oid: oidOf(st), sz: '3', origSz: '10', limitPx: '153', tif: 'Gtc', isBuy: true, asset: SOL, reduceOnly: false })]);
  });

  it('price-time priority: better price first, then first come first served', async () => {
    const a = oidOf(await one(ex, mm, sell('160', '1')));
    const b = oidOf(await one(ex, mm2, sell('160', '1')));
    const c = oidOf(await one(ex, mm, sell('159', '1')));
    expect(await one(ex, tk, buy('160', '2', 'Ioc'))).toMatchObject({ filled: { totalSz: '2', avgPx: '160' } });
    expect((await lookups(ex, mm, [a, c])).map((l) => l.status)).toEqual(['filled', 'filled']);
    expect(await statusOf(ex, mm2, b)).toBe('open');
  });

  it('Ioc fills what it can and cancels the rest; with nothing to take it is an error', async () => {
    await one(ex, mm, sell('170', '2'));
    const st = await one(ex, tk, buy('170', '5', 'Ioc'));
    expect(st).toMatchObject({ filled: { totalSz: '2', avgPx: '170' } });
    expect(await lookups(ex, tk, [oidOf(st)])).toEqual([expect.objectContaining({ status: 'canceled', order: expect.objectContaining({ sz: '3', origSz: '5' }) })]);
    expect(await one(ex, tk, buy('170', '1', 'Ioc'))).toEqual({ error: 'order could not immediately match against any resting orders' });
    expect(await book(ex, SOL)).toEqual([[], []]);
  });

  it('Alo rests when it does not cross and is rejected when it would', async () => {
    await one(ex, mm, sell('155', '1'));
    expect(await one(ex, tk, buy('155', '1', 'Alo'))).toEqual({ error: 'post only order would cross' });
    expect(await one(ex, tk, buy('154', '1', 'Alo'))).toEqual({ resting: { oid: expect.any(Number) } });
    expect(await book(ex, SOL)).toEqual([[{ px: '154', sz: '1', n: 1 }], [{ px: '155', sz: '1', n: 1 }]]);
  });

  it('a market order (p omitted) executes against the book', async () => {
    await orders(ex, mm, [sell('151', '2'), sell('153', '2')]);
    expect(await one(ex, tk, { contractId: SOL, isBuy: true, size: '3' })).toEqual({ filled: { totalSz: '3', avgPx: '152', oid: expect.any(Number) } });
    await act(ex, mm, build.cancelAll(SOL));
    expect(await one(ex, tk, { contractId: SOL, isBuy: true, size: '1' })).toEqual({ error: 'order could not immediately match against any resting orders' });
  });

  it('item errors answer in place, the other items still run', async () => {
    const st = await orders(ex, tk, [
      buy('100', '1'),
      buy('100', '0'),
      buy('100', '-1'),
      buy('10001', '1'),
      { contractId: 99, isBuy: true, price: '1', size: '1' },
      { contractId: 4, isBuy: true, price: '0.1', size: '1' },
      buy('100.5', '1'),
      { contractId: 2, isBuy: true, price: '60000.2', size: '0.001' },
      { contractId: 2, isBuy: true, price: '60000.5', size: '0.0001' },
    ]);
    expect(st).toEqual([
      { resting: { oid: expect.any(Number) } },
      { error: 'size must be positive' },
      { error: 'size must be positive' },
      { error: 'price 10001 exceeds maxTicks 10000' },
      { error: 'unknown contract' },
      { error: 'contract is not active' },
      { error: 'p: must be a whole number' },
      { error: 'p: must be a multiple of the tick size 0.5' },
      { error: 's: at most 3 decimal places' },
    ]);
  });

  it('not enrolled, and not enough margin, are item errors', async () => {
    const stranger = await ex.registerFunded();
    expect(await one(ex, stranger, buy('100', '1'))).toEqual({ error: 'not enrolled in market deployer' });
    const poor = await trader(ex, 10n);
    expect(await one(ex, poor, buy('100', '1'))).toEqual({ resting: { oid: expect.any(Number) } });
    expect(await one(ex, poor, buy('100', '5'))).toEqual({ error: 'insufficient margin' });
    await act(ex, poor, build.cancelAll(SOL));
  });

  it('more than 10 orders in one request is refused as a whole', async () => {
    const r = await ex.signedPost(build.order(Array.from({ length: 11 }, () => buy('100', '1'))), tk.key);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 'error', code: 'BAD_REQUEST' });
    expect((await ex.info<unknown[]>({ type: 'userOrders', user: tk.address, marketDeployerId: 1 })).body).toEqual([]);
  });

  it('a cloid is unique among the active orders of the account, and free again once the order is gone', async () => {
    const first = await one(ex, tk, { ...buy('100', '1'), cloid: '77' });
    expect(await one(ex, tk, { ...buy('101', '1'), cloid: '77' })).toEqual({ error: 'cloid already in use by an active order' });
    expect(await one(ex, mm, { ...sell('300', '1'), cloid: '77' })).toEqual({ resting: { oid: expect.any(Number) } });
    exchangeData(await ex.signedPost(build.cancel([{ contractId: SOL, oid: oidOf(first) }]), tk.key));
    const again = await one(ex, tk, { ...buy('102', '1'), cloid: '77' });
    const byCloid = (await ex.info<{ order: { oid: number }; status: string }[]>({ type: 'ordersByCloids', user: tk.address, cloids: ['77', '78'] })).body;
    expect(byCloid).toEqual([expect.objectContaining({ status: 'open', order: expect.objectContaining({ oid: oidOf(again), cloid: '77' }) })]);
  });
});

describe('reduce-only', () => {
  it('is refused without a position to reduce, clipped to the position, and shrinks with it', async () => {
    const who = await trader(ex, 5_000n);
    expect(await one(ex, who, { ...sell('200', '1'), reduceOnly: true })).toEqual({ error: 'reduce only order would increase position' });
    await one(ex, mm, sell('150', '3'));
    await one(ex, who, buy('150', '3'));
    expect(await positionOf(ex, who, SOL)).toMatchObject({ isBuy: true, size: '3' });
    const ro = oidOf(await one(ex, who, { ...sell('200', '5'), reduceOnly: true }));
    expect((await lookups(ex, who, [ro]))[0]?.order).toMatchObject({ sz: '3', origSz: '3', reduceOnly: true });
    expect(await one(ex, who, { ...sell('201', '1'), reduceOnly: true })).toEqual({ error: 'reduce only order would increase position' });
    // Selling 1 elsewhere leaves a long of 2: the resting reduce-only order shrinks to match.
    await one(ex, mm, buy('149', '1'));
    await one(ex, who, sell('149', '1', 'Ioc'));
    expect((await lookups(ex, who, [ro]))[0]?.order).toMatchObject({ sz: '2', origSz: '2' });
    // A buy through it closes the position exactly, never flips it.
    await one(ex, mm2, buy('200', '5', 'Ioc'));
    expect(await positionOf(ex, who, SOL)).toBeUndefined();
    expect(await statusOf(ex, who, ro)).toBe('filled');
  });
});

describe('cancel, cancelByCloid, cancelAll', () => {
  it('answer per item and count what cancelAll removed', async () => {
    const [a, b] = (await orders(ex, tk, [{ ...buy('90', '1'), cloid: '501' }, buy('91', '1')])).map(oidOf);
    await one(ex, mm, sell('140', '1'));
    const filled = oidOf(await one(ex, tk, buy('140', '1')));
    const r = await act<{ statuses: unknown[] }>(
      ex,
      tk,
      build.cancel([
        { contractId: SOL, oid: b! },
        { contractId: SOL, oid: b! },
        { contractId: SOL, oid: filled },
        { contractId: SOL, oid: 987654 },
        { contractId: 2, oid: a! },
      ]),
    );
    expect(r.statuses).toEqual(['success', { error: 'order already canceled' }, { error: 'order not open' }, { error: 'orderId not found' }, { error: 'orderId not found' }]);
    // Someone else's order is not found either.
    const theirs = oidOf(await one(ex, mm, sell('300', '1')));
    expect((await act<{ statuses: unknown[] }>(ex, tk, build.cancel([{ contractId: SOL, oid: theirs }]))).statuses).toEqual([{ error: 'orderId not found' }]);
    const byCloid = await act<{ statuses: unknown[] }>(ex, tk, build.cancelByCloid([{ contractId: SOL, cloid: '501' }, { contractId: SOL, cloid: '999' }]));
    expect(byCloid.statuses).toEqual(['success', { error: 'clOrdId not found' }]);

    await orders(ex, tk, [buy('92', '1'), buy('93', '1')]);
    expect(exchangeData(await ex.signedPost(build.tpSl({ asset: SOL, sl: { triggerPx: '100' } }), tk.key))).toMatchObject({ slId: expect.any(Number) });
    expect(await act(ex, tk, build.cancelAll(SOL))).toEqual({ cancelledOrders: 2, cancelledConditionals: 1 });
    expect(await act(ex, tk, build.cancelAll(SOL))).toEqual({ cancelledOrders: 0, cancelledConditionals: 0 });
    expect(await act(ex, tk, build.cancelAll(99))).toEqual({ cancelledOrders: 0, cancelledConditionals: 0, errorCode: 5001, errorMessage: 'unknown contract' });
  });
});

describe('accounting', () => {
  it('fees go to the deployer, PnL between the traders, and every unit of money is accounted for', async () => {
    const a = await trader(ex, 1_000n);
    const b = await trader(ex, 1_000n);
    await one(ex, a, sell('150', '2'));
    const fill = await one(ex, b, buy('150', '2'));
    expect(fill).toMatchObject({ filled: { totalSz: '2', avgPx: '150' } });
    // Notional 300 USDC: maker pays 0.0002 (0.06), taker 0.0005 (0.15).
    expect((await md(ex, a)).balances[0]?.total).toBe('999940000');
    expect((await md(ex, b)).balances[0]?.total).toBe('999850000');
    await one(ex, b, sell('160', '2'));
    await one(ex, a, buy('160', '2', 'Ioc'));
    // a bought back 10 higher: -20 USDC, and paid 0.16 taker fee on 320.
    expect((await md(ex, a)).balances[0]?.total).toBe(String(999_940_000 - 20_000_000 - 160_000));
    expect((await md(ex, b)).balances[0]?.total).toBe(String(999_850_000 + 20_000_000 - 64_000));
    expect(await positionOf(ex, a, SOL)).toBeUndefined();
    expect(conserved(ex)).toBe(true);
  });
});
