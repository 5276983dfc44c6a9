import type { ConnState, SubState } from '../model/streamState.js';
import type { JournalEntry } from '../model/journalEntry.js';
import type { ErrorEntry, PollStatus } from '../feed/batch.js';
import type {
  AgentRecord,
  Bbo,
  Candle,
  ConfigEvent,
  Configs,
  ContractConfig,
  Fill,
  L2Book,
  MarketState,
  OpenOrder,
  OrderUpdate,
  Position,
  ShareGroupDef,
  Trade,
  UserAccount,
} from '../protocol/wire/index.js';

/**
 * The dashboard's whole state. Prices and sizes stay the wire's decimal strings; arrays are
 * newest-last capped rings; every object is replaced, never mutated, so a selector that
 * returns one is stable until that piece changes.
 */
export interface MarketSlice {
  configs: Configs | null;
  /** Contracts whose status is Active, by name (spec 1: match by name, ids are not fixed). */
  contracts: Readonly<Record<string, ContractConfig>>;
  /** The contract the panes show, by name. */
  selected: string | null;
  /** Books and bbos keep their identity while a new message repeats their content. */
  books: Readonly<Record<number, L2Book>>;
  bbos: Readonly<Record<number, Bbo>>;
  /**
   * Server time of the latest book or bbo message per contract, kept apart from the data
   * so that a market that repeats itself block after block re-renders nothing. Clock data:
   * the record keeps its identity and its times move forward in place (applyBatch.ts), so a
   * repeat does not even change the store; read it where an age is judged at the clock's
   * tick, never as a selector's answer. The same holds for a successful poll's `lastOk`
   * after a success, for AccountSlice.updatedAt while the account reads the same, and for a
   * market state's `time` while the rest of it reads the same.
   */
  feedTimes: Readonly<Record<number, number>>;
  trades: Readonly<Record<number, readonly Trade[]>>;
  /** Bars by `${contractId}:${interval}`, ascending open time. */
  candles: Readonly<Record<string, readonly Candle[]>>;
  marketStates: Readonly<Record<number, MarketState>>;
  configEvents: readonly ConfigEvent[];
}

export interface AccountSlice {
  /** The last userAccount answer as received. */
  raw: UserAccount | null;
  accountId: number | null;
  chainBalances: UserAccount['chainBalances'];
  /** Market-deployer cross pools, with their positions. */
  pools: UserAccount['marketDeployers'];
  /** Every position across pools, in pool order. */
  positions: readonly Position[];
  shareGroups: UserAccount['shareGroups'];
  shareGroupDefs: readonly ShareGroupDef[];
  agents: readonly AgentRecord[];
  updatedAt: number | null;
}

export interface OrdersSlice {
  open: Readonly<Record<number, OpenOrder>>;
  history: readonly OrderUpdate[];
  fills: readonly Fill[];
}

/**
 * A kind of data the session keeps fresh, judged stale or live as a whole: what a face shows
 * from it (one pane or several) is the face's business.
 */
export type FeedKind = 'book' | 'trades' | 'candles' | 'orders' | 'fills' | 'account';

export interface SessionSlice {
  connection: ConnState;
  reconnects: number;
  /** Per subscription key (`l2Book:1`, `openOrders` ...). */
  channels: Readonly<Record<string, SubState>>;
  /** HTTP round trip: the median of the last five requests (client/recentMedian.ts). */
  latencyMs: number | null;
  clockOffsetMs: number | null;
  clockWarning: string | null;
  /** True when a pane's data cannot be trusted as current. */
  staleness: Readonly<Record<FeedKind, boolean>>;
  polls: Readonly<Record<string, PollStatus>>;
  errors: readonly ErrorEntry[];
}

/** Which venue (`embedded`, or a deployment's REST base) and account a journal is about. */
export interface JournalScope {
  venue: string;
  account: string;
}

export interface JournalSlice {
  entries: readonly JournalEntry[];
  /** Set by the session: its entries are this venue's and account's (and lines from before those were recorded). */
  scope?: JournalScope;
}

export interface AppState {
  market: MarketSlice;
  account: AccountSlice;
  orders: OrdersSlice;
  session: SessionSlice;
  journal: JournalSlice;
}
