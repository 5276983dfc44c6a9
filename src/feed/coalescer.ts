import type { DataMessage } from '../model/streamState.js';
import type { JournalEntry } from '../model/journalEntry.js';
import type {
  AgentRecord,
  Bbo,
  Candle,
  CandleInterval,
  ConfigEvent,
  Configs,
  Fill,
  L2Book,
  MarketState,
  OpenOrder,
  OpenOrdersMessage,
  OrderUpdate,
  ShareGroupDef,
  Trade,
  UserAccount,
} from '../protocol/wire/index.js';
import { emptyBatch, candleKey, type ErrorEntry, type FeedBatch, type PollStatus, type SessionPatch } from './batch.js';
import { BoundedSet } from './boundedSet.js';
import { DEFAULT_CAPS, type FeedCaps } from './caps.js';
import { pushCapped } from './ring.js';

export interface CoalescerOptions {
  /** Receives one merged batch per flush; the store sink does exactly one setState with it. */
  sink: (batch: FeedBatch) => void;
  intervalMs?: number;
  caps?: Partial<FeedCaps>;
}

/**
 * Buffers everything bound for the store outside React and hands it over at most once
 * per interval (ink-on-node20: every store update is a render and a layout).
 * Book and bbo snapshots: latest wins. Trades, fills, history: capped, deduplicated by id.
 * Open orders: merged by oid. Candles: merged by bar open time.
 * The flush timer starts with the first item after a flush, so an idle feed costs nothing.
 */
export class Coalescer {
  readonly intervalMs: number;
  readonly caps: FeedCaps;
  private batch: FeedBatch = emptyBatch();
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly seenTrades: BoundedSet<string>;
  private readonly seenFills: BoundedSet<string>;
  flushes = 0;

  constructor(private readonly o: CoalescerOptions) {
    this.intervalMs = o.intervalMs ?? 100;
    this.caps = { ...DEFAULT_CAPS, ...o.caps };
    this.seenTrades = new BoundedSet(this.caps.seenTradeIds);
    this.seenFills = new BoundedSet(this.caps.seenFillIds);
  }

  /** Routes one validated WebSocket message. */
  push(m: DataMessage): void {
    switch (m.channel) {
      case 'l2Book':
        return this.book(m.data);
      case 'bbo':
        return this.bbo(m.data);
      case 'trades':
        return this.trades(m.data);
      case 'candle':
        return this.candles(m.data.contractId, m.data.interval, [m.data]);
      case 'config':
        return this.configEvent(m.data);
      case 'openOrders':
        return this.openOrders(m.data);
      case 'orderUpdates':
        return this.orderUpdates(m.data);
      case 'userFills':
        return this.fills(m.data.fills);
    }
  }

  book(b: L2Book): void {
    const cur = this.batch.books.get(b.contractId);
    if (!cur || b.time >= cur.time) this.batch.books.set(b.contractId, b);
    this.touch();
  }

  bbo(b: Bbo): void {
    const cur = this.batch.bbos.get(b.contractId);
    if (!cur || b.time >= cur.time) this.batch.bbos.set(b.contractId, b);
    this.touch();
  }

  trades(list: readonly Trade[]): void {
    for (const t of list) {
      if (!this.seenTrades.add(`${t.contractId}:${t.tid}`)) continue;
      let buf = this.batch.trades.get(t.contractId);
      if (!buf) this.batch.trades.set(t.contractId, (buf = []));
      pushCapped(buf, [t], this.caps.trades);
    }
    this.touch();
  }

  candles(contractId: number, interval: CandleInterval, bars: readonly Candle[]): void {
    const key = candleKey(contractId, interval);
    let m = this.batch.candles.get(key);
    if (!m) this.batch.candles.set(key, (m = new Map()));
    for (const bar of bars) m.set(bar.t, bar);
    if (m.size > this.caps.candles) {
      const drop = [...m.keys()].sort((a, b) => a - b).slice(0, m.size - this.caps.candles);
      for (const t of drop) m.delete(t);
    }
    this.touch();
  }

  openOrders(msg: OpenOrdersMessage): void {
    let d = this.batch.openOrders;
    if (!d || msg.isSnapshot) d = this.batch.openOrders = { snapshot: msg.isSnapshot ? new Map() : undefined, upserts: new Map(), removed: new Set() };
    const apply = (o: OpenOrder) => {
      if (d.snapshot) d.snapshot.set(o.oid, o);
      else {
        d.upserts.set(o.oid, o);
        d.removed.delete(o.oid);
      }
    };
    for (const o of msg.orders) apply(o);
    for (const oid of msg.removed ?? []) {
      if (d.snapshot) d.snapshot.delete(oid);
      else {
        d.upserts.delete(oid);
        d.removed.add(oid);
      }
    }
    this.touch();
  }

  orderUpdates(list: readonly OrderUpdate[]): void {
    pushCapped(this.batch.orderHistory, list, this.caps.orderHistory);
    this.touch();
  }

  /**
   * A fill is one side of one trade: (tid, oid) identifies it even when both sides of a
   * self-trade belong to this account.
   */
  fills(list: readonly Fill[]): void {
    const fresh = list.filter((f) => this.seenFills.add(`${f.tid}:${f.oid}`));
    pushCapped(this.batch.fills, fresh, this.caps.fills);
    this.touch();
  }

  marketState(m: MarketState): void {
    this.batch.marketStates.set(m.contractId, m);
    this.touch();
  }

  configs(c: Configs): void {
    this.batch.configs = c;
    this.touch();
  }

  configEvent(e: ConfigEvent): void {
    pushCapped(this.batch.configEvents, [e], this.caps.configEvents);
    this.touch();
  }

  account(a: UserAccount): void {
    this.batch.account = a;
    this.touch();
  }

  agents(list: AgentRecord[]): void {
    this.batch.agents = list;
    this.touch();
  }

  shareGroupDefs(list: ShareGroupDef[]): void {
    this.batch.shareGroupDefs = list;
    this.touch();
  }

  session(patch: SessionPatch): void {
    this.batch.session = { ...this.batch.session, ...patch };
    this.touch();
  }

  poll(name: string, status: PollStatus): void {
    this.batch.polls.set(name, status);
    this.touch();
  }

  error(e: ErrorEntry): void {
    pushCapped(this.batch.errors, [e], this.caps.errors);
    this.touch();
  }

  journal(e: JournalEntry): void {
    pushCapped(this.batch.journal, [e], this.caps.journal);
    this.touch();
  }

  /** Hands the pending batch to the sink now (also what the timer calls). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty) return;
    const batch = this.batch;
    this.batch = emptyBatch();
    this.dirty = false;
    this.flushes++;
    this.o.sink(batch);
  }

  /** Stops the timer; pending items are flushed once so nothing received is lost. */
  stop(): void {
    this.flush();
    this.stopped = true;
  }

  /** Forget trade and fill ids (switching account); the next snapshot then counts as new. */
  resetDedupe(): void {
    this.seenTrades.clear();
    this.seenFills.clear();
  }

  private touch(): void {
    this.dirty = true;
    if (this.stopped) return;
    // Interval 0 is the benchmark's naive baseline: one store update per message.
    if (this.intervalMs === 0) this.flush();
    else if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), this.intervalMs);
  }
}
