/**
 * The books of the trading side: one order book per contract, holdings, orders, triggers,
 * the margin model over them and the events they produce, with the bookkeeping every
 * operation shares (placing, retiring and cancelling orders, adding and removing
 * triggers). Order entry, cancels, settlement, risk and funding work on these books;
 * TradingEngine adds what time drives (funding, trigger firing, liquidation passes).
 *
 * Work runs as operations (`run`): events collected during one are published when the
 * outermost one ends, and holdings left empty are released then, never in the middle.
 */
import { formatDecimal } from '../../protocol/index.js';
import type { OrderUpdate } from '../../protocol/wire/index.js';
import { ContractMarket } from './contractMarket.js';
import { TradingEvents } from './events.js';
import type { FillMoney } from './fillMoney.js';
import { DEFAULT_LEVERAGE, Holdings } from './holdings.js';
import { MarginEngine } from './margin.js';
import { OrderStore } from './orderStore.js';
import type { TradingState } from './tradingState.js';
import { TriggerBook } from './triggerBook.js';
import type { TradingJournal } from './tradingJournal.js';
import type { Holding, OrderRecord, PositionSide, Trigger } from './types.js';
import { orderUpdate, orderView, triggerOrderView } from './wireViews.js';
import type { ContractDef } from '../state/marketConfig.js';

export type OpenOrdersChange = 'upsert' | 'remove' | 'none';

export class TradingBooks {
  readonly markets = new Map<number, ContractMarket>();
  readonly holdings: Holdings;
  readonly orders = new OrderStore();
  readonly triggers = new TriggerBook();
  readonly events: TradingEvents;
  readonly margin: MarginEngine;
  readonly defaultLeverage = DEFAULT_LEVERAGE;
  private idSeq = 0;
  private tidSeq = 0;
  private readonly autoFrozen = new Map<string, [number, number]>();
  private readonly debtors = new Set<number>();
  private readonly touched = new Set<Holding>();
  private depth = 0;
  /** Told of every change (persistence); unset in memory. */
  private journal: TradingJournal | undefined;

  constructor(readonly state: TradingState) {
    const collateral = state.config.coin(state.config.collateralCoinId);
    if (!collateral) throw new Error('collateral coin missing');
    for (const c of state.config.contracts.values()) {
      this.markets.set(c.contractId, new ContractMarket(c, collateral.decimals, () => this.nextId(), { history: { seed: state.seed ?? 1 } }));
    }
    this.holdings = new Holdings((contractId) => Math.min(DEFAULT_LEVERAGE, this.markets.get(contractId)?.units.maxLeverage ?? 1));
    this.events = new TradingEvents(state.hub, (id) => state.accounts.byId(id)?.kind === 'user');
    this.margin = new MarginEngine(this);
  }

  /** Persistence: every change is told to `journal` from now on. */
  setJournal(journal: TradingJournal): void {
    this.journal = journal;
    this.orders.journal = journal;
    this.triggers.journal = journal;
    this.events.journal = journal;
    for (const m of this.markets.values()) m.journal = journal;
  }

  /** The id sequences, for a restart to continue them. */
  sequences(): { id: number; tid: number } {
    return { id: this.idSeq, tid: this.tidSeq };
  }

  restoreSequences(id: number, tid: number): void {
    this.idSeq = Math.max(this.idSeq, id);
    this.tidSeq = Math.max(this.tidSeq, tid);
  }

  /** Order ids and trigger ids share one sequence, so an id names one thing. */
  nextId(): number {
    return ++this.idSeq;
  }

  nextTid(): number {
    return ++this.tidSeq;
  }

  market(contractId: number): ContractMarket | undefined {
    return this.markets.get(contractId);
  }

  mark(contractId: number): bigint | undefined {
    return this.markets.get(contractId)?.mark(this.state.indexPrices.get(contractId));
  }

  /** The holding, created if needed and kept until the current operation ends. */
  holding(accountId: number, contractId: number): Holding {
    const h = this.holdings.ensure(accountId, contractId);
    this.touched.add(h);
    this.journal?.holding(accountId, contractId);
    return h;
  }

  run<T>(fn: () => T): T {
    this.depth++;
    try {
      return fn();
    } finally {
      if (--this.depth === 0) this.finish();
    }
  }

  // ---- share-group freeze and debts ----------------------------------------

  isFrozenFor(accountId: number, groupId: number): boolean {
    return this.state.config.isFrozen(groupId) || this.autoFrozen.has(`${accountId}:${groupId}`);
  }

  setAutoFrozen(accountId: number, groupId: number, frozen: boolean): void {
    const key = `${accountId}:${groupId}`;
    if (frozen) this.autoFrozen.set(key, [accountId, groupId]);
    else this.autoFrozen.delete(key);
  }

  autoFrozenEntries(): [number, number][] {
    return [...this.autoFrozen.values()];
  }

  /** A pool of the account went below zero: the next risk pass looks at it. */
  flagDebt(accountId: number): void {
    this.debtors.add(accountId);
  }

  takeDebtors(): number[] {
    const out = [...this.debtors];
    this.debtors.clear();
    return out;
  }

  // ---- order and trigger bookkeeping shared by entry, cancels, modify, risk ----

