import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preTradeFor } from '../../src/forms/orderContext.js';
import { formatDecimal, parseDecimal } from '../../src/protocol/index.js';
import { build, type ContractConfig, type OrderSpec } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { act, one, positionOf, trader, type Trader } from '../exchange/traders.js';
import { liveReader, type LiveReader } from './liveContext.js';

/**
 * The confirm step's liquidation estimate against the embedded exchange over loopback: the
 * price estimated before sending is the `liquidationPx` the exchange reports after the fill.
 */
let ex: TestExchange;
let live: LiveReader;
let mm: Trader;

const USDC = 1_000_000n;
const SOL = 1;
const BTC = 2;

beforeAll(async () => {
  ex = await startTestExchange({ creditDelayMs: 0 });
  live = await liveReader(ex);
  mm = await trader(ex, 9_000n);
  exchangeData(await ex.signedPost(build.updateLeverage(SOL, 20), mm.key));
  exchangeData(await ex.signedPost(build.updateLeverage(BTC, 40), mm.key));
});
afterEach(async () => {
  for (const id of [SOL, BTC]) await act(ex, mm, build.cancelAll(id));
  for (const id of [SOL, BTC]) expect((await ex.control({ type: 'setIndexPrice', contractId: id, px: id === SOL ? '150' : '60000' })).status).toBe(200);
});
afterAll(async () => {
  await live.close();
  await ex.close();
});

const contract = (id: number): ContractConfig => live.configs.contracts.find((c) => c.contractId === id)!;

async function quote(specs: OrderSpec[]): Promise<void> {
  for (const s of specs) expect(await one(ex, mm, s)).toMatchObject({ resting: { oid: expect.any(Number) } });
}

/** The estimate for `spec` from what the client reads now, then the exchange's figure after sending it. */
async function estimateThenSend(who: Trader, spec: OrderSpec) {
  const c = contract(spec.contractId);
  const ctx = await live.context(who, spec.contractId);
  const pt = preTradeFor(ctx, {
    contract: c,
    isBuy: spec.isBuy,
    kind: spec.tif ?? 'Gtc',
    price: spec.price === undefined ? undefined : parseDecimal(spec.price, c.priceScale, 'price'),
    size: parseDecimal(spec.size, c.qtyScale, 'size'),
    reduceOnly: spec.reduceOnly ?? false,
  });
  const status = await one(ex, who, spec);
  expect(status).toMatchObject({ filled: expect.anything() });
  const position = await positionOf(ex, who, spec.contractId);
  const estimate = pt.liquidationPx === undefined || pt.liquidationPx === null ? pt.liquidationPx : formatDecimal(pt.liquidationPx, c.priceScale);
  return { pt, estimate, position, line: pt.lines.find((l) => l.startsWith('Est. liquidation')) };
}

describe('estimated liquidation price = the exchange liquidationPx after the fill', () => {
  it('isolated, leverage 5, market buy 3 SOL1', async () => {
    await quote([
      { contractId: SOL, isBuy: false, price: '151', size: '2', reduceOnly: false },
      { contractId: SOL, isBuy: false, price: '152', size: '5', reduceOnly: false },
      { contractId: SOL, isBuy: true, price: '149', size: '5', reduceOnly: false },
    ]);
    const me = await trader(ex, 5_000n);
    exchangeData(await ex.signedPost(build.updateMarginMode(SOL, 'isolated'), me.key));
    exchangeData(await ex.signedPost(build.updateLeverage(SOL, 5), me.key));
    const { estimate, position, line } = await estimateThenSend(me, { contractId: SOL, isBuy: true, size: '3', tif: 'Market', reduceOnly: false });
    expect(position).toMatchObject({ marginMode: 'isolated', leverage: 5, size: '3' });
    expect(position?.liquidationPx).not.toBeNull();
    expect(line).toBe(`Est. liquidation: ${position?.liquidationPx}`);
    expect(estimate).toBe(position?.liquidationPx);
  });

  it('an under-margined BTC1 long (its share group FROZEN): the estimate is below entry and is the exchange figure', async () => {
    const me = await trader(ex, 0n);
    exchangeData(await ex.signedPost(build.setMarginShareType(1), me.key));
    exchangeData(await ex.signedPost(build.lockIntoShareGroup(1, 0, String(410n * USDC)), me.key));
    exchangeData(await ex.signedPost(build.updateLeverage(BTC, 40), me.key));
    exchangeData(await ex.signedPost(build.updateLeverage(SOL, 20), me.key));
    await quote([
      { contractId: BTC, isBuy: false, price: '60000.5', size: '0.2', reduceOnly: false },
      { contractId: SOL, isBuy: false, price: '150', size: '10', reduceOnly: false },
    ]);
    expect(await one(ex, me, { contractId: BTC, isBuy: true, price: '60000.5', size: '0.2', tif: 'Ioc', reduceOnly: false })).toMatchObject({ filled: { totalSz: '0.2' } });
    expect(await one(ex, me, { contractId: SOL, isBuy: true, price: '150', size: '10', tif: 'Ioc', reduceOnly: false })).toMatchObject({ filled: { totalSz: '10' } });
    // SOL1 falls: the group's equity goes below its maintenance (FROZEN) but stays above half of it.
    expect((await ex.control({ type: 'setIndexPrice', contractId: SOL, px: '120' })).status).toBe(200);
    const acct = (await live.info.userAccount(me.address)) as { ok: true; value: { shareGroups: { frozen: boolean }[] } };
    expect(acct.value.shareGroups[0]?.frozen).toBe(true);
    await quote([{ contractId: BTC, isBuy: true, price: '59999.5', size: '0.1', reduceOnly: false }]);
    const { pt, estimate, position } = await estimateThenSend(me, { contractId: BTC, isBuy: false, price: '59999.5', size: '0.05', tif: 'Ioc', reduceOnly: true });
    expect(position).toMatchObject({ size: '0.15', entryPx: '60000.5' });
    expect(position?.liquidationPx).not.toBeNull();
    expect(pt.liquidationPx).not.toBeNull();
    expect(pt.liquidationPx! <= 600005n).toBe(true);
    expect(estimate).toBe(position?.liquidationPx);
  });
});
