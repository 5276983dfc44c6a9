/**
 * How a trade changes a holding's positions, without touching money: the shared rule
 * (src/protocol/risk/positionTrade.ts, which the dashboard's estimates use too) applied to
 * the exchange's holdings, to settle real fills and to price hypothetical ones in margin
 * checks. The caller keeps any index of positions in sync.
 */
import { tradeIntoPositions, type TradeEffect } from '../../protocol/risk/index.js';
import type { ContractUnits } from './units.js';
import type { Holding, PositionSide } from './types.js';

export type { TradeEffect };

/** Applies a trade of `sz` at a total of `pxSz` (sum of px x sz over its fills) to `h`. */
export function tradeIntoHolding(
  h: Holding,
  units: ContractUnits,
  isBuy: boolean,
  positionSide: PositionSide | undefined,
  reduceOnly: boolean,
  sz: bigint,
  pxSz: bigint,
  now: number,
): TradeEffect {
  return tradeIntoPositions(h, units, isBuy, positionSide, reduceOnly, sz, pxSz, (side) => ({ side, size: 0n, cost: 0n, openedAt: now }));
}
