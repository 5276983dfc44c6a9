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
  /** Trade and fill ids remembered for deduplication. */
  seenIds: number;
}

export const DEFAULT_CAPS: FeedCaps = {
  trades: 500,
  fills: 1000,
  orderHistory: 1000,
  journal: 1000,
  errors: 200,
  candles: 500,
  configEvents: 100,
  seenIds: 20_000,
};
