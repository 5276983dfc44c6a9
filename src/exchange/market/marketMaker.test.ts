/**
 * The driver against the real matching engine: bots' intents are executed on
 * an OrderBook exactly as the exchange would (cancels then places, in order),
 * positions follow the fills, and the outcome is checked over many blocks.
 */
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../engine/orderBook.js';
import { type ActivityLevel, activityParams, estimateMessageRate } from './activity.js';
import type { BotIntent } from './intents.js';
import { MarketDriver, type MarketDriverOptions, niceTicks } from './marketMaker.js';

const T0 = 1_700_000_000_000;

interface Contract {
  tickSize: bigint;
  stepSize: bigint;
  maxTicks: bigint;
  startPx: bigint;
  lot?: bigint;
}

/** SOL1-like (integer prices, tick 1) and a finer contract (5000.00 with a 0.10 tick, 0.001 lots of 0.01). */
const COARSE: Contract = { tickSize: 1n, stepSize: 1n, maxTicks: 10_000n, startPx: 2000n };
const FINE: Contract = { tickSize: 10n, stepSize: 1n, maxTicks: 1_000_000n, startPx: 500_000n, lot: 10n };

interface SimStats {
  blocks: number;
  takerOrders: number;
  fills: number;
  /** Order state changes (orderUpdates) and resting-order changes (openOrders). */
  orderUpdates: number;
  openOrderChanges: number;
  tradedOrders: number;
  blocksWithTrades: number;
  bookChangedBlocks: number;
  twoSidedBlocks: number;
  nearIndexBlocks: number;
  rejects: number;
  maxAbsPosition: Map<string, bigint>;
  intents: BotIntent[];
}

class Sim {
  readonly book = new OrderBook();
  readonly pos = new Map<string, bigint>();
  readonly driver: MarketDriver;
  now = T0;

  constructor(
    readonly contract: Contract,
    opts: Partial<MarketDriverOptions> = {},
  ) {
    this.driver = new MarketDriver({ seed: 7, ...contract, ...opts });
  }

  run(blocks: number, keepIntents = false): SimStats {
    const s: SimStats = {
      blocks,
      takerOrders: 0,
      fills: 0,
      orderUpdates: 0,
      openOrderChanges: 0,
      tradedOrders: 0,
      blocksWithTrades: 0,
      bookChangedBlocks: 0,
      twoSidedBlocks: 0,
      nearIndexBlocks: 0,
      rejects: 0,
      maxAbsPosition: new Map(),
      intents: [],
    };
    const takers = new Set(this.driver.owners.takers);
    for (let b = 0; b < blocks; b++) {
      this.now += 100;
      const { index, intents } = this.driver.step(this.now, {
        bestBid: this.book.bestBid(),
        bestAsk: this.book.bestAsk(),
        ownOrders: (o) => this.book.ordersOf(o),
        position: (o) => this.pos.get(o) ?? 0n,
      });
      if (keepIntents) s.intents.push(...intents);
      let traded = false;
      for (const it of intents) {
        if (it.kind === 'cancel') {
          for (const oid of it.oids) if (this.book.cancel(oid)) (s.orderUpdates++, s.openOrderChanges++);
          continue;
        }
        const r = this.book.place({ owner: it.owner, isBuy: it.isBuy, px: it.px, sz: it.sz, tif: it.tif, reduceOnly: it.reduceOnly }, this.now);
        if (takers.has(it.owner)) s.takerOrders++;
        if (r.status === 'rejected') s.rejects++;
        s.orderUpdates += 1 + r.fills.length;
        s.openOrderChanges += r.fills.length + (r.status === 'resting' ? 1 : 0);
        if (r.fills.length > 0) (s.tradedOrders++, (traded = true));
        for (const f of r.fills) {
          s.fills++;
          this.move(f.takerOwner, f.takerIsBuy ? f.sz : -f.sz, s);
          this.move(f.makerOwner, f.takerIsBuy ? -f.sz : f.sz, s);
        }
      }
      if (traded) s.blocksWithTrades++;
      if (intents.length > 0) s.bookChangedBlocks++;
      const [bid, ask] = [this.book.bestBid(), this.book.bestAsk()];
      if (bid !== undefined && ask !== undefined) {
        s.twoSidedBlocks++;
        expect(bid).toBeLessThan(ask);
        const gap = niceTicks((index * 5n) / (10_000n * this.contract.tickSize)) * this.contract.tickSize;
        const twiceDist = bid + ask - 2n * index;
        if ((twiceDist < 0n ? -twiceDist : twiceDist) <= 2n * 4n * gap) s.nearIndexBlocks++;
      }
    }
    return s;
  }

  private move(owner: string, d: bigint, s: SimStats): void {
    const p = (this.pos.get(owner) ?? 0n) + d;
    this.pos.set(owner, p);
    const abs = p < 0n ? -p : p;
    if (abs > (s.maxAbsPosition.get(owner) ?? 0n)) s.maxAbsPosition.set(owner, abs);
  }
}

/** Messages per second measured with the same per-event accounting as estimateMessageRate. */
function measuredRate(s: SimStats): number {
  const seconds = s.blocks / 10;
  const book = 2 * s.bookChangedBlocks;
  return (book + s.blocksWithTrades + s.tradedOrders + s.orderUpdates + s.openOrderChanges + 2 * s.fills) / seconds;
}

