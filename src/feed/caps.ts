/** Bounds on everything that grows with time (architecture: "bounded everything"). */
export interface FeedCaps {
  /** Trades kept per contract. */
  trades: number;
  fills: number;
  orderHistory: number;
  journal: number;
  errors: number;
  /** Bars kept per contract and interval. */
  candles: number;
  configEvents: number;
  /**
   * Trade ids remembered for deduplication. A resubscribe repeats only the trades just before
   * the drop, the newest in the set, so a few tapes' worth covers it; more only costs memory
   * (20,000 kept the heap growing for the first 25 minutes of a busy soak).
   */
  seenTradeIds: number;
  /** Fill ids remembered: a userFills snapshot can repeat the account's whole recent history. */
  seenFillIds: number;
}

export const DEFAULT_CAPS: FeedCaps = {
  trades: 500,
  fills: 1000,
  orderHistory: 1000,
  journal: 1000,
  errors: 200,
  candles: 500,
  configEvents: 100,
  seenTradeIds: 2_000,
  seenFillIds: 20_000,
};
