/**
 * One contract's market state: its order book, trade-fed candles, last trade and its mark
 * (the shared rule, src/protocol/risk/markPrice.ts: the median of best bid, best ask and
 * index on a two-sided book, else the index itself, so on a thin or one-sided book, as in
 * tests with activity off, the mark follows the index at once).
 *
 * A fresh market is not an empty chart: its first moment in exchange time (the first trade,
 * block or day-stats read) fixes the end of a back-history of candles at that moment's
 * price (candleHistory.ts), worked out per interval when that interval is first read.
 * Tests that count every bar turn it off with `history: false` or `withoutHistory()`.
 */
import { markPrice } from '../../protocol/risk/index.js';
import type { CandleInterval } from '../../protocol/wire/index.js';
import { OrderBook } from '../engine/orderBook.js';
import { candleHistory, mixSeed, type CandleHistoryOptions } from '../market/candleHistory.js';
import { CandleAggregator, type CandleEvent } from '../market/candles.js';
import type { ContractDef } from '../state/marketConfig.js';
import type { TradingJournal } from './tradingJournal.js';
import { ContractUnits } from './units.js';

const DAY_MS = 86_400_000;
/** Closed-bar events kept for the next block's publish; more means nobody is draining them. */
const PENDING_CLOSED_CAP = 64;

export interface ContractMarketOptions {
  /** The candles' back-history; default on (the venue's seed, else 1, mixed with the contract id), false for none. */
  history?: CandleHistoryOptions | false;
}

export class ContractMarket {
  readonly book: OrderBook;
  readonly units: ContractUnits;
  readonly candles = new CandleAggregator();
  lastPx: bigint | undefined;
  private closedEvents: CandleEvent[] = [];
  private liveEvents = new Map<CandleInterval, CandleEvent>();
  /** Still to be seeded; undefined once seeded or when turned off. */
  private history: CandleHistoryOptions | undefined;
  /** The moment and price the back-history ends at, once seeded. */
  private historyAnchor: { time: number; px: bigint } | undefined;
  /** Told of candle and last-price changes (persistence); unset in memory. */
  journal: TradingJournal | undefined;

  constructor(
    readonly contract: ContractDef,
    collateralDecimals: number,
    nextOid: () => number,
    opts: ContractMarketOptions = {},
  ) {
    this.book = new OrderBook({ nextOid });
    this.units = new ContractUnits(contract, collateralDecimals);
    this.history = opts.history === false ? undefined : { ...opts.history };
    this.candles.onMerged = (interval) => this.journal?.candlesMerged(this.contractId, interval);
  }

  /** What a restart needs besides the bars: the history's anchor and the last trade price. */
  persisted(): { anchor: { time: number; px: bigint } | undefined; lastPx: bigint | undefined } {
    return { anchor: this.historyAnchor, lastPx: this.lastPx };
  }

  /**
   * Stored state (a persistent store's start-up): the same back-history is drawn again from
   * its anchor, and merged only into intervals that had not merged it before.
   */
  restore(anchor: { time: number; px: bigint } | undefined, lastPx: bigint | undefined): void {
    this.lastPx = lastPx;
    if (anchor && this.history !== undefined) this.seedHistory(anchor.time, anchor.px);
  }

  /** No back-history (tests of exact candle contents); an interval already read keeps the one it has. */
  withoutHistory(): void {
    this.history = undefined;
    this.candles.setHistory(undefined);
  }

  get contractId(): number {
    return this.contract.contractId;
  }

  mark(index: bigint | undefined): bigint | undefined {
    return markPrice(this.book.bestBid(), this.book.bestAsk(), index, this.lastPx);
  }

  /** A trade for candles and lastPx; the events wait for the block's publish. */
  recordTrade(px: bigint, sz: bigint, time: number): void {
    this.seedHistory(time, px);
    this.lastPx = px;
    this.journal?.market(this.contractId);
    this.queue(this.candles.trade(px, sz, time));
  }

  /** Closes bars whose period ended without a trade. */
  roll(now: number): void {
    this.seedHistory(now, this.lastPx ?? this.contract.initialIndexPx);
    this.queue(this.candles.roll(now));
  }

  /** Candle events since the last call: closed bars first, then the latest live bar per interval. */
  drainCandleEvents(): CandleEvent[] {
    // The live bar as it stands at publish time: a history merged since the trade is in it.
    const live = [...this.liveEvents.values()].map((e) => {
      const now = this.candles.current(e.interval);
      return now && now.t === e.candle.t ? { ...e, candle: now } : e;
    });
    const out = [...this.closedEvents, ...live];
    this.closedEvents = [];
    this.liveEvents = new Map();
    return out;
  }

  /** Open of the first hourly bar in the last 24 h, and the volume traded since (raw). */
  dayStats(now: number): { open: bigint | undefined; volume: bigint } {
    this.seedHistory(now, this.lastPx ?? this.contract.initialIndexPx);
    const bars = this.candles.snapshot('1h', now - DAY_MS, now);
    let volume = 0n;
    for (const b of bars) volume += b.v;
    return { open: bars[0]?.o, volume };
  }

  private seedHistory(now: number, px: bigint): void {
    const opts = this.history;
    if (opts === undefined) return;
    this.history = undefined;
    this.historyAnchor = { time: now, px };
    this.journal?.market(this.contractId);
    const history = { ...opts, seed: mixSeed(opts.seed ?? 1, this.contract.contractId) };
    this.candles.setHistory((interval) => candleHistory(this.contract, px, now, interval, history));
  }

  private queue(events: readonly CandleEvent[]): void {
    for (const e of events) {
      this.journal?.candle(this.contractId, e);
      if (e.closed) {
        this.closedEvents.push(e);
        if (this.closedEvents.length > PENDING_CLOSED_CAP) this.closedEvents.shift();
        // A closed bar supersedes any live update of the same period still waiting.
        const live = this.liveEvents.get(e.interval);
        if (live && live.candle.t === e.candle.t) this.liveEvents.delete(e.interval);
      } else {
        this.liveEvents.set(e.interval, e);
      }
    }
  }
}
