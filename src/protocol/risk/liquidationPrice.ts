/**
 * The mark price at which a position would be liquidated, everything else held fixed: the
 * exchange reports it on each position and the dashboard estimates it before an order.
 *
 * Liquidation starts when the equity backing a position falls below f x MM, with f = 1, or
 * 1/2 for the cross positions of a share-group pool (below MM such a pool is FROZEN first),
 * and MM = notional / (2 L), L the leverage of the tier holding the position's notional at
 * the current mark. Writing D = 2 L / f and B for what backs the position besides its own
 * PnL, E(P) = f MM(P) solves to
 *   long:  P = D (C mul - B div) / (S mul (D - 1)),  rounded up
 *   short: P = D (C mul + B div) / (S mul (D + 1)),  rounded down
 * with C the position's cost (sum of px x sz), S its size and mul/div the unit conversion
 * (collateral = pxSz x mul / div). Both roundings move the price toward the mark, so the
 * figure never flatters. No positive price: undefined (nothing would liquidate it).
 */
import { ceilDiv, floorDiv } from './marginMath.js';
import type { PositionSide } from './positionTrade.js';

/** Share-group pools are liquidated at half their maintenance requirement. */
export const GROUP_LIQUIDATION_FRACTION_DEN = 2n;

export interface LiquidationInput {
  side: PositionSide;
  size: bigint;
  cost: bigint;
  mul: bigint;
  div: bigint;
  /** Leverage of the tier holding the position's notional at the current mark. */
  tierLeverage: number;
  /** B, raw collateral units: see crossBacking, or the isolated bucket's balance. */
  backing: bigint;
  /** 1/f: 1, or GROUP_LIQUIDATION_FRACTION_DEN for a cross position in a share-group pool. */
  fractionDen: bigint;
}

export function liquidationPx(i: LiquidationInput): bigint | undefined {
  if (i.size <= 0n) return undefined;
  const d = 2n * BigInt(i.tierLeverage) * i.fractionDen;
  const px =
    i.side === 'long'
      ? ceilDiv(d * (i.cost * i.mul - i.backing * i.div), i.size * i.mul * (d - 1n))
      : floorDiv(d * (i.cost * i.mul + i.backing * i.div), i.size * i.mul * (d + 1n));
  return px > 0n ? px : undefined;
}

/**
 * B of a cross position: the pool's balance plus the unrealized PnL of its other cross
 * positions, less f x their maintenance margin (f x MM rounded down).
 */
export function crossBacking(poolBalance: bigint, otherUpnl: bigint, otherMaintenance: bigint, fractionDen: bigint): bigint {
  return poolBalance + otherUpnl - floorDiv(otherMaintenance, fractionDen);
}
