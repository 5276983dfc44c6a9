/**
 * One position's margin figures at a mark, raw collateral units: notional (rounded up),
 * unrealized PnL (toward minus infinity), initial margin at the holding's leverage capped
 * by the tier, and maintenance margin at the tier. Without a mark, the position is valued
 * at its cost.
 */
import type { MarginMath } from './marginMath.js';
import type { OpenPosition } from './positionTrade.js';

export interface PositionFigures {
  notional: bigint;
  upnl: bigint;
  im: bigint;
  mm: bigint;
}

export function positionFigures(math: MarginMath, leverage: number, p: OpenPosition, mark: bigint | undefined): PositionFigures {
  const value = mark === undefined ? p.cost : mark * p.size;
  const notional = math.ceil(value);
  const upnl = math.floor(p.side === 'long' ? value - p.cost : p.cost - value);
  return { notional, upnl, im: math.initialMargin(notional, leverage), mm: math.maintenanceMargin(notional) };
}
