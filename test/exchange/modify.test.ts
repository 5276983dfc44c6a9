import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { act, lookups, one, oidOf, statusOf, trader, type Trader } from './traders.js';

let ex: TestExchange;
let mm: Trader;
let mm2: Trader;
let tk: Trader;

const SOL = 1;
const sell = (price: string, size: string, cloid?: string) => ({ contractId: SOL, isBuy: false, price, size, ...(cloid ? { cloid } : {}) });
const takeAt = (price: string, size: string) => ({ contractId: SOL, isBuy: true, price, size, tif: 'Ioc' as const });
const modify = (who: Trader, m: Parameters<typeof build.modify>[0]) => act(ex, who, build.modify(m));
const rejected = (errorCode: number, errorMessage: string) => ({ orderId: 0, limitPrice: 0, totalSize: 0, leavesSize: 0, clientOrderId: 0, errorCode, errorMessage });

beforeAll(async () => {
  ex = await startTestExchange();
  [mm, mm2, tk] = [await trader(ex, 9_000n), await trader(ex, 9_000n), await trader(ex, 9_000n)];
});
afterEach(async () => {
  for (const who of [mm, mm2, tk]) await act(ex, who, build.cancelAll(SOL));
});
afterAll(() => ex.close());

describe('modify keeps or loses queue priority (spec 3.1)', () => {
  it('same price with a smaller size keeps the place in the queue', async () => {
    const a = oidOf(await one(ex, mm, sell('160', '5')));
    const b = oidOf(await one(ex, mm2, sell('160', '5')));
    expect(await modify(mm, { contractId: SOL, oid: a, size: '3' })).toEqual({ orderId: a, limitPrice: 160, totalSize: 3, leavesSize: 3, clientOrderId: 0 });
    await one(ex, tk, takeAt('160', '3'));
    expect(await statusOf(ex, mm, a)).toBe('filled');
    expect((await lookups(ex, mm2, [b]))[0]).toMatchObject({ status: 'open', order: { sz: '5' } });
  });

  it('a size increase goes to the back of the level', async () => {
    const a = oidOf(await one(ex, mm, sell('161', '2')));
    const b = oidOf(await one(ex, mm2, sell('161', '2')));
    expect(await modify(mm, { contractId: SOL, oid: a, size: '4' })).toMatchObject({ orderId: a, totalSize: 4, leavesSize: 4 });
    await one(ex, tk, takeAt('161', '2'));
    expect(await statusOf(ex, mm2, b)).toBe('filled');
    expect((await lookups(ex, mm, [a]))[0]).toMatchObject({ status: 'open', order: { sz: '4' } });
  });

  it('a price change goes to the back of the new level', async () => {
    const a = oidOf(await one(ex, mm, sell('163', '1')));
    const b = oidOf(await one(ex, mm2, sell('162', '1')));
    expect(await modify(mm, { contractId: SOL, oid: a, price: '162' })).toMatchObject({ orderId: a, limitPrice: 162 });
    await one(ex, tk, takeAt('162', '1'));
    expect(await statusOf(ex, mm2, b)).toBe('filled');
    expect(await statusOf(ex, mm, a)).toBe('open');
  });

  it('a tif or cloid change goes to the back too', async () => {
    const a = oidOf(await one(ex, mm, sell('164', '1')));
    const b = oidOf(await one(ex, mm2, sell('164', '1')));
    const c = oidOf(await one(ex, mm2, sell('164', '1')));
    expect(await modify(mm, { contractId: SOL, oid: a, tif: 'Alo' })).toMatchObject({ orderId: a });
    await one(ex, tk, takeAt('164', '1'));
    expect(await statusOf(ex, mm2, b)).toBe('filled');
    expect(await modify(mm2, { contractId: SOL, oid: c, newCloid: '4242' })).toMatchObject({ orderId: c, clientOrderId: 4242 });
    await one(ex, tk, takeAt('164', '1'));
    expect(await statusOf(ex, mm, a)).toBe('filled');
    expect((await lookups(ex, mm2, [c]))[0]).toMatchObject({ status: 'open', order: { cloid: '4242', tif: 'Gtc' } });
  });
});

