/**
 * One contract's market state: its order book, trade-fed candles, last trade and its mark
 * (the shared rule, src/protocol/risk/markPrice.ts: the median of best bid, best ask and
 * index on a two-sided book, else the index itself, so on a thin or one-sided book, as in
 * tests with activity off, the mark follows the index at once).
 */
import { markPrice } from '../../protocol/risk/index.js';
import type { CandleInterval } from '../../protocol/wire/index.js';
import { OrderBook } from '../engine/orderBook.js';
import { CandleAggregator, type CandleEvent } from '../market/candles.js';
import type { ContractDef } from '../state/marketConfig.js';
import { ContractUnits } from './units.js';

const DAY_MS = 86_400_000;
/** Closed-bar events kept for the next block's publish; more means nobody is draining them. */
const PENDING_CLOSED_CAP = 64;

export class ContractMarket {
  readonly book: OrderBook;
  readonly units: ContractUnits;
  readonly candles = new CandleAggregator();
  lastPx: bigint | undefined;
  private closedEvents: CandleEvent[] = [];
  private liveEvents = new Map<CandleInterval, CandleEvent>();

  constructor(
    readonly contract: ContractDef,
    collateralDecimals: number,
    nextOid: () => number,
  ) {
    this.book = new OrderBook({ nextOid });
    this.units = new ContractUnits(contract, collateralDecimals);
  }

  get contractId(): number {
    return this.contract.contractId;
  }

  mark(index: bigint | undefined): bigint | undefined {
    return markPrice(this.book.bestBid(), this.book.bestAsk(), index, this.lastPx);
  }

  /** A trade for candles and lastPx; the events wait for the block's publish. */
  recordTrade(px: bigint, sz: bigint, time: number): void {
    this.lastPx = px;
    this.queue(this.candles.trade(px, sz, time));
  }

  /** Closes bars whose period ended without a trade. */
  roll(now: number): void {
    this.queue(this.candles.roll(now));
  }

  /** Candle events since the last call: closed bars first, then the latest live bar per interval. */
  drainCandleEvents(): CandleEvent[] {
    const out = [...this.closedEvents, ...this.liveEvents.values()];
    this.closedEvents = [];
    this.liveEvents = new Map();
    return out;
  }

  /** Open of the first hourly bar in the last 24 h, and the volume traded since (raw). */
  dayStats(now: number): { open: bigint | undefined; volume: bigint } {
    const bars = this.candles.snapshot('1h', now - DAY_MS, now);
    let volume = 0n;
    for (const b of bars) volume += b.v;
    return { open: bars[0]?.o, volume };
  }

  private queue(events: readonly CandleEvent[]): void {
    for (const e of events) {
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
