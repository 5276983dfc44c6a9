/**
 * What changed since the last commit, by key: the stores and the trading books report
 * here as they mutate, and the commit writes the current state of each key named. Keys,
 * not values: a record changed ten times in a request is written once.
 */
import type { CandleInterval, Fill } from '../../protocol/wire/index.js';
import type { CandleEvent, RawCandle } from '../market/candles.js';
import type { TradingJournal } from '../trading/tradingJournal.js';
import type { OrderRecord, Trigger } from '../trading/types.js';

export class VenueChanges implements TradingJournal {
  buckets = new Set<string>();
  minted = new Set<number>();
  accounts = new Set<number>();
  agentMasters = new Set<number>();
  invites = new Set<string>();
  nonces: [string, number][] = [];
  credits = false;
  clock = false;
  orders = new Map<number, OrderRecord>();
  droppedOrders: number[] = [];
  holdings = new Map<string, [number, number]>();
  triggers = new Map<number, [Trigger, boolean]>();
  fills: [number, Fill][] = [];
  candles = new Map<string, [number, CandleInterval, RawCandle]>();
  mergedSeries = new Map<string, [number, CandleInterval]>();
  markets = new Set<number>();
  funding = new Set<number>();
  /** Anything at all, so a commit with nothing to write costs one test. */
  dirty = false;

  order(o: OrderRecord): void {
    this.orders.set(o.oid, o);
    this.dirty = true;
  }

  orderDropped(oid: number): void {
    this.droppedOrders.push(oid);
    this.dirty = true;
  }

  holding(accountId: number, contractId: number): void {
    this.holdings.set(`${accountId}:${contractId}`, [accountId, contractId]);
    this.dirty = true;
  }

  trigger(trig: Trigger, live: boolean): void {
    this.triggers.set(trig.id, [trig, live]);
    this.dirty = true;
  }

  fill(accountId: number, fill: Fill): void {
    this.fills.push([accountId, fill]);
    this.dirty = true;
  }

  candle(contractId: number, e: CandleEvent): void {
    // Live bars are written with the contract's market row; closed ones as rows of their own.
    if (e.closed) this.candles.set(`${contractId}:${e.interval}:${e.candle.t}`, [contractId, e.interval, e.candle]);
    this.markets.add(contractId);
    this.dirty = true;
  }

  candlesMerged(contractId: number, interval: CandleInterval): void {
    this.mergedSeries.set(`${contractId}:${interval}`, [contractId, interval]);
    this.markets.add(contractId);
    this.dirty = true;
  }

  market(contractId: number): void {
    this.markets.add(contractId);
    this.dirty = true;
  }

  mark<T>(set: Set<T>, key: T): void {
    set.add(key);
    this.dirty = true;
  }

  clear(): void {
    this.buckets.clear();
    this.minted.clear();
    this.accounts.clear();
    this.agentMasters.clear();
    this.invites.clear();
    this.nonces = [];
    this.credits = false;
    this.clock = false;
    this.orders.clear();
    this.droppedOrders = [];
    this.holdings.clear();
    this.triggers.clear();
    this.fills = [];
    this.candles.clear();
    this.mergedSeries.clear();
    this.markets.clear();
    this.funding.clear();
    this.dirty = false;
  }
}
