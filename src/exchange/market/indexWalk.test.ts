import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexWalk } from './indexWalk.js';

const T0 = 1_700_000_000_000;

function path(walk: IndexWalk, steps: number, every = 100): bigint[] {
  const out: bigint[] = [];
  walk.step(T0);
  for (let i = 1; i <= steps; i++) out.push(walk.step(T0 + i * every));
  return out;
}

describe('IndexWalk', () => {
  it('replays the same path for the same seed and differs for another', () => {
    const opts = { tickSize: 1n, maxTicks: 10_000n, startPx: 2000n, volatilityBps: 5 };
    const a = path(new IndexWalk({ seed: 42, ...opts }), 2000);
    const b = path(new IndexWalk({ seed: 42, ...opts }), 2000);
    const c = path(new IndexWalk({ seed: 43, ...opts }), 2000);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    // It actually moves.
    expect(new Set(a).size).toBeGreaterThan(10);
  });

  it('advances by elapsed time, so the call pattern does not change the path', () => {
    const opts = { seed: 9, tickSize: 5n, maxTicks: 100_000n, startPx: 250_000n, volatilityBps: 3 };
    const fine = new IndexWalk(opts);
    const coarse = new IndexWalk(opts);
    fine.step(T0);
    coarse.step(T0);
    for (let i = 1; i <= 1000; i++) fine.step(T0 + i * 100);
    // Odd intervals leave remainders; they must carry over, not be lost.
    for (let t = T0; t < T0 + 100_000; ) {
      t = Math.min(T0 + 100_000, t + 730);
      coarse.step(t);
    }
    expect(coarse.px).toBe(fine.px);
  });

  it('does not move before a full step has elapsed or when time goes backwards', () => {
    const w = new IndexWalk({ seed: 1, tickSize: 1n, maxTicks: 10_000n, startPx: 2000n, volatilityBps: 50 });
    w.step(T0);
    expect(w.step(T0 + 99)).toBe(2000n);
    expect(w.step(T0 - 5000)).toBe(2000n);
  });

  it('stays on the tick and within [minTicks, maxTicks] x tick, whatever the volatility', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.bigInt({ min: 1n, max: 1000n }),
        fc.bigInt({ min: 10n, max: 20_000n }),
        fc.bigInt({ min: 0n, max: 40_000_000n }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        (seed, tick, maxTicks, start, vol) => {
          const w = new IndexWalk({ seed, tickSize: tick, maxTicks, startPx: start, volatilityBps: vol, driftChance: 0.05, maxDriftBps: vol });
          for (const px of [w.px, ...path(w, 300)]) {
            expect(px % tick).toBe(0n);
            expect(px).toBeGreaterThanOrEqual(5n * tick);
            expect(px).toBeLessThanOrEqual(maxTicks * tick);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reflects off its bounds instead of sticking to them', () => {
    const w = new IndexWalk({ seed: 5, tickSize: 1n, maxTicks: 100n, startPx: 95n, volatilityBps: 300 });
    const seen = path(w, 3000);
    const atTop = seen.filter((p) => p === 100n).length;
    expect(atTop).toBeLessThan(seen.length / 2);
    expect(seen.some((p) => p < 60n)).toBe(true);
  });

  it('setIndex snaps to the nearest tick, clamps to the bounds and the walk continues from there', () => {
    const w = new IndexWalk({ seed: 3, tickSize: 10n, maxTicks: 1000n, startPx: 5000n, volatilityBps: 0 });
    expect(w.setIndex(1234n)).toBe(1230n);
    expect(w.setIndex(1235n)).toBe(1240n);
    expect(w.setIndex(0n)).toBe(50n);
    expect(w.setIndex(-7n)).toBe(50n);
    expect(w.setIndex(99_999n)).toBe(10_000n);
    w.setIndex(4000n);
    w.step(T0);
    expect(w.step(T0 + 10_000)).toBe(4000n);
    w.setVolatility(20);
    const after = path(w, 200);
    expect(after.some((p) => p !== 4000n)).toBe(true);
  });

  it('with zero volatility and drift the index never moves', () => {
    const w = new IndexWalk({ seed: 11, tickSize: 1n, maxTicks: 10_000n, startPx: 777n, volatilityBps: 0, maxDriftBps: 0 });
    expect(new Set(path(w, 500))).toEqual(new Set([777n]));
  });

  it('caps the steps replayed after a long jump of time', () => {
    const capped = new IndexWalk({ seed: 2, tickSize: 1n, maxTicks: 10_000n, startPx: 5000n, volatilityBps: 10, maxCatchUpSteps: 50 });
    const stepwise = new IndexWalk({ seed: 2, tickSize: 1n, maxTicks: 10_000n, startPx: 5000n, volatilityBps: 10 });
    capped.step(T0);
    stepwise.step(T0);
    capped.step(T0 + 86_400_000);
    for (let i = 1; i <= 50; i++) stepwise.step(T0 + i * 100);
    expect(capped.px).toBe(stepwise.px);
  });

  it('goes both up and down across seeds (no built-in trend)', () => {
    let up = 0;
    let down = 0;
    for (let seed = 0; seed < 40; seed++) {
      const w = new IndexWalk({ seed, tickSize: 1n, maxTicks: 1_000_000n, startPx: 500_000n, volatilityBps: 5 });
      const end = path(w, 1000).at(-1) as bigint;
      if (end > 500_000n) up++;
      if (end < 500_000n) down++;
    }
    expect(up).toBeGreaterThan(8);
    expect(down).toBeGreaterThan(8);
  });
});
