/**
 * What the trading layer tells the streams (spec 6): order updates, open-order increments,
 * fills and public trades. Events are collected while a request (or a block) runs and
 * published together by `flush()` at its end, so one request gives one message per
 * channel and account, in the order things happened. Work is skipped for accounts and
 * contracts nobody listens to; fills of user accounts are also kept in a capped ring per
 * account for the `userFills` snapshot a (re)subscription starts with.
 */
import type { Fill, OpenOrder, OrderUpdate, Trade } from '../../protocol/wire/index.js';
import { Ring } from '../market/ring.js';
import type { StreamHub } from '../streams/hub.js';
import type { TradingJournal } from './tradingJournal.js';

export const RECENT_FILLS_PER_ACCOUNT = 200;

interface OpenOrdersDelta {
  upserts: Map<number, OpenOrder>;
  removed: Set<number>;
}

export class TradingEvents {
  private updates = new Map<number, OrderUpdate[]>();
  private openDeltas = new Map<number, OpenOrdersDelta>();
  private fills = new Map<number, Fill[]>();
  private trades = new Map<number, Trade[]>();
  private readonly history = new Map<number, Ring<Fill>>();
  /** Told of every fill kept (persistence); unset in memory. */
  journal: TradingJournal | undefined;

  constructor(
    private readonly hub: StreamHub,
    /** Accounts whose fills are kept for snapshots (users, not bots). */
    private readonly keepsHistory: (accountId: number) => boolean,
  ) {}

  wantsOrderUpdates(accountId: number): boolean {
    return this.hub.listening(accountId, 'orderUpdates');
  }

  wantsOpenOrders(accountId: number): boolean {
    return this.hub.listening(accountId, 'openOrders');
  }

  wantsTrades(contractId: number): boolean {
    return this.hub.subscriberCount(`trades:${contractId}`) > 0;
  }

  orderUpdate(accountId: number, update: OrderUpdate): void {
    let list = this.updates.get(accountId);
    if (!list) this.updates.set(accountId, (list = []));
    list.push(update);
  }

  openOrderUpsert(accountId: number, order: OpenOrder): void {
    const d = this.delta(accountId);
    d.removed.delete(order.oid);
    d.upserts.set(order.oid, order);
  }

  openOrderRemoved(accountId: number, oid: number): void {
    const d = this.delta(accountId);
    d.upserts.delete(oid);
    d.removed.add(oid);
  }

  /** Built only when someone listens or the account keeps history; the caller checks `wantsFill`. */
  fill(accountId: number, fill: Fill): void {
    if (this.keepsHistory(accountId)) {
      let ring = this.history.get(accountId);
      if (!ring) this.history.set(accountId, (ring = new Ring<Fill>(RECENT_FILLS_PER_ACCOUNT)));
      ring.push(fill);
      this.journal?.fill(accountId, fill);
    }
    if (!this.hub.listening(accountId, 'userFills')) return;
    let list = this.fills.get(accountId);
    if (!list) this.fills.set(accountId, (list = []));
    list.push(fill);
  }

  wantsFill(accountId: number): boolean {
    return this.keepsHistory(accountId) || this.hub.listening(accountId, 'userFills');
  }

  trade(trade: Trade): void {
    let list = this.trades.get(trade.contractId);
    if (!list) this.trades.set(trade.contractId, (list = []));
    list.push(trade);
  }

  /** Stored fills of an account, oldest first (a persistent store's start-up). */
  restoreFills(accountId: number, fills: readonly Fill[]): void {
    let ring = this.history.get(accountId);
    if (!ring) this.history.set(accountId, (ring = new Ring<Fill>(RECENT_FILLS_PER_ACCOUNT)));
    for (const f of fills) ring.push(f);
  }

  recentFills(accountId: number): Fill[] {
    return this.history.get(accountId)?.toArray() ?? [];
  }

  /** Publishes everything collected since the last flush. */
  flush(): void {
    if (this.trades.size > 0) {
      const trades = this.trades;
      this.trades = new Map();
      for (const [contractId, list] of trades) this.hub.publish(`trades:${contractId}`, list);
    }
    if (this.updates.size > 0) {
      const updates = this.updates;
      this.updates = new Map();
      for (const [accountId, list] of updates) this.hub.publishToAccount(accountId, 'orderUpdates', list);
    }
    if (this.openDeltas.size > 0) {
      const deltas = this.openDeltas;
      this.openDeltas = new Map();
      for (const [accountId, d] of deltas) {
        const msg: { isSnapshot: false; orders: OpenOrder[]; removed?: number[] } = { isSnapshot: false, orders: [...d.upserts.values()] };
        if (d.removed.size > 0) msg.removed = [...d.removed];
        this.hub.publishToAccount(accountId, 'openOrders', msg);
      }
    }
    if (this.fills.size > 0) {
      const fills = this.fills;
      this.fills = new Map();
      for (const [accountId, list] of fills) this.hub.publishToAccount(accountId, 'userFills', { isSnapshot: false, fills: list });
    }
  }

  private delta(accountId: number): OpenOrdersDelta {
    let d = this.openDeltas.get(accountId);
    if (!d) this.openDeltas.set(accountId, (d = { upserts: new Map(), removed: new Set() }));
    return d;
  }
}
