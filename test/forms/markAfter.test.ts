import { describe, expect, it } from 'vitest';
import { walkBook } from '../../src/forms/bookWalk.js';
import { marksAfter } from '../../src/forms/markAfter.js';
import { book } from './fixtures.js';

/** Bids 147 x5; asks 151 x2, 152 x3. Index 150: mark = median(147, 151, 150) = 150. */
const B = book(1, [['147', '5']], [['151', '2'], ['152', '3']]);
const sides = { bids: B.levels[0], asks: B.levels[1] };
const scales = { priceScale: 0, qtyScale: 0 };

function after(isBuy: boolean, size: bigint, limit: bigint, rests: boolean) {
  const fill = walkBook(sides, isBuy, size, limit, 0, 0);
  return marksAfter(sides, { isBuy, fill, resting: rests ? fill.remaining : 0n, limit }, scales, 150n, 150n);
}

describe('the mark an order leaves (median of best bid, best ask and index)', () => {
  it('a bid resting above the index moves the mark up to it; once it fills, the mark is back', () => {
    // Takes 151 x2, rests 1 at 151: best bid 151, best ask 152 -> median(151, 152, 150) = 151.
    expect(after(true, 3n, 151n, true)).toEqual({ arrival: 151n, filled: 150n });
  });

  it('taking the whole other side leaves a one-sided book: the mark is the index', () => {
    expect(after(true, 5n, 152n, false)).toEqual({ arrival: 150n, filled: 150n });
  });

  it('an order that changes neither best price leaves the mark where it is', () => {
    expect(after(false, 1n, 140n, false)).toEqual({ arrival: 150n, filled: 150n });
    expect(after(true, 1n, 148n, true)).toEqual({ arrival: 150n, filled: 150n });
  });

  it('without the index (or a book) the current mark stands', () => {
    const fill = walkBook(sides, true, 3n, 151n, 0, 0);
    expect(marksAfter(sides, { isBuy: true, fill, resting: 1n, limit: 151n }, scales, undefined, 149n)).toEqual({ arrival: 149n, filled: 149n });
    expect(marksAfter(undefined, { isBuy: true, fill, resting: 1n, limit: 151n }, scales, 150n, 149n)).toEqual({ arrival: 149n, filled: 149n });
  });
});
