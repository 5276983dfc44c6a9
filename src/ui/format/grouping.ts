import { parseDecimal } from '../../protocol/decimal.js';

/** One book level in raw units. */
export interface RawLevel {
  px: bigint;
  sz: bigint;
  /** Number of orders at the level, summed when grouped. */
  n: number;
}

export type BookSide = 'bid' | 'ask';

/**
 * Buckets prices to a multiple of `group` (raw units): bids round down and asks round up,
 * so a grouped level never looks better than the orders inside it. Sizes and order counts
 * of a bucket are summed. Output is best-first: bids descending, asks ascending.
 */
export function groupLevels(levels: readonly RawLevel[], side: BookSide, group: bigint): RawLevel[] {
  if (group <= 0n) throw new RangeError('price grouping must be positive');
  const buckets = new Map<bigint, RawLevel>();
  for (const level of levels) {
    const rem = level.px % group;
    let px = level.px - rem;
    if (side === 'ask' && rem !== 0n) px += group;
    const bucket = buckets.get(px);
    if (bucket) {
      bucket.sz += level.sz;
      bucket.n += level.n;
    } else {
      buckets.set(px, { px, sz: level.sz, n: level.n });
    }
  }
  const out = [...buckets.values()];
  out.sort((a, b) => (side === 'bid' ? cmp(b.px, a.px) : cmp(a.px, b.px)));
  return out;
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Grouping choices for g / G: 1, 2, 5, 10, 20, 50 ... ticks, up to `maxSteps` entries.
 */
export function groupingSteps(tickSize: bigint, maxSteps = 10): bigint[] {
  const steps: bigint[] = [];
  let decade = 1n;
  const mults = [1n, 2n, 5n];
  while (steps.length < maxSteps) {
    for (const m of mults) {
      if (steps.length < maxSteps) steps.push(tickSize * m * decade);
    }
    decade *= 10n;
  }
  return steps;
}

/** Running totals from the best level outwards, for cumulative depth bars. */
export function cumulativeSizes(levels: readonly RawLevel[]): bigint[] {
  let total = 0n;
  return levels.map((l) => (total += l.sz));
}

/**
 * Wire levels ({px, sz, n} decimal strings) to raw units at the contract's scales.
 * Malformed levels are skipped: the book pane must render whatever arrived.
 */
export function toRawLevels(
  levels: readonly { px: string; sz: string; n: number }[],
  priceScale: number,
  qtyScale: number,
): RawLevel[] {
  const out: RawLevel[] = [];
  for (const l of levels) {
    try {
      out.push({ px: parseDecimal(l.px, priceScale, 'px'), sz: parseDecimal(l.sz, qtyScale, 'sz'), n: l.n });
    } catch {
      // skipped: a level that does not parse cannot be placed on the price axis
    }
  }
  return out;
}