describe('modify fields (spec 4.6)', () => {
  it('s is the new total including what already filled', async () => {
    const a = oidOf(await one(ex, mm, sell('165', '5')));
    await one(ex, tk, takeAt('165', '2'));
    expect(await modify(mm, { contractId: SOL, oid: a, size: '4' })).toEqual({ orderId: a, limitPrice: 165, totalSize: 4, leavesSize: 2, clientOrderId: 0 });
    expect(await modify(mm, { contractId: SOL, oid: a, size: '2' })).toEqual(rejected(1005, 'new size must exceed already-filled amount'));
    expect((await lookups(ex, mm, [a]))[0]?.order).toMatchObject({ sz: '2', origSz: '4' });
  });

  it('finds the order by cloid; oid takes priority when both are sent', async () => {
    const a = oidOf(await one(ex, mm, sell('170', '1', '11')));
    const b = oidOf(await one(ex, mm, sell('171', '1', '12')));
    expect(await modify(mm, { contractId: SOL, oid: a, cloid: '12', price: '172' })).toMatchObject({ orderId: a, limitPrice: 172, clientOrderId: 11 });
    expect(await modify(mm, { contractId: SOL, cloid: '12', size: '3' })).toEqual({ orderId: b, limitPrice: 171, totalSize: 3, leavesSize: 3, clientOrderId: 12 });
  });

  it('answers every rejection of the table with zeros and a code, changing nothing', async () => {
    const filled = oidOf(await one(ex, mm, sell('179', '1')));
    await one(ex, tk, takeAt('179', '1'));
    const open = oidOf(await one(ex, mm, sell('180', '2', '21')));
    await one(ex, mm, sell('181', '1', '22'));
    const canceled = oidOf(await one(ex, mm, sell('182', '1')));
    await act(ex, mm, build.cancel([{ contractId: SOL, oid: canceled }]));
    await one(ex, mm2, { contractId: SOL, isBuy: true, price: '150', size: '1' });

    expect(await modify(mm, { contractId: SOL, oid: 999_999, size: '1' })).toEqual(rejected(1001, 'orderId not found'));
    expect(await modify(mm, { contractId: SOL, cloid: '404', size: '1' })).toEqual(rejected(1002, 'clOrdId not found'));
    expect(await modify(mm, { contractId: SOL, oid: canceled, size: '3' })).toEqual(rejected(1003, 'order already canceled'));
    expect(await modify(mm, { contractId: SOL, oid: filled, size: '3' })).toEqual(rejected(1004, 'order not open'));
    expect(await modify(mm, { contractId: SOL, oid: open, size: '0' })).toEqual(rejected(1005, 'new size must exceed already-filled amount'));
    expect(await modify(mm, { contractId: SOL, oid: open, tif: 'Ioc' })).toEqual(rejected(1006, 'modify supports resting TIF only (GTC / POST_ONLY)'));
    expect(await modify(mm, { contractId: SOL, oid: open, price: '150' })).toEqual(
      rejected(1007, 'modified price is marketable (would cross the book); cancel and place a new order instead'),
    );
    expect(await modify(mm, { contractId: SOL, oid: open, newCloid: '22' })).toEqual(rejected(1008, 'newClientOrderId already in use by an active order'));
    // Another account's order is not found, and the same contract id is required.
    expect(await modify(tk, { contractId: SOL, oid: open, size: '1' })).toEqual(rejected(1001, 'orderId not found'));
    expect(await modify(mm, { contractId: 2, oid: open, size: '1' })).toEqual(rejected(1001, 'orderId not found'));
    expect((await lookups(ex, mm, [open]))[0]).toMatchObject({ status: 'open', order: { sz: '2', limitPx: '180', cloid: '21', tif: 'Gtc' } });
  });

  it('a size increase needing more margin than available is refused and the order stays as it was', async () => {
    const poor = await trader(ex, 20n);
    const oid = oidOf(await one(ex, poor, { contractId: SOL, isBuy: true, price: '100', size: '1' }));
    expect(await modify(poor, { contractId: SOL, oid, size: '5' })).toEqual(rejected(1009, 'insufficient margin for modified order'));
    expect((await lookups(ex, poor, [oid]))[0]).toMatchObject({ status: 'open', order: { sz: '1', origSz: '1' } });
    expect(await modify(poor, { contractId: SOL, oid, size: '2' })).toMatchObject({ orderId: oid, totalSize: 2 });
    await act(ex, poor, build.cancelAll(SOL));
  });
});
