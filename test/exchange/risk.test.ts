import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucket } from '../../src/exchange/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { act, conserved, md, one, positionOf, trader, type Trader } from './traders.js';

let ex: TestExchange;
let mm: Trader;

const SOL = 1;
const USDC = 1_000_000n;
const sell = (price: string, size: string) => ({ contractId: SOL, isBuy: false, price, size });
const buy = (price: string, size: string) => ({ contractId: SOL, isBuy: true, price, size });
const setIndex = async (px: string) => expect((await ex.control({ type: 'setIndexPrice', contractId: SOL, px })).status).toBe(200);
const balance = async (who: Trader) => BigInt((await md(ex, who)).balances[0]!.total);

async function goLong(who: Trader, size: string): Promise<void> {
  await one(ex, mm, sell('150', size));
  expect(await one(ex, who, buy('150', size))).toMatchObject({ filled: { totalSz: size } });
}

beforeAll(async () => {
  ex = await startTestExchange();
  mm = await trader(ex, 9_000n);
});
afterAll(() => ex.close());

describe('tpSl, cancelTpSl, cancelConditional', () => {
  it('need a position, check triggers against the mark, and replace a leg of the same kind', async () => {
    const who = await trader(ex, 1_000n);
    expect(await act(ex, who, build.tpSl({ asset: SOL, tp: { triggerPx: '160' } }))).toEqual({ errorCode: 5006, errorMessage: 'no position' });
    await goLong(who, '2');
    expect(await act(ex, who, build.tpSl({ asset: SOL }))).toEqual({ errorCode: 5008, errorMessage: 'tp or sl required' });
    expect(await act(ex, who, build.tpSl({ asset: SOL, tp: { triggerPx: '140' } }))).toEqual({ errorCode: 5009, errorMessage: 'invalid trigger price' });
    expect(await act(ex, who, build.tpSl({ asset: SOL, sl: { triggerPx: '155' } }))).toEqual({ errorCode: 5009, errorMessage: 'invalid trigger price' });
    expect(await act(ex, who, build.tpSl({ asset: SOL, sl: { triggerPx: '140', sz: '0' } }))).toEqual({ errorCode: 5014, errorMessage: 'invalid trigger size' });
    const first = await act<{ tpId: number; slId: number }>(ex, who, build.tpSl({ asset: SOL, tp: { triggerPx: '160' }, sl: { triggerPx: '140', sz: '1' } }));
    expect(first).toEqual({ tpId: expect.any(Number), slId: expect.any(Number) });
    expect(await positionOf(ex, who, SOL)).toMatchObject({ tp: { id: first.tpId, triggerPx: '160' }, sl: { id: first.slId, triggerPx: '140', sz: '1' } });
    const second = await act<{ tpId: number }>(ex, who, build.tpSl({ asset: SOL, tp: { triggerPx: '165' } }));
    expect((await positionOf(ex, who, SOL))?.tp).toEqual({ id: second.tpId, triggerPx: '165' });
    // The replaced TP is gone; another account cannot touch this one's triggers.
    expect(await act(ex, who, build.cancelConditional(SOL, first.tpId))).toEqual({ cancelled: 0, errorCode: 5007, errorMessage: 'conditional order not found' });
    expect(await act(ex, mm, build.cancelConditional(SOL, first.slId))).toMatchObject({ errorCode: 5007 });
    expect(await act(ex, who, build.cancelConditional(SOL, first.slId))).toEqual({ cancelled: 1 });
    expect(await act(ex, who, build.cancelTpSl(SOL))).toEqual({ cancelled: 1 });
    expect(await act(ex, who, build.cancelTpSl(SOL))).toEqual({ cancelled: 0 });
    expect(await positionOf(ex, who, SOL)).not.toHaveProperty('tp');
  });
});

