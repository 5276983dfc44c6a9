import type { Authenticator } from '../auth.js';
import type { Clock } from '../clock.js';
import type { CreditScheduler } from '../credits.js';
import type { Ledger } from '../ledger.js';
import type { StreamHub } from '../streams/hub.js';
import type { TradingEngine } from '../trading/tradingEngine.js';
import type { AccountStore } from './accounts.js';
import type { AgentStore } from './agents.js';
import type { IndexPrices } from './indexPrices.js';
import type { InviteCodeStore } from './inviteCodes.js';
import type { MarginHooks } from './marginHooks.js';
import type { MarketConfig } from './marketConfig.js';

/**
 * The exchange's state as the action handlers, the info queries and the stream snapshots
 * see it: the stores, the clock, the trading engine and the margin hooks, without the
 * request pipeline that calls them. ExchangeCore is one; depending on this instead keeps
 * those handlers below the core, which registers them.
 */
export interface ExchangeState {
  readonly clock: Clock;
  readonly config: MarketConfig;
  readonly ledger: Ledger;
  readonly accounts: AccountStore;
  readonly agents: AgentStore;
  readonly invites: InviteCodeStore;
  readonly indexPrices: IndexPrices;
  readonly credits: CreditScheduler;
  readonly auth: Authenticator;
  readonly hub: StreamHub;
  readonly trading: TradingEngine;
  /** Withdrawable amounts and pool views, as the trading engine computes them. */
  readonly hooks: MarginHooks;
  /** The operator account of a market deployer, if it has one. */
  operatorAccountId(marketDeployerId: number): number | undefined;
}
