/**
 * One market maker's quoting decision, as a pure function: from the index and
 * the maker's own resting quotes to the cancels and places that bring its
 * ladder to target.
 *
 * Levels sit on a fixed price grid (multiples of gapTicks x tick) rather than
 * at fixed offsets from the index, so a small index move changes nothing and a
 * move of one grid step changes one level per side: order churn is bounded by
 * how far the price actually travels, not by how often the maker looks.
 * Inventory shifts the centre against the position (long -> quotes lower) and,
 * at the limit, the side that would grow the position is not quoted at all.
 */
import type { RestingTif } from '../engine/types.js';
import type { MakerPlan, OwnQuote, QuoteIntent } from './intents.js';

export interface MakerQuoteInput {
  /** Raw index price the ladder centres on. */
  index: bigint;
  tickSize: bigint;
  stepSize: bigint;
  maxTicks: bigint;
  /** The maker's own resting quotes on this contract. */
  quotes: readonly OwnQuote[];
  /** Signed position (raw size; > 0 long). */
  inventory: bigint;
  /** Levels per side. */
  levels: number;
  /** Centre to the nearest level, in ticks (at least 1). */
  spreadTicks: bigint;
  /** Grid step between levels, in ticks. Default 1. */
  gapTicks?: bigint;
  /** Size of each quote (raw; rounded down to the step, at least one step). */
  size: bigint;
  /** |inventory| at which skew is full and the growing side stops. 0 or absent: no inventory control. */
  maxInventory?: bigint;
  /** Centre shift at full inventory, in ticks. Default gapTicks. */
  maxSkewTicks?: bigint;
  /** Default Alo, so a stale ladder can never take liquidity by accident. */
  tif?: RestingTif;
  /** Book touch; levels that would cross another participant's touch are skipped. */
  bestBid?: bigint | undefined;
  bestAsk?: bigint | undefined;
}

export interface LadderLevel {
  isBuy: boolean;
  px: bigint;
  sz: bigint;
}

/** Target ladder: bids best first, then asks best first. */
export function makerLadder(input: MakerQuoteInput): LadderLevel[] {
  const tick = input.tickSize;
  if (tick <= 0n || input.stepSize <= 0n) throw new RangeError('tickSize and stepSize must be positive');
  const gapTicks = input.gapTicks !== undefined && input.gapTicks > 0n ? input.gapTicks : 1n;
  const spreadTicks = input.spreadTicks > 0n ? input.spreadTicks : 1n;
  const gap = gapTicks * tick;
  const maxPx = input.maxTicks * tick;
  const maxInv = input.maxInventory ?? 0n;
  const maxSkew = input.maxSkewTicks ?? gapTicks;

  let skewTicks = 0n;
  if (maxInv > 0n) {
    skewTicks = (input.inventory * maxSkew) / maxInv;
    if (skewTicks > maxSkew) skewTicks = maxSkew;
    if (skewTicks < -maxSkew) skewTicks = -maxSkew;
  }
  const centre = input.index - skewTicks * tick;
  const quoteBids = !(maxInv > 0n && input.inventory >= maxInv);
  const quoteAsks = !(maxInv > 0n && input.inventory <= -maxInv);
  // A touch held by this maker itself says nothing about others; skip the check then (its own stale quote is cancelled anyway).
  const ownAt = (isBuy: boolean, px: bigint | undefined): boolean => px !== undefined && input.quotes.some((q) => q.isBuy === isBuy && q.px === px);
  const askLimit = input.bestAsk !== undefined && !ownAt(false, input.bestAsk) ? input.bestAsk : undefined;
  const bidLimit = input.bestBid !== undefined && !ownAt(true, input.bestBid) ? input.bestBid : undefined;

  const step = input.stepSize;
  // One size at every level: a quote that a move turns from the first level into the second still fits, so it is kept.
  const sz = input.size < step ? step : input.size - (input.size % step);

  const out: LadderLevel[] = [];
  if (quoteBids) {
    const top = centre - spreadTicks * tick;
    let px = floorTo(top, gap);
    for (let i = 0; i < input.levels && px >= tick; i++, px -= gap) {
      if (px > maxPx || (askLimit !== undefined && px >= askLimit)) continue;
      out.push({ isBuy: true, px, sz });
    }
  }
  if (quoteAsks) {
    const bottom = centre + spreadTicks * tick;
    let px = ceilTo(bottom, gap);
    for (let i = 0; i < input.levels && px <= maxPx; i++, px += gap) {
      if (px < tick || (bidLimit !== undefined && px <= bidLimit)) continue;
      out.push({ isBuy: false, px, sz });
    }
  }
  return out;
}

/**
 * Cancels and places that turn `quotes` into the target ladder. A resting quote
 * is kept when it sits at a target price with at least half the target size
 * left (partial fills do not force a requote); everything else is cancelled.
 */
export function planMakerQuotes(input: MakerQuoteInput): MakerPlan {
  const tif = input.tif ?? 'Alo';
  const targets = makerLadder(input);
  const kept = new Set<number>();
  const places: QuoteIntent[] = [];
  for (const target of targets) {
    const match = input.quotes.find(
      (q) => !kept.has(q.oid) && q.isBuy === target.isBuy && q.px === target.px && q.sz * 2n >= target.sz,
    );
    if (match) kept.add(match.oid);
    else places.push({ isBuy: target.isBuy, px: target.px, sz: target.sz, tif });
  }
  const cancels = input.quotes.filter((q) => !kept.has(q.oid)).map((q) => q.oid);
  return { cancels, places };
}

/** Largest multiple of m at or below x (x may be negative). */
function floorTo(x: bigint, m: bigint): bigint {
  const r = x % m;
  return r === 0n ? x : x >= 0n ? x - r : x - r - m;
}

/** Smallest multiple of m at or above x. */
function ceilTo(x: bigint, m: bigint): bigint {
  const r = x % m;
  return r === 0n ? x : x >= 0n ? x - r + m : x - r;
}
