/**
 * A plausible back-history of candles for a fresh embedded exchange, so that a chart opened
 * at start shows hours to years of bars instead of an empty pane that fills over minutes.
 *
 * One price path serves every interval: the log price is a Brownian bridge built by
 * midpoint displacement over a dyadic grid of minutes that ends at the start price, each
 * node's draw hashed from (seed, node), so a 1h bar opens exactly where the 1m bar of the
 * same minute opens and the path does not depend on which bars are asked for. Moves that
 * span more than a couple of months are damped so that years of history stay within a
 * plausible band of the start price. Wicks are draws of the maximum and minimum of a
 * Brownian bridge between the bar's open and close; volume follows the bar's length and
 * its move. Everything is deterministic for a seed, a price and a start time.
 *
 * The draws are floats (a synthetic path, not money); every price leaves as a bigint on the
 * tick grid within [1, maxTicks] ticks and every volume as a whole number of steps.
 */
import { CANDLE_INTERVALS, type CandleInterval } from '../../protocol/wire/index.js';
import { bucketStart, nextBucketStart } from './candleTime.js';
import type { RawCandle } from './candles.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The grid: 2^21 minutes (about four years) ending at the start minute. */
const LEVELS = 21;
const ROOT = 2 ** LEVELS;
/** Minutes over which moves stop compounding (about two months). */
const REVERT_MINUTES = 60 * 1440;
/** Lots per synthetic trade, for the bar's trade count. */
const LOTS_PER_TRADE = 4;

export interface CandleHistoryOptions {
  /** Default 1; the contract id is mixed in by the caller so contracts differ. */
  seed?: number;
  /** Closed bars per interval, at most. Default 500 (the dashboard asks for 200). */
  bars?: number;
  /** How far back any interval reaches. Default 730 days. */
  spanMs?: number;
  /** Standard deviation of the price over one minute, in basis points. Default 15 (the 'normal' activity's index walk). */
  volatilityBps?: number;
  /** Average lots (step sizes) traded per minute. Default 300. */
  lotsPerMinute?: number;
}

export interface HistoryContract {
  /** Raw price units per tick. */
  tickSize: bigint;
  maxTicks: bigint;
  /** Raw size of one lot. */
  stepSize: bigint;
}

export interface IntervalHistory {
  interval: CandleInterval;
  /** Bars that closed before the start, oldest first. */
  closed: RawCandle[];
  /** The bar of the period that contains the start, up to the start minute, when that period began earlier. */
  live: RawCandle | undefined;
}

export const DEFAULT_HISTORY_BARS = 500;

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of a seed and two small integers. */
export function mixSeed(seed: number, a: number, b = 0): number {
  return fmix((seed ^ Math.imul(a | 0, 0x9e3779b1) ^ Math.imul((b | 0) + 0x632be5ab, 0x27d4eb2f)) >>> 0);
}

/** Uniform in (0, 1]. */
function uniform(seed: number, a: number, b: number): number {
  return (mixSeed(seed, a, b) + 1) / 4294967296;
}

/** About standard normal: the Irwin-Hall sum of four hashed uniforms, as the index walk draws. */
function gauss(seed: number, a: number, b: number): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) sum += uniform(seed, a, b * 4 + i);
  return (sum - 2) * Math.sqrt(3);
}

/** Log-price path over minute offsets [0, ROOT], pinned to 0 at ROOT (the start). */
class BridgePath {
  constructor(
    private readonly seed: number,
    /** Log-price standard deviation per sqrt(minute). */
    private readonly sigma: number,
  ) {}

  /** Variance per minute of a move spanning `len` minutes (damped beyond REVERT_MINUTES). */
  rate(len: number): number {
    return (this.sigma * this.sigma) / (1 + len / REVERT_MINUTES);
  }

  /** The path at each of `offsets` (ascending, within [0, ROOT]), in the same order. */
  at(offsets: readonly number[]): Float64Array {
    const out = new Float64Array(offsets.length);
    const x0 = Math.sqrt(this.rate(ROOT) * ROOT) * gauss(this.seed, -1, 0);
    let lo = 0;
    while (lo < offsets.length && offsets[lo]! <= 0) out[lo++] = x0;
    let hi = offsets.length;
    while (hi > lo && offsets[hi - 1]! >= ROOT) out[--hi] = 0;
    this.refine(0, ROOT, x0, 0, offsets, lo, hi, out);
    return out;
  }

  /** Midpoint displacement of (a, b), descending only where an offset in qs[lo, hi) lies strictly inside. */
  private refine(a: number, b: number, xa: number, xb: number, qs: readonly number[], lo: number, hi: number, out: Float64Array): void {
    if (lo >= hi || b - a < 2) return;
    const len = b - a;
    const m = a + len / 2;
    // Conditional spread of a bridge's midpoint: variance rate x len / 4.
    const xm = (xa + xb) / 2 + Math.sqrt((this.rate(len) * len) / 4) * gauss(this.seed, m, 0);
    let mid = lo;
    while (mid < hi && qs[mid]! < m) mid++;
    let right = mid;
    while (right < hi && qs[right] === m) out[right++] = xm;
    this.refine(a, m, xa, xm, qs, lo, mid, out);
    this.refine(m, b, xm, xb, qs, right, hi, out);
  }
}

