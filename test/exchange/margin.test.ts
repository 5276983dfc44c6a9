import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { account, act, conserved, md, one, positionOf, trader, type Trader } from './traders.js';

let ex: TestExchange;
let mm: Trader;

const SOL = 1;
const USDC = 1_000_000;
const sell = (price: string, size: string) => ({ contractId: SOL, isBuy: false, price, size });
const buy = (price: string, size: string) => ({ contractId: SOL, isBuy: true, price, size });
const setIndex = async (px: string) => expect((await ex.control({ type: 'setIndexPrice', contractId: SOL, px })).status).toBe(200);

/** `who` buys `size` SOL at 150 from the market maker (whose quote is used up, leaving the book one-sided). */
async function goLong(who: Trader, size: string): Promise<void> {
  await one(ex, mm, sell('150', size));
  expect(await one(ex, who, buy('150', size))).toMatchObject({ filled: { totalSz: size } });
}

beforeAll(async () => {
  ex = await startTestExchange();
  mm = await trader(ex, 9_000n);
});
afterAll(() => ex.close());

describe('updateLeverage', () => {
  it('accepts 1 to the first tier maximum, and refuses a lower leverage the margin cannot carry', async () => {
    const who = await trader(ex, 100n);
    expect(await act(ex, who, build.updateLeverage(SOL, 0))).toEqual({ asset: 0, leverage: 0, errorCode: 5003, errorMessage: 'leverage outside the contract tiers' });
    expect(await act(ex, who, build.updateLeverage(SOL, 21))).toMatchObject({ errorCode: 5003 });
    expect(await act(ex, who, build.updateLeverage(99, 5))).toMatchObject({ errorCode: 5001, errorMessage: 'unknown contract' });
    expect(await act(ex, who, build.updateLeverage(SOL, 20))).toEqual({ asset: SOL, leverage: 20 });
    await goLong(who, '10');
    // 1,500 notional at 20x holds 75 USDC of the ~99 left.
    expect(await positionOf(ex, who, SOL)).toMatchObject({ leverage: 20, marginUsed: String(75 * USDC), size: '10', entryPx: '150' });
    expect(await act(ex, who, build.updateLeverage(SOL, 10))).toMatchObject({ errorCode: 5004, errorMessage: 'insufficient margin for lower leverage' });
    expect(await act(ex, who, build.updateLeverage(SOL, 19))).toEqual({ asset: SOL, leverage: 19 });
    expect((await positionOf(ex, who, SOL))?.leverage).toBe(19);
  });
});

describe('updateMarginMode and updateIsolatedMargin (spec 4.7)', () => {
  it('changes mode only without a position or order on the contract', async () => {
    const who = await trader(ex, 1_000n);
    await one(ex, who, buy('100', '1'));
    expect(await act(ex, who, build.updateMarginMode(SOL, 'isolated'))).toEqual({ asset: 0, marginMode: 'isolated', errorCode: 5005, errorMessage: 'cannot change margin mode with an open position or order' });
    await act(ex, who, build.cancelAll(SOL));
    expect(await act(ex, who, build.updateMarginMode(SOL, 'isolated'))).toEqual({ asset: SOL, marginMode: 'isolated' });
  });

  it('moves margin between the cross pool and an isolated position, with every refusal of the table', async () => {
    const who = await trader(ex, 1_000n);
    const rejected = (code: number, message: string) => ({ isoBefore: 0, isoAfter: 0, errorCode: code, errorMessage: message });
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, 5 * USDC))).toEqual(rejected(2002, 'no isolated position to adjust'));
    exchangeData(await ex.signedPost(build.updateMarginMode(SOL, 'isolated'), who.key));
    exchangeData(await ex.signedPost(build.updateLeverage(SOL, 10), who.key));
    await goLong(who, '2');
    // 300 notional at 10x: 30 USDC moved into the position's own bucket; the 0.15 taker fee came from the pool.
    expect(await positionOf(ex, who, SOL)).toMatchObject({ marginMode: 'isolated', isolatedMargin: String(30 * USDC), marginUsed: String(30 * USDC) });
    expect((await md(ex, who)).balances[0]?.total).toBe(String(1_000 * USDC - 30 * USDC - 150_000));

    expect(await act(ex, who, build.updateIsolatedMargin(SOL, 0))).toEqual(rejected(2001, 'action.ntli must be non-zero'));
    expect(await act(ex, who, build.updateIsolatedMargin(99, 1))).toEqual(rejected(2003, 'no isolated collateral slot'));
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, 5 * USDC, false))).toEqual(rejected(2002, 'no isolated position to adjust'));
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, 2_000 * USDC))).toEqual(rejected(2004, 'insufficient cross balance'));
    // An open order reserving most of the pool leaves less to move than the pool holds.
    await one(ex, who, { contractId: 3, isBuy: true, price: '1', size: '1' }); // other deployer: no effect here
    await one(ex, who, buy('100', '90')); // 9,000 notional at 10x: 900 reserved
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, 100 * USDC))).toEqual(rejected(2005, 'amount exceeds withdrawable cross margin'));
    await act(ex, who, build.cancelAll(SOL));
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, -31 * USDC))).toEqual(rejected(2006, 'not enough isolated margin to remove'));
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, -1 * USDC))).toEqual(rejected(2007, 'removal would push effective leverage above position leverage'));
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, 10 * USDC))).toEqual({ isoBefore: 30 * USDC, isoAfter: 40 * USDC });
    expect(await act(ex, who, build.updateIsolatedMargin(SOL, -10 * USDC, true))).toEqual({ isoBefore: 40 * USDC, isoAfter: 30 * USDC });
    // Closing the position returns the isolated margin (plus PnL) to the pool.
    await one(ex, mm, buy('150', '2'));
    await one(ex, who, { contractId: SOL, isBuy: false, price: '150', size: '2', tif: 'Ioc' });
    expect(await positionOf(ex, who, SOL)).toBeUndefined();
    expect((await md(ex, who)).balances[0]?.total).toBe(String(1_000 * USDC - 300_000));
    expect(conserved(ex)).toBe(true);
  });
});

