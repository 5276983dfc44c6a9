import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OwnQuote } from './intents.js';
import { makerLadder, type MakerQuoteInput, planMakerQuotes } from './makerBot.js';

const base: MakerQuoteInput = {
  index: 2000n,
  tickSize: 1n,
  stepSize: 1n,
  maxTicks: 10_000n,
  quotes: [],
  inventory: 0n,
  levels: 3,
  spreadTicks: 2n,
  size: 10n,
};

let nextOid = 1;
/** What the exchange would hold after executing the plan (every place rests). */
function apply(input: MakerQuoteInput): OwnQuote[] {
  const plan = planMakerQuotes(input);
  const left = input.quotes.filter((q) => !plan.cancels.includes(q.oid));
  return [...left, ...plan.places.map((p) => ({ oid: nextOid++, isBuy: p.isBuy, px: p.px, sz: p.sz }))];
}

const pxs = (qs: readonly { isBuy: boolean; px: bigint }[], isBuy: boolean): bigint[] =>
  qs.filter((q) => q.isBuy === isBuy).map((q) => q.px).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('makerLadder', () => {
  it('quotes levels each side around the index', () => {
    expect(makerLadder(base)).toEqual([
      { isBuy: true, px: 1998n, sz: 10n },
      { isBuy: true, px: 1997n, sz: 10n },
      { isBuy: true, px: 1996n, sz: 10n },
      { isBuy: false, px: 2002n, sz: 10n },
      { isBuy: false, px: 2003n, sz: 10n },
      { isBuy: false, px: 2004n, sz: 10n },
    ]);
  });

  it('puts levels on the gap grid', () => {
    const l = makerLadder({ ...base, tickSize: 10n, index: 20_000n, spreadTicks: 3n, gapTicks: 5n });
    expect(pxs(l, true)).toEqual([19_850n, 19_900n, 19_950n]);
    expect(pxs(l, false)).toEqual([20_050n, 20_100n, 20_150n]);
  });

  it('skews against inventory and stops the growing side at the limit', () => {
    const half = makerLadder({ ...base, inventory: 50n, maxInventory: 100n, maxSkewTicks: 4n });
    expect(pxs(half, true).at(-1)).toBe(1996n);
    expect(pxs(half, false)[0]).toBe(2000n);
    const full = makerLadder({ ...base, inventory: 150n, maxInventory: 100n, maxSkewTicks: 4n });
    expect(pxs(full, true)).toEqual([]);
    expect(pxs(full, false)).toEqual([1998n, 1999n, 2000n]);
    const short = makerLadder({ ...base, inventory: -100n, maxInventory: 100n, maxSkewTicks: 4n });
    expect(pxs(short, false)).toEqual([]);
    expect(pxs(short, true).at(-1)).toBe(2002n);
  });

  it("does not cross another participant's touch, but ignores a touch that is its own quote", () => {
    expect(pxs(makerLadder({ ...base, bestAsk: 1997n }), true)).toEqual([1996n]);
    expect(pxs(makerLadder({ ...base, bestBid: 2003n }), false)).toEqual([2004n]);
    const own: OwnQuote[] = [{ oid: 1, isBuy: false, px: 1997n, sz: 5n }];
    expect(pxs(makerLadder({ ...base, quotes: own, bestAsk: 1997n }), true)).toEqual([1996n, 1997n, 1998n]);
  });

  it('keeps prices within [1 tick, maxTicks x tick]', () => {
    const top = makerLadder({ ...base, index: 9_999n });
    expect(pxs(top, false)).toEqual([]);
    expect(pxs(top, true)).toEqual([9_995n, 9_996n, 9_997n]);
    const bottom = makerLadder({ ...base, index: 4n });
    expect(pxs(bottom, true)).toEqual([1n, 2n]);
    expect(pxs(bottom, false)).toEqual([6n, 7n, 8n]);
  });

  it('rounds sizes down to the step, never below one step', () => {
    expect(makerLadder({ ...base, size: 25n, stepSize: 10n, levels: 2 }).map((l) => l.sz)).toEqual([20n, 20n, 20n, 20n]);
    expect(makerLadder({ ...base, size: 3n, stepSize: 10n, levels: 1 }).map((l) => l.sz)).toEqual([10n, 10n]);
  });

  it('always yields a valid ladder', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100n }),
        fc.bigInt({ min: 1n, max: 1000n }),
        fc.bigInt({ min: 1n, max: 20_000n }),
        fc.integer({ min: 0, max: 15 }),
        fc.bigInt({ min: 0n, max: 30n }),
        fc.bigInt({ min: 1n, max: 20n }),
        fc.bigInt({ min: -500n, max: 500n }),
        (tick, step, indexTicks, levels, spreadTicks, gapTicks, inventory) => {
          const maxTicks = 10_000n;
          const l = makerLadder({
            ...base,
            tickSize: tick,
            stepSize: step,
            index: indexTicks * tick,
            maxTicks,
            levels,
            spreadTicks,
            gapTicks,
            size: step * 3n,
            inventory,
            maxInventory: 300n,
          });
          const bids = pxs(l, true);
          const asks = pxs(l, false);
          expect(bids.length).toBeLessThanOrEqual(levels);
          expect(asks.length).toBeLessThanOrEqual(levels);
          for (const q of l) {
            expect(q.px % tick).toBe(0n);
            expect(q.px).toBeGreaterThanOrEqual(tick);
            expect(q.px).toBeLessThanOrEqual(maxTicks * tick);
            expect(q.sz > 0n && q.sz % step === 0n).toBe(true);
          }
          if (bids.length > 0 && asks.length > 0) expect(bids.at(-1)! < asks[0]!).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('planMakerQuotes', () => {
  it('places the whole ladder from nothing, Alo by default', () => {
    const plan = planMakerQuotes(base);
    expect(plan.cancels).toEqual([]);
    expect(plan.places).toHaveLength(6);
    expect(new Set(plan.places.map((p) => p.tif))).toEqual(new Set(['Alo']));
    expect(planMakerQuotes({ ...base, tif: 'Gtc' }).places[0]?.tif).toBe('Gtc');
  });

  it('does nothing when the ladder already stands', () => {
    const quotes = apply(base);
    expect(planMakerQuotes({ ...base, quotes })).toEqual({ cancels: [], places: [] });
  });

  it('a one-tick move requotes one level per side: the far one goes, a new near one comes', () => {
    const quotes = apply(base);
    const plan = planMakerQuotes({ ...base, quotes, index: 2001n });
    const cancelled = quotes.filter((q) => plan.cancels.includes(q.oid)).map((q) => q.px);
    expect(cancelled.sort()).toEqual([1996n, 2002n]);
    expect(plan.places.map((p) => [p.isBuy, p.px])).toEqual([
      [true, 1999n],
      [false, 2005n],
    ]);
  });

  it('a move inside the grid cell changes nothing', () => {
    const input = { ...base, tickSize: 1n, gapTicks: 5n, index: 2000n };
    const quotes = apply(input);
    expect(planMakerQuotes({ ...input, quotes, index: 2001n })).toEqual({ cancels: [], places: [] });
    expect(planMakerQuotes({ ...input, quotes, index: 1999n })).toEqual({ cancels: [], places: [] });
    // 1997 + 2 reaches the 2000 grid line: the asks gain 2000 and drop their far level.
    const moved = planMakerQuotes({ ...input, quotes, index: 1997n });
    expect(moved.places.map((p) => p.px)).toEqual([2000n]);
    expect(moved.cancels.map((oid) => quotes.find((q) => q.oid === oid)?.px)).toEqual([2015n]);
  });

  it('keeps a partly filled quote while at least half is left, then refreshes it', () => {
    const quotes = apply(base).map((q) => (q.px === 1998n ? { ...q, sz: 5n } : q.px === 2002n ? { ...q, sz: 4n } : q));
    const plan = planMakerQuotes({ ...base, quotes });
    expect(plan.cancels).toEqual([quotes.find((q) => q.px === 2002n)!.oid]);
    expect(plan.places).toEqual([{ isBuy: false, px: 2002n, sz: 10n, tif: 'Alo' }]);
  });

  it('cancels duplicates and strays, keeping one quote per level', () => {
    const quotes: OwnQuote[] = [
      { oid: 1, isBuy: true, px: 1998n, sz: 10n },
      { oid: 2, isBuy: true, px: 1998n, sz: 10n },
      { oid: 3, isBuy: true, px: 1500n, sz: 10n },
      { oid: 4, isBuy: false, px: 1998n, sz: 10n }, // right price, wrong side
    ];
    const plan = planMakerQuotes({ ...base, quotes });
    expect(plan.cancels).toEqual([2, 3, 4]);
    expect(plan.places.map((p) => p.px)).toEqual([1997n, 1996n, 2002n, 2003n, 2004n]);
  });

  it('reaches a fixpoint after one plan, and churn per move is bounded by the distance travelled', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 100n, max: 9_000n }), fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 30 }), (start, moves) => {
        const input: MakerQuoteInput = { ...base, levels: 5, index: start };
        let quotes = apply(input);
        let index = start;
        for (const m of moves) {
          index += BigInt(m);
          const step = { ...input, quotes, index };
          const plan = planMakerQuotes(step);
          // Each side loses exactly k levels at one end and gains k at the other.
          const k = Math.min(Math.abs(m), 5);
          expect(plan.places.length).toBe(2 * k);
          expect(plan.cancels.length).toBe(2 * k);
          quotes = apply(step);
          expect(planMakerQuotes({ ...step, quotes })).toEqual({ cancels: [], places: [] });
        }
      }),
      { numRuns: 100 },
    );
  });
});
