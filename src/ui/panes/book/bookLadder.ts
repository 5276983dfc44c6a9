import type { ContractConfig, L2Book } from '../../../protocol/wire/index.js';
import { groupLevels, toRawLevels, type RawLevel } from '../../format/grouping.js';
import { memoLast } from '../memo.js';

/**
 * The book as the pane shows it: levels in raw units, grouped to the chosen multiple of
 * the tick, best first on each side. The true best bid and ask are kept ungrouped, since
 * the spread must not widen because of display grouping.
 */
export interface BookLadder {
  /** Ascending prices (best ask first). */
  asks: readonly RawLevel[];
  /** Descending prices (best bid first). */
  bids: readonly RawLevel[];
  bestBid: bigint | undefined;
  bestAsk: bigint | undefined;
  /** Bucket width in raw price units (tick x grouping). */
  group: bigint;
}

export function groupSize(contract: ContractConfig, groupTicks: number): bigint {
  const tick = BigInt(Math.max(1, Math.trunc(contract.tickSize)));
  return tick * BigInt(Math.max(1, Math.trunc(groupTicks)));
}

function best(levels: readonly RawLevel[], side: 'bid' | 'ask'): bigint | undefined {
  let out: bigint | undefined;
  for (const l of levels) if (out === undefined || (side === 'bid' ? l.px > out : l.px < out)) out = l.px;
  return out;
}

export function buildLadder(book: L2Book | undefined, contract: ContractConfig | undefined, groupTicks: number): BookLadder | undefined {
  if (!book || !contract) return undefined;
  const [bidsWire, asksWire] = book.levels;
  const bids = toRawLevels(bidsWire, contract.priceScale, contract.qtyScale).filter((l) => l.sz > 0n);
  const asks = toRawLevels(asksWire, contract.priceScale, contract.qtyScale).filter((l) => l.sz > 0n);
  const group = groupSize(contract, groupTicks);
  return {
    bids: groupLevels(bids, 'bid', group),
    asks: groupLevels(asks, 'ask', group),
    bestBid: best(bids, 'bid'),
    bestAsk: best(asks, 'ask'),
    group,
  };
}

/** Memoised on the book snapshot, contract and grouping: one ladder per store update. */
export const ladderOf = memoLast(buildLadder);

/** The bucket a price falls in on a side (bids round down, asks up, as groupLevels does). */
export function bucketOf(px: bigint, side: 'bid' | 'ask', group: bigint): bigint {
  const rem = px % group;
  if (rem === 0n) return px;
  return side === 'bid' ? px - rem : px - rem + group;
}

/**
 * Moves the book's price cursor `delta` levels down the screen (positive = towards lower
 * prices, as j does). Screen order is asks from the deepest down to the best ask, then
 * bids from the best bid down. From the spread (null), +1 lands on the best bid and -1 on
 * the best ask. A cursor whose level has vanished moves from where that price would sit.
 * The cursor stops at the ends; an empty book leaves it where it was.
 */
export function moveBookCursor(
  ladder: { asks: readonly { px: bigint }[]; bids: readonly { px: bigint }[] } | undefined,
  cursorRaw: string | null,
  delta: number,
): bigint | null {
  const current = parseRaw(cursorRaw);
  if (!ladder) return current;
  const prices = [...ladder.asks.map((l) => l.px).reverse(), ...ladder.bids.map((l) => l.px)];
  if (prices.length === 0 || delta === 0) return current;
  const step = Math.trunc(delta);
  let index: number;
  if (current === null) {
    // The spread sits between the last ask and the first bid on screen.
    index = step > 0 ? ladder.asks.length - 1 + step : ladder.asks.length + step;
  } else {
    const at = prices.indexOf(current);
    if (at >= 0) index = at + step;
    else {
      // Not on a level: the cursor is between the levels above and below its price.
      const above = prices.filter((p) => p > current).length;
      index = step > 0 ? above - 1 + step : above + step;
    }
  }
  return prices[Math.max(0, Math.min(prices.length - 1, index))]!;
}

export function parseRaw(raw: string | null | undefined): bigint | null {
  if (raw === null || raw === undefined || !/^-?\d+$/.test(raw)) return null;
  return BigInt(raw);
}
