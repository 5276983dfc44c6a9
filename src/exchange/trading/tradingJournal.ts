/**
 * What the trading books tell a persistence layer as they change: which records to write
 * at the end of the request or block. Unset (the in-memory venue), nothing is told.
 * Calls name what changed; the listener reads the current state when it writes.
 */
import type { CandleInterval, Fill } from '../../protocol/wire/index.js';
import type { CandleEvent } from '../market/candles.js';
import type { OrderRecord, Trigger } from './types.js';

export interface TradingJournal {
  /** A new order, or one whose fields or status changed. */
  order(o: OrderRecord): void;
  /** A closed order fell out of its account's history. */
  orderDropped(oid: number): void;
  /** The holding (settings, positions) may have changed; it may also be gone. */
  holding(accountId: number, contractId: number): void;
  trigger(trig: Trigger, live: boolean): void;
  /** A fill kept for the account's `userFills` snapshot. */
  fill(accountId: number, fill: Fill): void;
  /** A bar changed or closed. */
  candle(contractId: number, e: CandleEvent): void;
  /** An interval's back-history was merged into its bars, which are all to be written. */
  candlesMerged(contractId: number, interval: CandleInterval): void;
  /** The back-history was anchored at this moment and price, or the last trade price moved. */
  market(contractId: number): void;
}