describe('collateral leaving a pool respects the margin in use', () => {
  it('unlock and transfer out are capped by what positions and orders leave available', async () => {
    const who = await trader(ex, 1_000n);
    await goLong(who, '20'); // 3,000 notional at 10x: 300 in use
    const m = await md(ex, who);
    expect(BigInt(m.withdrawable)).toBeLessThan(BigInt(m.balances[0]!.total));
    expect(await act(ex, who, build.unlockCollateral(1, 0, m.balances[0]!.total))).toMatchObject({ errorCode: 3007, errorMessage: 'insufficient margin' });
    expect(await act(ex, who, build.transferBetweenDeployers(1, 2, 0, m.balances[0]!.total))).toMatchObject({ errorCode: 3007 });
    expect((await act(ex, who, build.unlockCollateral(1, 0, m.withdrawable))).errorCode).toBeUndefined();
    expect((await md(ex, who)).withdrawable).toBe('0');
  });
});

describe('positions and PnL in userAccount', () => {
  it('mark follows the index on a one-sided book; unrealized PnL and equity follow the mark', async () => {
    const who = await trader(ex, 1_000n);
    await goLong(who, '4');
    await setIndex('160');
    const ms = (await ex.info<{ markPx: string; indexPx: string; lastPx: string }>({ type: 'marketState', contractId: SOL })).body;
    expect(ms).toMatchObject({ markPx: '160', indexPx: '160', lastPx: '150' });
    const m = await md(ex, who);
    expect(m.positions).toEqual([
      expect.objectContaining({ contractId: SOL, isBuy: true, size: '4', entryPx: '150', marginMode: 'cross', unrealizedPnl: String(40 * USDC), liquidationPx: null }),
    ]);
    expect(BigInt(m.equity)).toBe(BigInt(m.balances[0]!.total) + 40n * BigInt(USDC));
    await setIndex('150');
  });
});

