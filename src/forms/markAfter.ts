import { markPrice } from '../protocol/risk/index.js';
import type { BookSides, FillEstimate } from './bookWalk.js';
import { tryDecimal } from './numbers.js';

/**
 * The mark an order leaves behind. The exchange values a position at its mark, and its mark
 * follows the best bid and ask (src/protocol/risk/markPrice.ts), which the order itself
 * changes: the levels it takes are gone, and a remainder resting at its limit may become the
 * best price on its side. `arrival` is the mark once the order is on the book, `filled` once
 * its resting remainder has filled as well (the other side as the order left it). Without
 * the index, or without a book, the current mark stands.
 */
export interface MarksAfter {
  arrival: bigint | undefined;
  filled: bigint | undefined;
}

function bestOf(levels: readonly { px: string; sz: string }[], priceScale: number, qtyScale: number, taken?: ReadonlyMap<bigint, bigint>): bigint | undefined {
  for (const l of levels) {
    const px = tryDecimal(l.px, priceScale);
    const sz = tryDecimal(l.sz, qtyScale);
    if (px === undefined || sz === undefined || px <= 0n || sz <= 0n) continue;
    if (sz - (taken?.get(px) ?? 0n) > 0n) return px;
  }
  return undefined;
}

export function marksAfter(
  book: BookSides | undefined,
  o: { isBuy: boolean; fill: FillEstimate; resting: bigint; limit: bigint | undefined },
  scales: { priceScale: number; qtyScale: number },
  index: bigint | undefined,
  current: bigint | undefined,
): MarksAfter {
  if (!book || index === undefined) return { arrival: current, filled: current };
  const { priceScale: ps, qtyScale: qs } = scales;
  const taken = new Map<bigint, bigint>();
  for (const f of o.fill.fills) taken.set(f.px, (taken.get(f.px) ?? 0n) + f.sz);
  const opposite = bestOf(o.isBuy ? book.asks : book.bids, ps, qs, taken);
  const own = bestOf(o.isBuy ? book.bids : book.asks, ps, qs);
  const rests = o.resting > 0n && o.limit !== undefined ? o.limit : undefined;
  const better = (a: bigint | undefined, b: bigint | undefined) => (a === undefined ? b : b === undefined ? a : o.isBuy ? (a > b ? a : b) : a < b ? a : b);
  const sameAfter = better(own, rests);
  const at = (same: bigint | undefined) => (o.isBuy ? markPrice(same, opposite, index) : markPrice(opposite, same, index));
  return { arrival: at(sameAfter), filled: at(own) };
}
