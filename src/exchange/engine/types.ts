/**
 * Shared types of the single-contract matching engine.
 *
 * Units: every price and size is a bigint in the contract's raw units
 * (value x 10^scale); the engine never sees decimals or JS floats. Tick/step
 * alignment, maxTicks, margin and reduce-only sizing are the caller's job: the
 * book only enforces what is needed to keep itself consistent.
 */

/** Time in force of an order that can rest on the book. */
export type RestingTif = 'Gtc' | 'Alo';

/** Every order type accepted by `OrderBook.place`. */
export type Tif = 'Gtc' | 'Ioc' | 'Alo' | 'Market';

/**
 * An order resting on the book. Objects handed out by the book are live views
 * (their `sz`/`filled` change as the order fills), hence readonly: copy with
 * `{ ...order }` to keep a snapshot.
 */
export interface RestingOrder {
  readonly oid: number;
  /** Opaque account key; orders of the same owner never trade with each other. */
  readonly owner: string;
  readonly isBuy: boolean;
  readonly px: bigint;
  /** Remaining (open) size. */
  readonly sz: bigint;
  /** Total size including what has already filled; `modify` can change it. */
  readonly origSz: bigint;
  readonly filled: bigint;
  readonly tif: RestingTif;
  /** Stored only; the caller sizes reduce-only orders against the position. */
  readonly reduceOnly: boolean;
  readonly cloid?: string | undefined;
  /** Caller-supplied time (ms) at which the order took its current queue place. */
  readonly time: number;
  /** Book-wide monotonic counter: lower seq = earlier in the FIFO at equal price. */
  readonly seq: number;
}

export type MutableOrder = { -readonly [K in keyof RestingOrder]: RestingOrder[K] };

export interface PlaceRequest {
  /** Omit to take the next id from the book's injected counter. */
  oid?: number | undefined;
  owner: string;
  isBuy: boolean;
  /**
   * Limit price. Required for Gtc/Ioc/Alo. For Market it is optional and acts
   * as a protective limit (the order never trades through it).
   */
  px?: bigint | undefined;
  sz: bigint;
  tif: Tif;
  reduceOnly: boolean;
  cloid?: string | undefined;
}

export interface Fill {
  makerOid: number;
  makerOwner: string;
  takerOid: number;
  takerOwner: string;
  /** Always the maker's resting price. */
  px: bigint;
  sz: bigint;
  takerIsBuy: boolean;
  /** Maker's remaining size after this fill (0n = maker fully filled, gone). */
  makerRemaining: bigint;
  makerCloid?: string | undefined;
  takerCloid?: string | undefined;
}

export type PlaceStatus = 'resting' | 'filled' | 'partial-canceled' | 'canceled' | 'rejected';

export interface PlaceResult {
  /** The order's id (also for rejections, when one could be determined; -1 otherwise). */
  oid: number;
  status: PlaceStatus;
  fills: Fill[];
  /** Sum of fill sizes. */
  filledSz: bigint;
  /** Sum of px*sz over the fills: avgPx = notional / filledSz. */
  notional: bigint;
  /** Taker remainder dropped (Ioc / Market leftovers). 0n otherwise. */
  canceledSz: bigint;
  /** Present when status is 'resting': the live order on the book. */
  rested?: RestingOrder;
  /**
   * Resting orders of the taker's own owner removed by the self-trade policy
   * (expire maker), in the order they were met. The caller reports them as canceled.
   */
  expired: RestingOrder[];
  reason?: string;
}

export interface ModifyChanges {
  px?: bigint | undefined;
  /** New TOTAL size, including the already-filled amount (spec 4.6 `s`). */
  newTotalSz?: bigint | undefined;
  tif?: RestingTif | undefined;
  cloid?: string | undefined;
}

export type ModifyResult =
  | { ok: true; order: RestingOrder; /** false when the order kept its queue place */ requeued: boolean }
  | { ok: false; error: string };

export interface SimResult {
  filledSz: bigint;
  /** Sum of px*sz over the simulated fills: avgPx = avgPxNumerator / filledSz. */
  avgPxNumerator: bigint;
  levelsTouched: number;
  /** Price of the last (worst) level reached; undefined when nothing would fill. */
  worstPx: bigint | undefined;
}

export interface DepthLevel {
  px: bigint;
  /** Sum of remaining sizes at this price. */
  sz: bigint;
  /** Number of orders at this price. */
  n: number;
}

export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
}
