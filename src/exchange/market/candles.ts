/**
 * OHLCV bars for one contract at every wire interval, fed by trades.
 *
 * Policies (docs/protocol.md):
 * - Bars exist only for periods with trades; gaps produce no bars (Hyperliquid
 *   omits empty bars too), so a quiet market never fills memory or the wire.
 * - A bar closes when a trade (or `roll(now)`) reaches the next period; the
 *   close is reported once, as a `closed: true` event, before the new bar's update.
 * - The aggregator keeps its own clock = the latest time it was given. A trade
 *   stamped earlier than that (a late report) counts in the current bar at the
 *   clock: closed bars are never rewritten.
 * - At most `cap` closed bars are kept per interval (oldest dropped) plus the live one.
 * - A back-history (`setHistory`) is merged into an interval when that interval is first
 *   read, under the bars traded since; trades then continue the merged live bar.
 *
 * Prices and sizes are raw bigint; `candleWire.ts` turns bars into wire strings.
 */
import { CANDLE_INTERVALS, type CandleInterval } from '../../protocol/wire/index.js';
import { bucketStart, nextBucketStart } from './candleTime.js';
import { Ring } from './ring.js';

export interface RawCandle {
  /** Open time (ms). */
  readonly t: number;
  /** Close time: next open time - 1. */
  readonly T: number;
  readonly o: bigint;
  readonly h: bigint;
  readonly l: bigint;
  readonly c: bigint;
  /** Sum of trade sizes (raw). */
  readonly v: bigint;
  /** Number of trades. */
  readonly n: number;
}

type LiveCandle = { -readonly [K in keyof RawCandle]: RawCandle[K] };

export interface CandleEvent {
  readonly interval: CandleInterval;
  /** A copy: later trades never change an event already handed out. */
  readonly candle: RawCandle;
  /** true once, when the bar is final. */
  readonly closed: boolean;
}

export interface CandleAggregatorOptions {
  /** Closed bars kept per interval. Default 2000. */
  cap?: number;
  /** Default: every wire interval. */
  intervals?: readonly CandleInterval[];
}

/** One interval's bars from before the market's first moment: closed bars oldest first, and the period still open then. */
export type HistorySource = (interval: CandleInterval) => { closed: readonly RawCandle[]; live: RawCandle | undefined };

interface Series {
  readonly interval: CandleInterval;
  closed: Ring<RawCandle>;
  live: LiveCandle | undefined;
  /** A history is set and not yet merged into this interval. */
  historyDue: boolean;
}

export const DEFAULT_CANDLE_CAP = 2000;

export class CandleAggregator {
  private readonly series: Series[];
  private clock = -Infinity;
  private history: HistorySource | undefined;
  /** Told when an interval's back-history is merged in (persistence writes the whole series then). */
  onMerged: ((interval: CandleInterval) => void) | undefined;

  constructor(opts: CandleAggregatorOptions = {}) {
    const cap = opts.cap ?? DEFAULT_CANDLE_CAP;
    const intervals = [...new Set(opts.intervals ?? CANDLE_INTERVALS)];
    this.series = intervals.map((interval) => ({ interval, closed: new Ring<RawCandle>(cap), live: undefined, historyDue: false }));
  }

  get intervals(): CandleInterval[] {
    return this.series.map((s) => s.interval);
  }

  /** Adds one trade; returns, per interval, a closed event if the trade opened a new period, then the live bar's update. */
  trade(px: bigint, sz: bigint, time: number): CandleEvent[] {
    if (px <= 0n) throw new RangeError('candle trade price must be positive');
    if (sz <= 0n) throw new RangeError('candle trade size must be positive');
    const at = this.advance(time);
    const events: CandleEvent[] = [];
    for (const s of this.series) {
      this.closeIfDue(s, at, events);
      const bar = s.live;
      if (bar === undefined) {
        const t = bucketStart(s.interval, at);
        s.live = { t, T: nextBucketStart(s.interval, at) - 1, o: px, h: px, l: px, c: px, v: sz, n: 1 };
      } else {
        if (px > bar.h) bar.h = px;
        if (px < bar.l) bar.l = px;
        bar.c = px;
        bar.v += sz;
        bar.n += 1;
      }
      events.push({ interval: s.interval, candle: { ...(s.live as LiveCandle) }, closed: false });
    }
    return events;
  }

  /**
   * A back-history (candleHistory.ts), asked for each interval the first time that interval
   * is read (`snapshot`, `live`) and merged under the bars traded since: its closed bars go
   * before them and its part of the period that was open at its end joins that period's
   * bar. Reads of other intervals never pay for it. `undefined` drops a history not yet read.
   */
  setHistory(source: HistorySource | undefined): void {
    this.history = source;
    for (const s of this.series) s.historyDue = source !== undefined;
  }

  /** Closes every live bar whose period has ended by `now` (call once per block so bars close without a trade). */
  roll(now: number): CandleEvent[] {
    const at = this.advance(now);
    const events: CandleEvent[] = [];
    for (const s of this.series) this.closeIfDue(s, at, events);
    return events;
  }