describe('PORTFOLIO accounts and FROZEN share groups (spec 3.3)', () => {
  let pf: Trader;

  beforeAll(async () => {
    pf = await trader(ex, 0n);
    exchangeData(await ex.signedPost(build.setMarginShareType(1), pf.key));
    exchangeData(await ex.signedPost(build.lockIntoShareGroup(1, 0, String(100 * USDC)), pf.key));
    exchangeData(await ex.signedPost(build.updateLeverage(SOL, 20), pf.key));
  });

  it('orders on group contracts draw on the group pool; others still need their deployer pool', async () => {
    const st = await one(ex, pf, buy('100', '1'));
    expect(st).toMatchObject({ resting: { oid: expect.any(Number) } });
    expect(await one(ex, pf, { contractId: 3, isBuy: true, price: '1000', size: '1' })).toEqual({ error: 'insufficient margin' });
    expect(await act(ex, pf, build.setMarginShareType(0))).toMatchObject({ errorCode: 5005 });
    await act(ex, pf, build.cancelAll(SOL));
  });

  it('the control route freezes a group: only reduce-only orders pass until it unfreezes', async () => {
    await goLong(pf, '2');
    expect((await ex.control({ type: 'freezeShareGroup', groupId: 1, frozen: true })).status).toBe(200);
    expect(await one(ex, pf, buy('100', '1'))).toEqual({ error: 'share margin group is FROZEN' });
    expect(await one(ex, pf, { ...sell('200', '1'), reduceOnly: true })).toMatchObject({ resting: { oid: expect.any(Number) } });
    // A UNIFIED account trades the same contract as usual.
    expect(await one(ex, mm, buy('100', '1'))).toMatchObject({ resting: { oid: expect.any(Number) } });
    expect((await account(ex, pf)).shareGroups[0]).toMatchObject({ groupId: 1, frozen: true });
    await ex.control({ type: 'freezeShareGroup', groupId: 1, frozen: false });
    expect(await one(ex, pf, buy('100', '1'))).toMatchObject({ resting: { oid: expect.any(Number) } });
    for (const who of [pf, mm]) await act(ex, who, build.cancelAll(SOL));
    await one(ex, mm, buy('150', '2'));
    await one(ex, pf, { ...sell('150', '2'), reduceOnly: true });
    expect(await positionOf(ex, pf, SOL)).toBeUndefined();
  });

  it('a group whose equity falls below maintenance freezes itself and unfreezes when it recovers', async () => {
    await goLong(pf, '10'); // 1,500 notional at 20x on a ~99 USDC pool
    await setIndex('143'); // equity ~29 < maintenance ~36, but above half of it: frozen, not liquidated
    const g = (await account(ex, pf)).shareGroups[0]!;
    expect(g.frozen).toBe(true);
    expect(BigInt(g.equity)).toBeLessThan(BigInt(g.maintenanceMargin!));
    expect(await one(ex, pf, buy('100', '1'))).toEqual({ error: 'share margin group is FROZEN' });
    expect((await ex.info<{ frozen: boolean }[]>({ type: 'shareGroupState', groupId: 1 })).body[0]?.frozen).toBe(false);
    await setIndex('150');
    expect((await account(ex, pf)).shareGroups[0]?.frozen).toBe(false);
    expect(await one(ex, pf, buy('100', '1'))).toMatchObject({ resting: { oid: expect.any(Number) } });
    await act(ex, pf, build.cancelAll(SOL));
  });
});

describe('hedge mode (spec 2.1: a long and a short per contract, named by isBuy)', () => {
  it('keeps both sides apart: plain orders add to a side, reduce-only orders reduce it', async () => {
    const who = await trader(ex, 2_000n);
    expect((await ex.control({ type: 'setPositionMode', user: who.address, mode: 'HEDGE' })).status).toBe(200);
    await goLong(who, '2');
    await one(ex, mm, buy('150', '1'));
    await one(ex, who, { ...sell('150', '1'), tif: 'Ioc' });
    const a = await account(ex, who, 1);
    expect(a.positionMode).toBe('HEDGE');
    expect(a.marketDeployers[0]!.positions.map((p) => [p.isBuy, p.size])).toEqual([
      [true, '2'],
      [false, '1'],
    ]);
    expect((await ex.control({ type: 'setPositionMode', user: who.address, mode: 'ONE_WAY' })).status).toBe(400);
    // Reduce-only sell reduces the long, not the short.
    await one(ex, mm, buy('150', '1'));
    await one(ex, who, { ...sell('150', '1'), tif: 'Ioc', reduceOnly: true });
    expect((await md(ex, who)).positions.map((p) => [p.isBuy, p.size])).toEqual([
      [true, '1'],
      [false, '1'],
    ]);
    // TP/SL name their side with isBuy.
    expect(await act(ex, who, build.tpSl({ asset: SOL, isBuy: false, tp: { triggerPx: '140' } }))).toEqual({ tpId: expect.any(Number) });
    expect((await md(ex, who)).positions.find((p) => !p.isBuy)?.tp).toMatchObject({ triggerPx: '140' });
    expect(conserved(ex)).toBe(true);
  });
});
