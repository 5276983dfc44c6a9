import type { Ledger } from '../ledger.js';
import type { AccountStore } from '../state/accounts.js';
import type { IndexPrices } from '../state/indexPrices.js';
import type { MarketConfig } from '../state/marketConfig.js';
import type { StreamHub } from '../streams/hub.js';

/**
 * What the trading engine uses of the exchange around it: the market's configuration, the
 * ledger money moves on, the accounts, the index prices marks follow, the hub its events go
 * out on, and a sink for log lines. ExchangeCore has all of these; a test can build the
 * engine from these parts alone.
 */
export interface TradingState {
  readonly config: MarketConfig;
  readonly ledger: Ledger;
  readonly accounts: AccountStore;
  readonly indexPrices: IndexPrices;
  readonly hub: StreamHub;
  /** One line per noteworthy event (liquidations, covered debts). */
  readonly log: (line: string) => void;
  /** The venue's seed (`--seed`): the candles' back-history is drawn from it. */
  readonly seed?: number;
}