  /** The open bar of an interval, if a trade has happened in the current period. */
  live(interval: CandleInterval): RawCandle | undefined {
    const bar = this.read(interval)?.live;
    return bar && { ...bar };
  }

  /** The open bar as it stands now, without merging a history due (a publisher's latest copy). */
  current(interval: CandleInterval): RawCandle | undefined {
    const bar = this.find(interval)?.live;
    return bar && { ...bar };
  }

  /** Bars (closed and live, oldest first) that overlap [startTime, endTime]: T >= startTime and t <= endTime. */
  snapshot(interval: CandleInterval, startTime: number, endTime: number): RawCandle[] {
    const s = this.read(interval);
    if (s === undefined || endTime < startTime) return [];
    const out: RawCandle[] = [];
    for (let i = s.closed.partition((b) => b.T < startTime); i < s.closed.length; i++) {
      const bar = s.closed.at(i) as RawCandle;
      if (bar.t > endTime) return out;
      out.push(bar);
    }
    const live = s.live;
    if (live && live.T >= startTime && live.t <= endTime) out.push({ ...live });
    return out;
  }

  /** The live bar of every interval that has one, without merging a history due (persistence). */
  liveBars(): [CandleInterval, RawCandle][] {
    const out: [CandleInterval, RawCandle][] = [];
    for (const s of this.series) if (s.live) out.push([s.interval, { ...s.live }]);
    return out;
  }

  /** Intervals whose back-history is merged in (or that never had one to merge). */
  mergedIntervals(): CandleInterval[] {
    return this.series.filter((s) => !(s.historyDue && this.history !== undefined)).map((s) => s.interval);
  }

  /** An interval's bars as they stand, without merging a history due (persistence). */
  bars(interval: CandleInterval): { closed: RawCandle[]; live: RawCandle | undefined; historyDue: boolean } | undefined {
    const s = this.find(interval);
    return s && { closed: s.closed.toArray(), live: s.live && { ...s.live }, historyDue: s.historyDue && this.history !== undefined };
  }

  /**
   * Stored bars of an interval (a persistent store's start-up), after `setHistory` when the
   * venue had anchored one: `merged` says the history is already in these bars.
   */
  restore(interval: CandleInterval, closed: readonly RawCandle[], live: RawCandle | undefined, merged: boolean, clock: number): void {
    const s = this.find(interval);
    if (!s) return;
    const ring = new Ring<RawCandle>(s.closed.capacity);
    for (const b of closed) ring.push(b);
    s.closed = ring;
    s.live = live && { ...live };
    s.historyDue = !merged && this.history !== undefined;
    this.advance(clock);
  }

  private advance(time: number): number {
    if (time > this.clock) this.clock = time;
    return this.clock;
  }

  private closeIfDue(s: Series, at: number, events: CandleEvent[]): void {
    const bar = s.live;
    if (bar === undefined || at <= bar.T) return;
    const final: RawCandle = { ...bar };
    s.closed.push(final);
    s.live = undefined;
    events.push({ interval: s.interval, candle: final, closed: true });
  }

  /** The series, with its history merged in first if one is due. */
  private read(interval: CandleInterval): Series | undefined {
    const s = this.find(interval);
    const merging = s?.historyDue === true && this.history !== undefined;
    if (s?.historyDue && this.history) this.mergeHistory(s, this.history(interval));
    if (s) s.historyDue = false;
    if (merging) this.onMerged?.(interval);
    return s;
  }

  private mergeHistory(s: Series, h: ReturnType<HistorySource>): void {
    const real = s.closed.toArray();
    const firstReal = real[0]?.t ?? s.live?.t ?? Infinity;
    const ring = new Ring<RawCandle>(s.closed.capacity);
    let lastT = -Infinity;
    for (const b of h.closed) {
      if (b.t <= lastT || b.t >= firstReal) break;
      ring.push(b);
      lastT = b.t;
    }
    const tail = h.live;
    if (tail && tail.t > lastT) {
      const joined = (bar: RawCandle): LiveCandle => ({
        t: bar.t,
        T: bar.T,
        o: tail.o,
        h: tail.h > bar.h ? tail.h : bar.h,
        l: tail.l < bar.l ? tail.l : bar.l,
        c: bar.c,
        v: tail.v + bar.v,
        n: tail.n + bar.n,
      });
      if (real[0]?.t === tail.t) real[0] = joined(real[0]);
      else if (s.live?.t === tail.t) s.live = joined(s.live);
      else if (tail.t < firstReal) {
        if (this.clock > tail.T) ring.push({ ...tail });
        else if (s.live === undefined) s.live = { ...tail };
      }
    }
    for (const b of real) ring.push(b);
    s.closed = ring;
  }

  private find(interval: CandleInterval): Series | undefined {
    return this.series.find((s) => s.interval === interval);
  }
}