/** Period starts of `interval` before `end` (a period start), newest last, at most `count`, none before `floor`. */
function periodStarts(interval: CandleInterval, end: number, count: number, floor: number): number[] {
  const starts: number[] = [];
  let t = end;
  while (starts.length < count) {
    const prev = bucketStart(interval, t - 1);
    if (prev < floor) break;
    starts.push(prev);
    t = prev;
  }
  return starts.reverse();
}

/**
 * The back-history of one interval, ending at `start` (exchange time, ms) at `startPx`
 * (raw). Closed bars end where the period that contains the start minute begins; the part
 * of that period before the start minute is the live bar. Nothing is dated before 1970 or
 * more than `spanMs` before the start. Each interval is computed on its own (a few
 * milliseconds), on the same path.
 */
export function candleHistory(contract: HistoryContract, startPx: bigint, start: number, interval: CandleInterval, opts: CandleHistoryOptions = {}): IntervalHistory {
  const seed = (opts.seed ?? 1) >>> 0;
  const maxBars = Math.max(0, Math.trunc(opts.bars ?? DEFAULT_HISTORY_BARS));
  const sigma = Math.max(0, opts.volatilityBps ?? 15) / 10_000;
  const lotsPerMinute = Math.max(0, opts.lotsPerMinute ?? 300);
  const tick = contract.tickSize > 0n ? contract.tickSize : 1n;
  const maxTicks = Number(contract.maxTicks > 0n ? contract.maxTicks : 1n);
  const end = bucketStart('1m', start);
  const rootStart = end - ROOT * MINUTE;
  const floor = Math.max(0, rootStart, end - Math.max(0, opts.spanMs ?? 730 * DAY));
  const current = bucketStart(interval, end);
  if (current < floor) return { interval, closed: [], live: undefined };
  const starts = periodStarts(interval, current, maxBars, floor);

  // Path points: each period start, the current period's start, then the start minute.
  const offsetOf = (t: number): number => (t - rootStart) / MINUTE;
  const points = [...starts, current, end].map(offsetOf);
  const path = new BridgePath(mixSeed(seed, 0x5eed), sigma);
  const xs = path.at(points);

  // Prices are worked out in ticks (plain integers) and become bigints once, at the end.
  const startTicks = (startPx + tick / 2n) / tick;
  const anchorTicks = startTicks < 1n ? 1n : contract.maxTicks > 0n && startTicks > contract.maxTicks ? contract.maxTicks : startTicks;
  const anchor = Number(anchorTicks);
  const ticksAt = (x: number): number => {
    const t = x === 0 ? anchor : Math.round(anchor * Math.exp(x));
    return t < 1 ? 1 : t > maxTicks ? maxTicks : t;
  };
  const toPx = (ticks: number): bigint => (ticks === anchor ? anchorTicks : BigInt(ticks)) * tick;
  const salt = (CANDLE_INTERVALS.indexOf(interval) + 1) * 8;

  /** The bar from path point i to point j. */
  const bar = (t: number, T: number, i: number, j: number): RawCandle => {
    const a = points[i]!;
    const len = Math.max(1, points[j]! - a);
    const xo = xs[i]!;
    const xc = xs[j]!;
    const spread = path.rate(len) * len;
    const d = xc - xo;
    // The maximum and minimum of a Brownian bridge from xo to xc, drawn exactly.
    const xh = (xo + xc + Math.sqrt(d * d - 2 * spread * Math.log(uniform(seed, a, salt + 1)))) / 2;
    const xl = (xo + xc - Math.sqrt(d * d - 2 * spread * Math.log(uniform(seed, a, salt + 2)))) / 2;
    const o = ticksAt(xo);
    const c = ticksAt(xc);
    const h = Math.max(ticksAt(xh), o, c);
    const l = Math.min(ticksAt(xl), o, c);
    // Busier when the bar moved more than usual (mean factor about 1), with a lognormal spread.
    const moved = spread > 0 ? Math.abs(d) / Math.sqrt(spread) : 0.8;
    const noise = Math.exp(0.5 * gauss(seed, a, salt + 3) - 0.125);
    const lots = Math.max(1, Math.round(lotsPerMinute * len * (0.4 + 0.75 * moved) * noise));
    return { t, T, o: toPx(o), h: toPx(h), l: toPx(l), c: toPx(c), v: BigInt(lots) * contract.stepSize, n: Math.max(1, Math.round(lots / LOTS_PER_TRADE)) };
  };

  const n = starts.length;
  const closed = starts.map((t, i) => bar(t, (starts[i + 1] ?? current) - 1, i, i + 1));
  const live = current < end ? bar(current, nextBucketStart(interval, current) - 1, n, n + 1) : undefined;
  return { interval, closed, live };
}
