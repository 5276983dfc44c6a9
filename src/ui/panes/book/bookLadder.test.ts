import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFIGS, btcBook, solBook } from '../../../../test/ui/support/paneFixtures.js';
import { bucketOf, buildLadder, ladderOf, moveBookCursor, parseRaw } from './bookLadder.js';

const SOL = CONFIGS.contracts[0]!;
const BTC = CONFIGS.contracts[1]!;

describe('buildLadder', () => {
  it('parses wire levels to raw units, best first on each side', () => {
    const l = buildLadder(solBook(1), SOL, 1)!;
    expect(l.bids.map((x) => x.px)).toEqual([150n, 149n, 148n, 146n, 145n]);
    expect(l.asks.map((x) => x.px)).toEqual([152n, 153n, 155n, 156n, 160n]);
    expect(l.bestBid).toBe(150n);
    expect(l.bestAsk).toBe(152n);
    expect(l.group).toBe(1n);
  });
  it('groups by tick multiples without moving the true best prices', () => {
    const l = buildLadder(btcBook(1), BTC, 4)!; // tick 5 raw x 4 = 20 raw = 2.0
    expect(l.group).toBe(20n);
    // bids round down, asks round up: a bucket never looks better than its orders
    expect(l.bids.map((x) => x.px)).toEqual([600000n, 599980n, 599900n]);
    expect(l.asks.map((x) => x.px)).toEqual([600020n, 600040n, 600100n]);
    const coarse = buildLadder(btcBook(1), BTC, 20)!; // 100 raw = 10.0
    expect(coarse.bids.map((x) => [x.px, x.sz])).toEqual([[600000n, 250n], [599900n, 1500n + 12125n]]);
    expect(coarse.asks.map((x) => [x.px, x.sz])).toEqual([[600100n, 100n + 2000n + 8000n]]);
    expect(l.bestBid).toBe(600000n);
    expect(l.bestAsk).toBe(600010n);
  });
  it('drops empty and malformed levels, and needs a book and a contract', () => {
    const book = solBook(1);
    book.levels[0].push({ px: 'x', sz: '1', n: 1 }, { px: '140', sz: '0', n: 0 });
    expect(buildLadder(book, SOL, 1)!.bids).toHaveLength(5);
    expect(buildLadder(undefined, SOL, 1)).toBeUndefined();
    expect(buildLadder(book, undefined, 1)).toBeUndefined();
  });
  it('is memoised on its inputs', () => {
    const book = solBook(1);
    expect(ladderOf(book, SOL, 1)).toBe(ladderOf(book, SOL, 1));
    expect(ladderOf(book, SOL, 2)).not.toBe(ladderOf(book, SOL, 1));
  });
});

describe('bucketOf', () => {
  it('matches groupLevels rounding', () => {
    expect(bucketOf(599995n, 'bid', 20n)).toBe(599980n);
    expect(bucketOf(599995n, 'ask', 20n)).toBe(600000n);
    expect(bucketOf(600000n, 'ask', 20n)).toBe(600000n);
  });
});

describe('moveBookCursor', () => {
  const ladder = buildLadder(solBook(1), SOL, 1)!;
  it('leaves the spread for the best bid going down and the best ask going up', () => {
    expect(moveBookCursor(ladder, null, 1)).toBe(150n);
    expect(moveBookCursor(ladder, null, -1)).toBe(152n);
    expect(moveBookCursor(ladder, null, 2)).toBe(149n);
    expect(moveBookCursor(ladder, null, -2)).toBe(153n);
  });
  it('steps level by level across the spread', () => {
    expect(moveBookCursor(ladder, '152', 1)).toBe(150n);
    expect(moveBookCursor(ladder, '150', -1)).toBe(152n);
    expect(moveBookCursor(ladder, '149', 1)).toBe(148n);
    expect(moveBookCursor(ladder, '155', -1)).toBe(156n);
  });
  it('stops at both ends', () => {
    expect(moveBookCursor(ladder, '145', 1)).toBe(145n);
    expect(moveBookCursor(ladder, '160', -1)).toBe(160n);
    expect(moveBookCursor(ladder, null, 100)).toBe(145n);
    expect(moveBookCursor(ladder, null, -100)).toBe(160n);
  });
  it('moves from where a vanished level would sit', () => {
    expect(moveBookCursor(ladder, '147', 1)).toBe(146n);
    expect(moveBookCursor(ladder, '147', -1)).toBe(148n);
    expect(moveBookCursor(ladder, '151', 1)).toBe(150n);
    expect(moveBookCursor(ladder, '151', -1)).toBe(152n);
  });
  it('keeps the cursor when there is nothing to move over', () => {
    expect(moveBookCursor(undefined, '150', 1)).toBe(150n);
    expect(moveBookCursor({ asks: [], bids: [] }, null, 1)).toBeNull();
    expect(moveBookCursor(ladder, '150', 0)).toBe(150n);
  });
  it('always lands on a level of the ladder', () => {
    const prices = [...ladder.asks, ...ladder.bids].map((l) => l.px);
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 100, max: 200 }), { nil: null }), fc.integer({ min: -20, max: 20 }).filter((d) => d !== 0), (c, d) => {
        const next = moveBookCursor(ladder, c === null ? null : String(c), d);
        expect(next).not.toBeNull();
        expect(prices).toContain(next);
      }),
    );
  });
  it('parses raw cursor strings strictly', () => {
    expect(parseRaw('600010')).toBe(600010n);
    expect(parseRaw('1.5')).toBeNull();
    expect(parseRaw(null)).toBeNull();
  });
});
