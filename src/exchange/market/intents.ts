/**
 * What the market bots ask the exchange to do. Bots are ordinary accounts: the
 * exchange submits these through its normal order path (same engine, margin
 * and rules), in the order given, cancels of an owner before its places.
 * Prices and sizes are raw bigint in the contract's units.
 */
import type { RestingTif, Tif } from '../engine/types.js';

/** A bot's own resting order as the exchange reports it (an engine RestingOrder fits). */
export interface OwnQuote {
  readonly oid: number;
  readonly isBuy: boolean;
  readonly px: bigint;
  /** Remaining open size. */
  readonly sz: bigint;
}

export interface QuoteIntent {
  isBuy: boolean;
  px: bigint;
  sz: bigint;
  tif: RestingTif;
}

export interface MakerPlan {
  /** Oids to cancel, in the order the quotes were given. */
  cancels: number[];
  /** New quotes: bids best first, then asks best first. */
  places: QuoteIntent[];
}

export interface TakerIntent {
  isBuy: boolean;
  sz: bigint;
  type: 'Ioc' | 'Market';
  /** Limit price for Ioc; absent for Market (the wire omits `p`). */
  px?: bigint;
  reduceOnly: boolean;
}

/** Keyed by owner (the bot's account key) so the exchange knows whose order path to use. */
export type BotIntent =
  | { kind: 'cancel'; owner: string; oids: number[] }
  | { kind: 'place'; owner: string; isBuy: boolean; px?: bigint; sz: bigint; tif: Tif; reduceOnly: boolean };
