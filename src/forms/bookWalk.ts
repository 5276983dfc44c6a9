import type { BookLevel } from '../protocol/wire/index.js';
import { divRound, minBig } from '../protocol/index.js';
import { tryDecimal } from './numbers.js';

export interface BookSides {
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
}

/** What an order would take from the current book if it arrived now. */
export interface FillEstimate {
  /** Raw size matched on arrival. */
  filled: bigint;
  /** Sum of raw price x raw size over the matched part (product units: priceScale + qtyScale). */
  cost: bigint;
  /** Volume-weighted average of the matched part, raw price rounded half-up; absent when nothing matches. */
  avgPx?: bigint;
  /** The last (worst) level touched. */
  worstPx?: bigint;
  /** Raw size left after matching (rests for Gtc, is cancelled for Ioc/Market). */
  remaining: bigint;
  /** Levels touched. */
  levels: number;
  /** What each touched level gives, best first (raw price, raw size): the exchange settles fill by fill. */
  fills: { px: bigint; sz: bigint }[];
}

/** The account's own resting size per raw price on the side being walked: the exchange never matches them (self-trade prevention). */
export type OwnLevels = ReadonlyMap<bigint, bigint>;

/**
 * Walks the opposite side best-first, taking levels while they cross `limit` (none for a
 * market order). Levels are the wire's best-first order; unreadable levels are skipped
 * rather than guessed; `own` sizes are taken out of their levels, as the exchange skips
 * them. Stops as soon as the size is covered, so a deep book costs nothing.
 */
export function walkBook(
  book: BookSides | undefined,
  isBuy: boolean,
  size: bigint,
  limit: bigint | undefined,
  priceScale: number,
  qtyScale: number,
  own?: OwnLevels,
): FillEstimate {
  const levels = book ? (isBuy ? book.asks : book.bids) : [];
  let left = size;
  let cost = 0n;
  let touched = 0;
  let worst: bigint | undefined;
  const fills: { px: bigint; sz: bigint }[] = [];
  for (const level of levels) {
    if (left <= 0n) break;
    const px = tryDecimal(level.px, priceScale);
    const listed = tryDecimal(level.sz, qtyScale);
    if (px === undefined || listed === undefined || listed <= 0n || px <= 0n) continue;
    if (limit !== undefined && (isBuy ? px > limit : px < limit)) break;
    const sz = listed - (own?.get(px) ?? 0n);
    if (sz <= 0n) continue;
    const take = minBig(left, sz);
    cost += px * take;
    left -= take;
    worst = px;
    touched++;
    fills.push({ px, sz: take });
  }
  const filled = size - left;
  const out: FillEstimate = { filled, cost, remaining: left, levels: touched, fills };
  if (filled > 0n) out.avgPx = divRound(cost, filled, 'half-up');
  if (worst !== undefined) out.worstPx = worst;
  return out;
}

/** Best bid and ask as raw prices, when the book has them. */
export function bestPrices(book: BookSides | undefined, priceScale: number): { bid?: bigint; ask?: bigint } {
  const out: { bid?: bigint; ask?: bigint } = {};
  const bid = tryDecimal(book?.bids[0]?.px, priceScale);
  const ask = tryDecimal(book?.asks[0]?.px, priceScale);
  if (bid !== undefined) out.bid = bid;
  if (ask !== undefined) out.ask = ask;
  return out;
}

/** Whether a limit price would match on arrival against the current best opposite price. */
export function wouldCross(book: BookSides | undefined, isBuy: boolean, price: bigint, priceScale: number): bigint | undefined {
  const { bid, ask } = bestPrices(book, priceScale);
  if (isBuy && ask !== undefined && price >= ask) return ask;
  if (!isBuy && bid !== undefined && price <= bid) return bid;
  return undefined;
}