describe('MarketDriver', () => {
  it('replays the same intents for the same seed', () => {
    const a = new Sim(COARSE, { activity: 'busy' }).run(400, true).intents;
    const b = new Sim(COARSE, { activity: 'busy' }).run(400, true).intents;
    const c = new Sim(COARSE, { activity: 'busy', seed: 8 }).run(400, true).intents;
    expect(a.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('only asks for valid orders: on the tick, within maxTicks, whole steps', () => {
    for (const contract of [COARSE, FINE]) {
      const { intents } = new Sim(contract, { activity: 'stress' }).run(500, true);
      for (const it of intents) {
        if (it.kind === 'cancel') continue;
        expect(it.sz > 0n && it.sz % contract.stepSize === 0n).toBe(true);
        if (it.tif === 'Market') expect(it.px).toBeUndefined();
        else {
          expect(it.px! % contract.tickSize).toBe(0n);
          expect(it.px! >= contract.tickSize && it.px! <= contract.maxTicks * contract.tickSize).toBe(true);
        }
      }
    }
  });

  for (const level of ['calm', 'normal', 'busy', 'stress'] as ActivityLevel[]) {
    it(`${level}: keeps a two-sided book near the index, trades at the level's rate, bounds every bot's position`, () => {
      const p = activityParams(level);
      for (const contract of [COARSE, FINE]) {
        const sim = new Sim(contract, { activity: level });
        const s = sim.run(3000);
        expect(s.twoSidedBlocks).toBeGreaterThan(s.blocks * 0.99);
        expect(s.nearIndexBlocks).toBeGreaterThan(s.blocks * 0.95);
        const perSec = s.takerOrders / (s.blocks / 10);
        expect(perSec).toBeGreaterThan(p.takerRatePerSec * 0.7);
        expect(perSec).toBeLessThan(p.takerRatePerSec * 1.3);
        expect(s.fills).toBeGreaterThan(0);
        expect(s.rejects).toBeLessThan(s.takerOrders + s.blocks * 0.1);
        const lot = contract.lot ?? contract.stepSize;
        const makerBound = lot * BigInt(p.makerLots.max) * BigInt(p.quoteLevels) * 3n;
        const takerBound = lot * BigInt(p.takerLots.max) * 12n;
        for (const [owner, max] of s.maxAbsPosition) {
          expect(max, owner).toBeLessThanOrEqual(owner.includes('maker') ? makerBound : takerBound);
        }
      }
    });
  }

  it('stress publishes roughly 1000 messages per second over two contracts, close to the estimate', () => {
    const measured = [COARSE, FINE].map((c) => measuredRate(new Sim(c, { activity: 'stress' }).run(3000)));
    const total = measured[0]! + measured[1]!;
    expect(total).toBeGreaterThan(700);
    expect(total).toBeLessThan(1400);
    const estimate = estimateMessageRate(activityParams('stress')).total;
    expect(total / estimate).toBeGreaterThan(0.67);
    expect(total / estimate).toBeLessThan(1.5);
  });

  it("off withdraws every bot's quotes and then stays silent; switching back restarts the market", () => {
    const sim = new Sim(COARSE, { activity: 'normal' });
    sim.run(50);
    expect(sim.book.depth().bids.length).toBeGreaterThan(0);
    sim.driver.setActivity('off');
    const index = sim.driver.index;
    const first = sim.run(1, true);
    expect(first.intents.every((i) => i.kind === 'cancel')).toBe(true);
    expect(sim.book.depth()).toEqual({ bids: [], asks: [] });
    expect(sim.run(200, true).intents).toEqual([]);
    expect(sim.driver.index).toBe(index);
    sim.driver.setActivity('calm');
    sim.run(5);
    expect(sim.book.depth().bids.length).toBeGreaterThan(0);
  });

  it('a lower level retires the surplus bots', () => {
    const sim = new Sim(COARSE, { activity: 'stress' });
    sim.run(20);
    const quoting = sim.driver.owners.makers.filter((m) => sim.book.ordersOf(m).length > 0);
    expect(quoting).toHaveLength(activityParams('stress').makers);
    sim.driver.setActivity('calm');
    sim.run(2);
    const active = sim.driver.owners.makers.filter((m) => sim.book.ordersOf(m).length > 0);
    expect(active).toEqual(sim.driver.owners.makers.slice(0, activityParams('calm').makers));
  });

  it('setIndex moves the market: quotes follow the new index within a few blocks', () => {
    const sim = new Sim(COARSE, { activity: 'busy' });
    sim.run(100);
    expect(sim.driver.setIndex(3000n)).toBe(3000n);
    sim.run(30);
    const bid = sim.book.bestBid()!;
    const ask = sim.book.bestAsk()!;
    expect(bid).toBeGreaterThan(2950n);
    expect(ask).toBeLessThan(3050n);
  });

  it('uses the owner keys it is given and shares the taker rate among the available takers', () => {
    const sim = new Sim(COARSE, { activity: 'busy', makerOwners: ['m1'], takerOwners: ['t1'] });
    expect(sim.driver.owners).toEqual({ makers: ['m1'], takers: ['t1'] });
    const s = sim.run(2000, true);
    expect(new Set(s.intents.map((i) => i.owner))).toEqual(new Set(['m1', 't1']));
    const perSec = s.takerOrders / (s.blocks / 10);
    expect(perSec).toBeGreaterThan(activityParams('busy').takerRatePerSec * 0.7);
  });
});

describe('niceTicks', () => {
  it('rounds down to 1, 2 or 5 x 10^k', () => {
    expect([0n, 1n, 2n, 3n, 4n, 5n, 9n, 10n, 19n, 20n, 49n, 50n, 99n, 100n, 250n, 999n].map(niceTicks)).toEqual([
      1n, 1n, 2n, 2n, 2n, 5n, 5n, 10n, 10n, 20n, 20n, 50n, 50n, 100n, 200n, 500n,
    ]);
  });
});
