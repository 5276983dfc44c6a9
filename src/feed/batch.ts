import type { ConnState, SubState } from '../model/streamState.js';
import type { JournalEntry } from '../model/journalEntry.js';
import type { ClientError } from '../model/clientError.js';
import type {
  AgentRecord,
  Bbo,
  Candle,
  ConfigEvent,
  Configs,
  Fill,
  L2Book,
  MarketState,
  OpenOrder,
  OrderUpdate,
  ShareGroupDef,
  Trade,
  UserAccount,
} from '../protocol/wire/index.js';

export interface ErrorEntry {
  time: number;
  /** Where it came from: 'ws', 'info:userAccount', 'poll:marketState', 'exchange' ... */
  source: string;
  kind: ClientError['kind'];
  message: string;
}

export interface PollStatus {
  lastOk: number | null;
  lastError: string | null;
}

/** Session facts that are set, not accumulated. */
export interface SessionPatch {
  connection?: ConnState;
  reconnects?: number;
  latencyMs?: number | null;
  clockOffsetMs?: number | null;
  clockWarning?: string | null;
  /** Replaces the whole per-channel map (the WebSocket client reports all of it at once). */
  channels?: Readonly<Record<string, SubState>>;
}

/** Open orders: a snapshot replaces everything; upserts and removals apply after it. */
export interface OpenOrdersDelta {
  snapshot: Map<number, OpenOrder> | undefined;
  upserts: Map<number, OpenOrder>;
  removed: Set<number>;
}

/** Everything that arrived during one flush interval, already merged. */
export interface FeedBatch {
  books: Map<number, L2Book>;
  bbos: Map<number, Bbo>;
  /** New trades per contract, oldest first, deduplicated. */
  trades: Map<number, Trade[]>;
  /** Bars by `${contractId}:${interval}`, then by open time. */
  candles: Map<string, Map<number, Candle>>;
  marketStates: Map<number, MarketState>;
  configs: Configs | undefined;
  configEvents: ConfigEvent[];
  account: UserAccount | undefined;
  agents: AgentRecord[] | undefined;
  shareGroupDefs: ShareGroupDef[] | undefined;
  openOrders: OpenOrdersDelta | undefined;
  orderHistory: OrderUpdate[];
  fills: Fill[];
  session: SessionPatch | undefined;
  polls: Map<string, PollStatus>;
  errors: ErrorEntry[];
  journal: JournalEntry[];
}

export function emptyBatch(): FeedBatch {
  return {
    books: new Map(),
    bbos: new Map(),
    trades: new Map(),
    candles: new Map(),
    marketStates: new Map(),
    configs: undefined,
    configEvents: [],
    account: undefined,
    agents: undefined,
    shareGroupDefs: undefined,
    openOrders: undefined,
    orderHistory: [],
    fills: [],
    session: undefined,
    polls: new Map(),
    errors: [],
    journal: [],
  };
}

export function candleKey(contractId: number, interval: string): string {
  return `${contractId}:${interval}`;
}