describe('triggers fire at the mark', () => {
  it('a TP fires when the control route moves the index past it, closing against the book', async () => {
    const who = await trader(ex, 1_000n);
    await goLong(who, '2');
    exchangeData(await ex.signedPost(build.tpSl({ asset: SOL, tp: { triggerPx: '160' }, sl: { triggerPx: '140' } }), who.key));
    await one(ex, mm, buy('158', '2'));
    await setIndex('159');
    expect((await positionOf(ex, who, SOL))?.size).toBe('2');
    await setIndex('161');
    expect(await positionOf(ex, who, SOL)).toBeUndefined();
    // Sold 2 at 158 after buying at 150: +16 USDC before fees; the SL went with the position.
    expect(await balance(who)).toBe(1_000n * USDC + 16n * USDC - 150_000n - 158_000n);
    expect(ex.running.core.trading.triggers.size).toBe(0);
    await setIndex('150');
  });

  it('an SL with a size closes only that much on the way down', async () => {
    const who = await trader(ex, 1_000n);
    await goLong(who, '3');
    exchangeData(await ex.signedPost(build.tpSl({ asset: SOL, sl: { triggerPx: '145', sz: '1' } }), who.key));
    await one(ex, mm, buy('144', '5'));
    await setIndex('144');
    expect(await positionOf(ex, who, SOL)).toMatchObject({ size: '2' });
    expect((await positionOf(ex, who, SOL))?.sl).toBeUndefined();
    await act(ex, mm, build.cancelAll(SOL));
    await setIndex('150');
  });
});

describe('liquidation', () => {
  it('closes a position below maintenance against the book and covers what it owes from insurance', async () => {
    const core = ex.running.core;
    const who = await trader(ex, 100n);
    exchangeData(await ex.signedPost(build.updateLeverage(SOL, 20), who.key));
    await goLong(who, '10'); // 1,500 notional on ~99 USDC; maintenance 2.5 %
    await one(ex, mm, buy('140', '10'));
    const insuranceBefore = core.ledger.balance(bucket.insurance(0));
    await setIndex('144'); // equity ~39 > maintenance 36: stays
    expect((await positionOf(ex, who, SOL))?.size).toBe('10');
    expect((await positionOf(ex, who, SOL))?.liquidationPx).toBe('144');
    await setIndex('143'); // equity ~29 < maintenance ~36: liquidated
    expect(await positionOf(ex, who, SOL)).toBeUndefined();
    // Sold 10 at 140: -100 USDC and a 0.70 fee on 99.25 left: 1.45 USDC of bad debt, paid by insurance.
    expect(await balance(who)).toBe(0n);
    expect(core.ledger.balance(bucket.insurance(0)) - insuranceBefore).toBe(-1_450_000n);
    expect(conserved(ex)).toBe(true);
    await setIndex('150');
  });

  it('an isolated position is liquidated on its own margin, leaving the pool alone', async () => {
    const who = await trader(ex, 1_000n);
    exchangeData(await ex.signedPost(build.updateMarginMode(SOL, 'isolated'), who.key));
    exchangeData(await ex.signedPost(build.updateLeverage(SOL, 20), who.key));
    await goLong(who, '10'); // 75 USDC isolated
    await one(ex, mm, buy('145', '10'));
    await setIndex('146'); // isolated 75 - 40 = 35 < maintenance 36.5
    expect(await positionOf(ex, who, SOL)).toBeUndefined();
    // The pool lost the 75 it gave minus what came back: 75 - 50 (loss at 145) - fees.
    expect(await balance(who)).toBe(1_000n * USDC - 750_000n - 50n * USDC - 725_000n);
    await act(ex, mm, build.cancelAll(SOL));
    await setIndex('150');
  });
});

describe('funding', () => {
  it('advancing past an interval boundary makes longs pay shorts at the rate marketState shows', async () => {
    const long = await trader(ex, 1_000n);
    const short = await trader(ex, 1_000n);
    await one(ex, short, sell('150', '10'));
    await one(ex, long, buy('150', '10'));
    const state = (await ex.info<{ fundingRate: string; fundingIndex: string; nextFundingTime: number }>({ type: 'marketState', contractId: SOL })).body;
    // Mark = index: only the interest part, 0.01 % / 8 per hour.
    expect(state.fundingRate).toBe('0.0000125');
    const [l0, s0] = [await balance(long), await balance(short)];
    const now = (await ex.control({ type: 'advanceTime', ms: 0 })).body as { now: number };
    await ex.control({ type: 'advanceTime', ms: state.nextFundingTime - now.now });
    // 1,500 notional x 0.0000125 = 0.01875 USDC.
    expect(await balance(long)).toBe(l0 - 18_750n);
    expect(await balance(short)).toBe(s0 + 18_750n);
    const after = (await ex.info<{ fundingIndex: string; nextFundingTime: number }>({ type: 'marketState', contractId: SOL })).body;
    expect(after.fundingIndex).toBe('0.0000125');
    expect(after.nextFundingTime).toBe(state.nextFundingTime + 3_600_000);
    expect(conserved(ex)).toBe(true);
  });
});