  emitOrder(c: ContractDef, o: OrderRecord, event: OrderUpdate['event'], open: OpenOrdersChange): void {
    if (this.events.wantsOrderUpdates(o.accountId)) this.events.orderUpdate(o.accountId, orderUpdate(c, o, event));
    if (open === 'none' || !this.events.wantsOpenOrders(o.accountId)) return;
    if (open === 'upsert') this.events.openOrderUpsert(o.accountId, orderView(c, o));
    else this.events.openOrderRemoved(o.accountId, o.oid);
  }

  emitFill(c: ContractDef, o: OrderRecord, tid: number, px: bigint, sz: bigint, liquidity: 'maker' | 'taker', money: FillMoney, liquidation: boolean, now: number): void {
    if (!this.events.wantsFill(o.accountId)) return;
    this.events.fill(o.accountId, {
      contractId: c.contractId,
      oid: o.oid,
      ...(o.cloid !== undefined ? { cloid: o.cloid } : {}),
      tid,
      px: formatDecimal(px, c.priceScale),
      sz: formatDecimal(sz, c.qtyScale),
      isBuy: o.isBuy,
      time: now,
      liquidity,
      fee: money.fee.toString(),
      closedPnl: money.closedPnl.toString(),
      ...(liquidation ? { liquidation: true } : {}),
    });
  }

  recordTrade(c: ContractDef, tid: number, px: bigint, sz: bigint, takerIsBuy: boolean, now: number): void {
    this.markets.get(c.contractId)?.recordTrade(px, sz, now);
    if (!this.events.wantsTrades(c.contractId)) return;
    this.events.trade({ contractId: c.contractId, tid, px: formatDecimal(px, c.priceScale), sz: formatDecimal(sz, c.qtyScale), side: takerIsBuy ? 'B' : 'A', time: now });
  }

  /** An open order left the book (the caller removed it): status, aggregates, events. */
  retireOpenOrder(c: ContractDef, o: OrderRecord, status: 'canceled' | 'filled', now: number, event: OrderUpdate['event']): void {
    if (o.status !== 'open') return;
    this.holdings.countOrder(this.holding(o.accountId, o.contractId), o, -1);
    o.status = status;
    o.statusTimestamp = now;
    this.orders.close(o);
    this.emitOrder(c, o, event, 'remove');
  }

  cancelOpenOrder(o: OrderRecord, now: number): void {
    const c = this.state.config.contract(o.contractId);
    if (!c || o.status !== 'open') return;
    this.run(() => {
      this.markets.get(o.contractId)?.book.cancel(o.oid);
      this.retireOpenOrder(c, o, 'canceled', now, 'cancel');
    });
  }

  /**
   * Keeps resting reduce-only orders within the position they reduce, newest first:
   * shrunk in place (keeping queue priority) or cancelled. This is what guarantees a sweep
   * through several of them can never flip a position.
   */
  enforceReduceOnly(h: Holding, now: number): void {
    const c = this.state.config.contract(h.contractId);
    const market = this.markets.get(h.contractId);
    if (!c || !market) return;
    for (const isBuy of [true, false]) {
      let excess = isBuy ? h.roBuySz - (h.short?.size ?? 0n) : h.roSellSz - (h.long?.size ?? 0n);
      if (excess <= 0n) continue;
      const ros = [...this.orders.openOf(h.accountId)].filter((o) => o.contractId === h.contractId && o.reduceOnly && o.isBuy === isBuy).sort((a, b) => b.oid - a.oid);
      for (const o of ros) {
        if (excess <= 0n) break;
        if (o.remaining <= excess) {
          excess -= o.remaining;
          this.cancelOpenOrder(o, now);
          continue;
        }
        const res = market.book.modify(o.oid, { newTotalSz: o.origSz - excess }, now);
        if (!res.ok) continue;
        this.holdings.countOrder(h, o, -1);
        o.origSz -= excess;
        o.remaining -= excess;
        o.statusTimestamp = now;
        this.holdings.countOrder(h, o, 1);
        this.orders.touched(o);
        this.emitOrder(c, o, 'modify', 'upsert');
        excess = 0n;
      }
    }
  }

  addTrigger(trig: Trigger): void {
    this.triggers.add(trig);
    this.holding(trig.accountId, trig.contractId).triggers++;
    this.emitTrigger(trig, 'tpslCreated', 'open');
  }

  removeTrigger(trig: Trigger, now: number, status: 'canceled' | 'triggered'): void {
    if (!this.triggers.remove(trig)) return;
    this.holding(trig.accountId, trig.contractId).triggers--;
    this.emitTrigger(trig, status === 'triggered' ? 'tpslTriggered' : 'tpslCanceled', status, now);
  }

  /** The position reached zero: its TP/SL go with it. */
  positionClosed(h: Holding, side: PositionSide, now: number): void {
    for (const trig of this.triggers.ofPosition(h.accountId, h.contractId, side)) this.removeTrigger(trig, now, 'canceled');
  }

  private emitTrigger(trig: Trigger, event: OrderUpdate['event'], status: 'open' | 'canceled' | 'triggered', now = trig.createdAt): void {
    if (!this.events.wantsOrderUpdates(trig.accountId)) return;
    const c = this.state.config.contract(trig.contractId);
    if (!c) return;
    const size = this.holdings.get(trig.accountId, trig.contractId)?.[trig.positionSide]?.size ?? 0n;
    this.events.orderUpdate(trig.accountId, { event, order: triggerOrderView(c, trig, size), status, statusTimestamp: now, triggerId: trig.id });
  }

  private finish(): void {
    for (const h of this.touched) this.holdings.release(h);
    this.touched.clear();
    this.events.flush();
  }
}
