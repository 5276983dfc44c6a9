import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { textWidth } from '../../format/width.js';
import { segmentsText } from '../segments.js';
import { CONFIGS, btcBook, solBook } from '../../../../test/ui/support/paneFixtures.js';
import { buildLadder } from './bookLadder.js';
import { bookRows, spreadBps, spreadText, type BookRowsInput } from './bookRows.js';

const SOL = CONFIGS.contracts[0]!;
const BTC = CONFIGS.contracts[1]!;
const NO_OWN = { bids: new Set<bigint>(), asks: new Set<bigint>() };

function input(over: Partial<BookRowsInput> = {}): BookRowsInput {
  return { ladder: buildLadder(solBook(1), SOL, 1), priceScale: 0, qtyScale: 0, width: 40, height: 10, cursor: null, own: NO_OWN, emptyText: 'waiting for book…', ...over };
}
const texts = (i: BookRowsInput) => bookRows(i).map((l) => segmentsText(l.segments));

describe('bookRows', () => {
  it('puts asks above the spread (best ask lowest) and bids below (best bid first)', () => {
    const lines = bookRows(input({ height: 8 }));
    expect(lines.map((l) => l.kind)).toEqual(['header', 'ask', 'ask', 'ask', 'spread', 'bid', 'bid', 'bid']);
    const t = lines.map((l) => segmentsText(l.segments));
    expect(t[3]).toMatch(/^S +152 +7 +7 /);
    expect(t[1]).toMatch(/^S +155 +40 +72 /);
    expect(t[5]).toMatch(/^B +150 +12 +12 /);
    expect(t[7]).toMatch(/^B +148 +5 +47 /);
    expect(t[4]).toContain('spread 2');
    expect(t[4]).toContain('132.45 bps');
  });
  it('fills exactly the given height and width, whatever the size', () => {
    const ladders = [buildLadder(solBook(1), SOL, 1), buildLadder(btcBook(1), BTC, 1), buildLadder(btcBook(1), BTC, 10), undefined];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 45 }),
        fc.constantFrom(...ladders),
        fc.option(fc.constantFrom(150n, 145n, 160n, 151n, 600000n), { nil: null }),
        (width, height, ladder, cursor) => {
          const scale = ladder === ladders[0] || ladder === undefined ? 0 : 1;
          const lines = bookRows(input({ ladder, width, height, cursor, priceScale: scale, qtyScale: scale * 3 }));
          expect(lines).toHaveLength(height);
          for (const l of lines) expect(textWidth(segmentsText(l.segments))).toBe(width);
          expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
        },
      ),
    );
  });
  it('keeps the spread in the middle, padding a thin side with blank rows', () => {
    const lines = bookRows(input({ height: 20 }));
    const spreadAt = lines.findIndex((l) => l.kind === 'spread');
    // header + 9 asks slots (5 real, 4 blank) + spread
    expect(spreadAt).toBe(10);
    expect(lines.slice(1, 5).every((l) => l.kind === 'blank')).toBe(true);
  });
  it('marks the cursor row and scrolls just enough to keep a deep cursor in view', () => {
    const near = bookRows(input({ height: 6, cursor: 150n }));
    expect(near.filter((l) => l.cursor).map((l) => l.kind)).toEqual(['bid']);
    // 6 lines: header, 2 asks, spread, 2 bids; 145 is the 5th bid, so the window scrolls down
    const deep = bookRows(input({ height: 6, cursor: 145n }));
    const cur = deep.find((l) => l.cursor)!;
    expect(segmentsText(cur.segments)).toMatch(/^B +145 /);
    expect(deep[deep.length - 1]).toBe(cur);
    const top = bookRows(input({ height: 6, cursor: 160n }));
    expect(segmentsText(top[1]!.segments)).toMatch(/^S +160 /);
    expect(top[1]!.cursor).toBe(true);
  });
  it('shows a cursor whose level vanished as an empty row at its price', () => {
    const lines = texts(input({ height: 12, cursor: 147n }));
    const row = lines.find((t) => /^B +147/.test(t));
    expect(row).toBeDefined();
    expect(row!.slice(7).trim()).toBe('');
  });
  it('marks levels holding own orders with a glyph', () => {
    const own = { bids: new Set([149n]), asks: new Set([155n]) };
    const t = texts(input({ height: 12, own }));
    expect(t.find((x) => /^B +149/.test(x))).toContain('◆');
    expect(t.find((x) => /^S +155/.test(x))).toContain('◆');
    expect(t.find((x) => /^B +150/.test(x))).not.toContain('◆');
  });
  it('draws cumulative depth bars on one scale for both sides', () => {
    const t = texts(input({ width: 60, height: 8 }));
    // deepest visible: asks 155 (72), bids 148 (47): the 72 bar is the longest
    const bar = (x: string) => (x.match(/[█▏▎▍▌▋▊▉]+/)?.[0] ?? '').length;
    expect(bar(t[1]!)).toBeGreaterThan(bar(t[7]!));
    expect(bar(t[3]!)).toBeLessThan(bar(t[2]!));
  });
  it('drops total and bar columns before price and size when narrow', () => {
    const narrow = texts(input({ width: 14, height: 5 }));
    expect(narrow[0]).not.toContain('Total');
    expect(narrow[2]).toMatch(/^S +152 +7 *$/);
  });
  it('formats with the contract scales and separators', () => {
    const t = texts(input({ ladder: buildLadder(btcBook(1), BTC, 1), priceScale: 1, qtyScale: 3, width: 50, height: 8 }));
    expect(t[3]).toMatch(/^S +60,001\.0 +0\.100 +0\.100/);
    expect(t[5]).toMatch(/^B +60,000\.0 +0\.250 +0\.250/);
  });
  it('says what it waits for when there is no book', () => {
    const lines = bookRows(input({ ladder: undefined, height: 5 }));
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.kind === 'message').map((l) => segmentsText(l.segments).trim())).toEqual(['waiting for book…']);
  });
});

describe('spread', () => {
  it('is exact in bps of the mid, computed in bigint', () => {
    expect(spreadBps(150n, 152n)).toBe('132.45 bps');
    expect(spreadBps(600000n, 600010n)).toBe('0.17 bps');
    expect(spreadBps(100n, 100n)).toBe('0.00 bps');
  });
  it('names one-sided, empty and crossed books', () => {
    const l = buildLadder(solBook(1), SOL, 1)!;
    expect(spreadText({ ...l, bestAsk: undefined }, 0, 40)).toBe('no asks');
    expect(spreadText({ ...l, bestBid: undefined }, 0, 40)).toBe('no bids');
    expect(spreadText({ ...l, bestBid: undefined, bestAsk: undefined }, 0, 40)).toBe('empty book');
    expect(spreadText({ ...l, bestBid: 153n }, 0, 40)).toBe('crossed');
    expect(spreadText(l, 0, 20)).toBe('2 · 132.45 bps');
  });
});
