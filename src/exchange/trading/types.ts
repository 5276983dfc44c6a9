/**
 * State records of the trading layer. Prices and sizes are raw bigint in the contract's
 * units; money is raw bigint of the collateral coin. Records are mutated only by the
 * module that owns them (holdings.ts, orderStore.ts, conditionals.ts).
 */
import type { OrderStatusName } from '../../protocol/wire/index.js';

export type PositionSide = 'long' | 'short';
export type MarginMode = 'cross' | 'isolated';
export type OrderTif = 'Gtc' | 'Ioc' | 'Alo' | 'Market';

export interface Position {
  readonly side: PositionSide;
  /** Open size, always > 0 while the position exists. */
  size: bigint;
  /** Sum of px x sz of what is open: entry price = cost / size, exactly. */
  cost: bigint;
  openedAt: number;
}

/**
 * One account on one contract: its settings, its position(s) and the aggregates of its
 * resting orders, so that a margin check costs O(contracts), not O(orders).
 */
export interface Holding {
  readonly accountId: number;
  readonly contractId: number;
  leverage: number;
  marginMode: MarginMode;
  long: Position | undefined;
  short: Position | undefined;
  /** Resting orders that are not reduce-only: remaining size and sum of px x remaining, per side. */
  buySz: bigint;
  buyPxSz: bigint;
  sellSz: bigint;
  sellPxSz: bigint;
  /** Remaining size of resting reduce-only orders per side (never above the position they reduce). */
  roBuySz: bigint;
  roSellSz: bigint;
  /** Resting orders of any kind. */
  openOrders: number;
  /** Live TP/SL triggers. */
  triggers: number;
}

export interface OrderRecord {
  readonly oid: number;
  readonly accountId: number;
  readonly contractId: number;
  readonly isBuy: boolean;
  /** Limit price; for a market order the protective price it was sent with. */
  px: bigint;
  /** Total size including what filled (modify's `s`). */
  origSz: bigint;
  filled: bigint;
  /** Sum of px x sz of the fills, for avgPx. */
  filledPxSz: bigint;
  /** Resting size while open; what was left unfilled once closed. */
  remaining: bigint;
  tif: OrderTif;
  readonly reduceOnly: boolean;
  cloid: string | undefined;
  /** Hedge mode: the position the order opens or reduces. */
  readonly positionSide: PositionSide | undefined;
  /** When the order took its current queue place (modify requeues). */
  timestamp: number;
  status: OrderStatusName;
  statusTimestamp: number;
  /** Set when a TP/SL trigger created the order. */
  readonly triggerId?: number;
}

/** Where a position's cross margin comes from: a market deployer pool or a share-group pool. */
export type PoolRef = { kind: 'md'; id: number } | { kind: 'group'; id: number };

export interface Trigger {
  readonly id: number;
  readonly accountId: number;
  readonly contractId: number;
  readonly positionSide: PositionSide;
  readonly kind: 'tp' | 'sl';
  readonly triggerPx: bigint;
  /** Absent: the whole position at the time it fires. */
  readonly sz: bigint | undefined;
  readonly createdAt: number;
}
