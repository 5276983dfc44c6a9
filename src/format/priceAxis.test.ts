import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { axisPrices, priceAxis } from './index.js';

describe('priceAxis', () => {
  it('steps one tick per row when the range allows, centring the values', () => {
    expect(axisPrices(priceAxis([149n, 151n], 1n, 6))).toEqual([153n, 152n, 151n, 150n, 149n, 148n, 147n]);
    expect(axisPrices(priceAxis([1510n], 5n, 4))).toEqual([1520n, 1515n, 1510n, 1505n, 1500n]);
  });
  it('widens the step in 1-2-5 multiples of the tick', () => {
    expect(priceAxis([0n, 100n], 1n, 9).step).toBe(20n);
    expect(priceAxis([598_500n, 600_250n], 5n, 13).step).toBe(250n);
  });
  it('keeps the smallest step on a short axis, on a finer grid when round rows would not cover', () => {
    // Two rows over 59,950.0 to 60,350.0 (tick 0.5): 1,000 ticks a row (not 5,000 for rows
    // on multiples of 1,000), the rows on multiples of 200 ticks.
    const axis = priceAxis([599_500n, 603_500n], 5n, 1);
    expect(axis.step).toBe(5_000n);
    expect(axisPrices(axis)).toEqual([604_000n, 599_000n]);
  });
  it('never labels a row below zero for prices', () => {
    expect(axisPrices(priceAxis([1n, 2n], 1n, 8)).at(-1)).toBe(0n);
  });
  it('covers every value on tick-grid rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1, maxLength: 50 }),
        fc.bigInt({ min: 1n, max: 1000n }),
        fc.integer({ min: 1, max: 40 }),
        (values, tick, intervals) => {
          const axis = priceAxis(values, tick, intervals);
          const rows = axisPrices(axis);
          expect(rows).toHaveLength(intervals + 1);
          expect(axis.step % tick).toBe(0n);
          for (const r of rows) expect(r % tick).toBe(0n);
          for (const v of values) expect(v <= rows[0]! && v >= rows[intervals]!).toBe(true);
        },
      ),
    );
  });
});
