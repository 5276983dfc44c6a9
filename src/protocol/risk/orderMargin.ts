/**
 * What resting orders reserve: initial margin on the px x sz of the orders that would
 * increase exposure. In one-way mode that is the part of each side's orders beyond closing
 * the opposite position; in hedge mode (where only reduce-only orders reduce) all of them.
 * Both sides cannot fill against the same position, so the larger side is what counts.
 * Reduce-only orders reserve nothing and are not part of these aggregates.
 */
import type { MarginMath } from './marginMath.js';

export interface RestingAggregates {
  /** Remaining size and sum of px x remaining of resting orders that are not reduce-only, per side. */
  buySz: bigint;
  buyPxSz: bigint;
  sellSz: bigint;
  sellPxSz: bigint;
  long?: { size: bigint } | undefined;
  short?: { size: bigint } | undefined;
}

export function increasingOrderPxSz(h: RestingAggregates, hedge: boolean): bigint {
  const side = (sz: bigint, pxSz: bigint, opposite: bigint): bigint => {
    if (sz <= 0n) return 0n;
    const inc = hedge ? sz : sz - opposite;
    if (inc <= 0n) return 0n;
    return inc >= sz ? pxSz : (pxSz * inc) / sz;
  };
  const buy = side(h.buySz, h.buyPxSz, h.short?.size ?? 0n);
  const sell = side(h.sellSz, h.sellPxSz, h.long?.size ?? 0n);
  return buy > sell ? buy : sell;
}

/** Initial margin the holding's resting orders reserve at its leverage. */
export function restingOrderMargin(math: MarginMath, h: RestingAggregates, leverage: number, hedge: boolean): bigint {
  const pxSz = increasingOrderPxSz(h, hedge);
  return pxSz === 0n ? 0n : math.initialMargin(math.ceil(pxSz), leverage);
}
