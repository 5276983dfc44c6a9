import { describe, expect, it } from 'vitest';
import type { Hex } from '../../src/protocol/index.js';
import { Clock } from '../../src/exchange/clock.js';
import { bucket, MemoryLedger } from '../../src/exchange/ledger.js';
import { MemoryAccountStore, type Account } from '../../src/exchange/state/accounts.js';
import { defaultMarketSetup } from '../../src/exchange/state/defaultMarket.js';
import { IndexPrices } from '../../src/exchange/state/indexPrices.js';
import { MarketConfig } from '../../src/exchange/state/marketConfig.js';
import { StreamHub } from '../../src/exchange/streams/hub.js';
import { submitOrder } from '../../src/exchange/trading/orderEntry.js';
import { TradingEngine } from '../../src/exchange/trading/tradingEngine.js';
import type { TradingState } from '../../src/exchange/trading/tradingState.js';

/**
 * The trading engine built from its own parts (config, ledger, accounts, index prices, a
 * hub and a log), with no ExchangeCore anywhere: what it needs of the exchange is
 * TradingState and nothing more.
 */
const ETH = 3; // ETH1 on market deployer 2: price scale 2, quantity scale 2, no share group
const MD = 2;
const USDC = 0;
const usdc = (whole: bigint): bigint => whole * 1_000_000n;
const HOUR = 3_600_000;

function alone() {
  const clock = new Clock(() => 1_000);
  const config = new MarketConfig(defaultMarketSetup());
  const log: string[] = [];
  const state: TradingState = {
    config,
    ledger: new MemoryLedger(() => clock.now()),
    accounts: new MemoryAccountStore(),
    indexPrices: new IndexPrices(config),
    hub: new StreamHub(),
    log: (line) => log.push(line),
  };
  const engine = new TradingEngine(state);
  const funded = (digit: string): Account => {
    const account = state.accounts.create(`0x${digit.repeat(40)}` as Hex, 'user', clock.now());
    state.accounts.enroll(account.id, MD);
    state.ledger.mint(bucket.md(account.id, MD, USDC), usdc(10_000n), 'test funding');
    return account;
  };
  const pool = (account: Account): bigint => state.ledger.balance(bucket.md(account.id, MD, USDC));
  return { clock, state, engine, log, maker: funded('a'), taker: funded('b'), pool };
}

describe('TradingEngine on its own', () => {
  it('rests an order, fills a crossing one, and books positions, fees and the fill event', () => {
    const { clock, state, engine, log, maker, taker, pool } = alone();
    const now = clock.now();
    // 3000.00 for 1.00 ETH1: raw price 300000, raw size 100.
    const resting = submitOrder(engine, maker, { contractId: ETH, isBuy: false, px: 300_000n, sz: 100n, tif: 'Gtc', reduceOnly: false }, now);
    expect(resting).toEqual({ resting: { oid: expect.any(Number) } });
    const oid = (resting as { resting: { oid: number } }).resting.oid;
    expect(engine.market(ETH)?.book.depth(1).asks).toEqual([{ px: 300_000n, sz: 100n, n: 1 }]);

    const crossing = submitOrder(engine, taker, { contractId: ETH, isBuy: true, px: 300_000n, sz: 100n, tif: 'Ioc', reduceOnly: false }, now);
    expect(crossing).toMatchObject({ filled: { totalSz: '1', avgPx: '3000' } });

    expect(engine.holdings.get(taker.id, ETH)?.long).toMatchObject({ size: 100n });
    expect(engine.holdings.get(maker.id, ETH)?.short).toMatchObject({ size: 100n });
    expect(engine.orders.get(oid)?.status).toBe('filled');
    expect(engine.market(ETH)?.book.depth(1).asks).toEqual([]);

    // Deployer 2 charges 0.0001 maker and 0.0004 taker on 3000 USDC of notional.
    expect(pool(maker)).toBe(usdc(10_000n) - 300_000n);
    expect(pool(taker)).toBe(usdc(10_000n) - 1_200_000n);
    expect(state.ledger.balance(bucket.fees(MD, USDC))).toBe(1_500_000n);
    expect(state.ledger.sumByCoin().get(USDC)).toBe(state.ledger.totalMinted(USDC));

    expect(engine.events.recentFills(taker.id)).toEqual([expect.objectContaining({ oid: expect.any(Number), px: '3000', sz: '1', isBuy: true, liquidity: 'taker', fee: '1200000' })]);
    expect(engine.events.recentFills(maker.id)).toEqual([expect.objectContaining({ oid, px: '3000', sz: '1', isBuy: false, liquidity: 'maker', fee: '300000' })]);
    expect(log).toEqual([]);
  });

  it('settles funding between the two positions when a block passes an interval boundary', () => {
    const { clock, state, engine, maker, taker, pool } = alone();
    submitOrder(engine, maker, { contractId: ETH, isBuy: false, px: 300_000n, sz: 100n, tif: 'Gtc', reduceOnly: false }, clock.now());
    submitOrder(engine, taker, { contractId: ETH, isBuy: true, px: 300_000n, sz: 100n, tif: 'Ioc', reduceOnly: false }, clock.now());
    const [makerBefore, takerBefore] = [pool(maker), pool(taker)];

    engine.step(clock.now());
    expect([pool(maker), pool(taker)]).toEqual([makerBefore, takerBefore]);
    engine.step(HOUR);

    // With the book empty the mark is the index, so the rate is the interest alone,
    // 0.0001 / 8 per interval: longs pay shorts 3000 USDC x 0.0000125 = 0.0375 USDC.
    expect(engine.funding.index(ETH)).toBe(1_250n);
    expect(pool(taker)).toBe(takerBefore - 37_500n);
    expect(pool(maker)).toBe(makerBefore + 37_500n);
    expect(state.ledger.sumByCoin().get(USDC)).toBe(state.ledger.totalMinted(USDC));
  });
});
