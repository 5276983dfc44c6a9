import { describe, expect, it } from 'vitest';
import { Prng } from '../engine/prng.js';
import { TakerBot, type TakerMarket } from './takerBot.js';

const market: TakerMarket = {
  bestBid: 1999n,
  bestAsk: 2001n,
  index: 2000n,
  tickSize: 1n,
  maxTicks: 10_000n,
  lot: 10n,
  throughTicks: 3n,
  position: 0n,
  maxPosition: 0n,
};

const opts = { ratePerSec: 20, blockMs: 100, minLots: 1, maxLots: 8, marketShare: 0.3 };

describe('TakerBot', () => {
  it('is deterministic for a seed', () => {
    const run = (seed: number) => {
      const bot = new TakerBot(new Prng(seed), opts);
      return Array.from({ length: 300 }, () => bot.step(market));
    };
    expect(run(4)).toEqual(run(4));
    expect(run(5)).not.toEqual(run(4));
  });

  it('sends about ratePerSec orders per second over many blocks', () => {
    for (const ratePerSec of [0.5, 3, 20, 80]) {
      const bot = new TakerBot(new Prng(17), { ...opts, ratePerSec });
      const blocks = 20_000; // 2000 simulated seconds
      let orders = 0;
      for (let i = 0; i < blocks; i++) orders += bot.step(market).length;
      const perSec = orders / (blocks / 10);
      expect(perSec, `rate ${ratePerSec}`).toBeGreaterThan(ratePerSec * 0.85);
      expect(perSec, `rate ${ratePerSec}`).toBeLessThan(ratePerSec * 1.15);
    }
  });

  it('sends nothing at rate zero', () => {
    const bot = new TakerBot(new Prng(1), { ...opts, ratePerSec: 0 });
    for (let i = 0; i < 1000; i++) expect(bot.step(market)).toEqual([]);
  });

  it('places Ioc limits a few ticks through the touch, Market orders without a price, sizes in whole lots', () => {
    const bot = new TakerBot(new Prng(8), opts);
    const all = Array.from({ length: 2000 }, () => bot.step(market)).flat();
    const iocs = all.filter((o) => o.type === 'Ioc');
    const markets = all.filter((o) => o.type === 'Market');
    expect(iocs.length).toBeGreaterThan(0);
    expect(markets.length).toBeGreaterThan(0);
    for (const o of iocs) expect(o.px).toBe(o.isBuy ? 2004n : 1996n);
    for (const o of markets) expect(o.px).toBeUndefined();
    for (const o of all) {
      expect(o.sz % 10n).toBe(0n);
      expect(o.sz >= 10n && o.sz <= 80n).toBe(true);
      expect(o.reduceOnly).toBe(false);
    }
    const share = markets.length / all.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
    // Small orders are more common than large ones.
    expect(all.filter((o) => o.sz === 10n).length).toBeGreaterThan(all.filter((o) => o.sz === 80n).length);
  });

  it('clamps Ioc limits to [1 tick, maxTicks x tick]', () => {
    const bot = new TakerBot(new Prng(3), { ...opts, marketShare: 0 });
    const edge = { ...market, bestBid: 2n, bestAsk: 9_999n, index: undefined };
    const all = Array.from({ length: 1000 }, () => bot.step(edge)).flat();
    expect(new Set(all.map((o) => o.px))).toEqual(new Set([1n, 10_000n]));
  });

  it('leans toward the index: buys more when the book sits below it', () => {
    const count = (m: TakerMarket) => {
      const bot = new TakerBot(new Prng(21), opts);
      const all = Array.from({ length: 5000 }, () => bot.step(m)).flat();
      return all.filter((o) => o.isBuy).length / all.length;
    };
    expect(count({ ...market, index: 2100n })).toBeGreaterThan(0.6);
    expect(count({ ...market, index: 1900n })).toBeLessThan(0.4);
    const even = count(market);
    expect(even).toBeGreaterThan(0.44);
    expect(even).toBeLessThan(0.56);
  });

  it('does not send orders against an empty side', () => {
    const bot = new TakerBot(new Prng(6), opts);
    const all = Array.from({ length: 1000 }, () => bot.step({ ...market, bestAsk: undefined, index: undefined })).flat();
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((o) => !o.isBuy)).toBe(true);
  });

  it('at its position limit reduces first, never past flat, and stays within one order of the limit', () => {
    const bot = new TakerBot(new Prng(12), { ...opts, ratePerSec: 80 });
    let blocksWithOrders = 0;
    const cases: [bigint, bigint][] = [
      [100n, 100n],
      [130n, 100n],
      [-100n, 100n],
      [-15n, 15n],
    ];
    for (const [position, limit] of cases) {
      for (let i = 0; i < 500; i++) {
        const block = bot.step({ ...market, position, maxPosition: limit });
        const first = block[0];
        if (first === undefined) continue;
        blocksWithOrders++;
        expect(first).toMatchObject({ isBuy: position < 0n, reduceOnly: true });
        expect(first.sz).toBeLessThanOrEqual(position < 0n ? -position : position);
        let projected = position;
        for (const o of block) {
          if (o.reduceOnly) expect(o.isBuy).toBe(projected < 0n);
          projected += o.isBuy ? o.sz : -o.sz;
          expect(projected < 0n ? -projected : projected).toBeLessThan(limit + 80n);
        }
      }
    }
    expect(blocksWithOrders).toBeGreaterThan(1000);
  });
});
