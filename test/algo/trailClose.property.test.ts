import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundPx, closePx } from '../../src/algo/trailingStopPlan.js';

/**
 * Money at stake: a fired stop's close prices. Whatever the tick, the mark, the spread and
 * the bound, every close is on the tick grid, crosses the touch it was priced from (so an
 * Ioc meets the best bid or ask when there is one within the bound), and never goes past the
 * bound the trader set, which itself lies within its basis points of the mark it fired at.
 * Seeded (FUZZ_SEED to explore, PERPDESK_FUZZ_RUNS for more runs).
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 31);
const RUNS = Number(process.env['PERPDESK_FUZZ_RUNS'] ?? 2_000);

const caseArb = fc.record({
  tick: fc.bigInt({ min: 1n, max: 1_000n }),
  mark: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  boundBps: fc.integer({ min: 1, max: 9_999 }),
  throughTicks: fc.integer({ min: 0, max: 200 }),
  isBuy: fc.boolean(),
  // The touch as a signed offset from the mark, in ticks: inside the spread, at it, far away.
  touchTicks: fc.option(fc.integer({ min: -100_000, max: 100_000 }), { nil: undefined }),
});

describe('a fired stop\'s close price', () => {
  it('is on the grid, crosses the touch within the bound, and never passes the bound', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const plan = { tickSize: k.tick, boundBps: k.boundBps, throughTicks: k.throughTicks };
        const fired = { mark: k.mark, isBuy: k.isBuy };
        const bound = boundPx(plan, fired);
        const scaled = bound * 10_000n;
        // The bound is on the grid and within its basis points of the mark (a sell's never below mark x (1 - bps)), unless one tick is the floor.
        expect(bound % k.tick).toBe(0n);
        expect(bound >= k.tick).toBe(true);
        if (k.isBuy) expect(bound === k.tick || scaled <= k.mark * BigInt(10_000 + k.boundBps)).toBe(true);
        else if (bound > k.tick) expect(scaled >= k.mark * BigInt(10_000 - k.boundBps)).toBe(true);

        const touch = k.touchTicks === undefined ? undefined : k.mark + BigInt(k.touchTicks) * k.tick;
        const usable = touch !== undefined && touch > 0n ? touch : undefined;
        const c = closePx(plan, fired, usable);
        expect(c.price % k.tick).toBe(0n);
        // Never past the bound.
        if (k.isBuy) expect(c.price <= bound).toBe(true);
        else expect(c.price >= bound).toBe(true);
        if (c.atBound) expect(c.price).toBe(bound);
        else {
          // Priced from the touch: at least `throughTicks` through it, so it crosses it.
          expect(usable).toBeDefined();
          const through = BigInt(k.throughTicks) * k.tick;
          if (k.isBuy) expect(c.price >= usable! + through).toBe(true);
          else expect(c.price <= usable! - through).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
