/**
 * Candle bucket boundaries in UTC. Minutes to days are fixed lengths from the
 * Unix epoch; weeks open on Monday 00:00 UTC (as Hyperliquid and Binance do);
 * months open on the first day of the calendar month, so they vary in length.
 */
import type { CandleInterval } from '../../protocol/wire/index.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday; the first Monday came 4 days later. */
const FIRST_MONDAY = 4 * DAY;

const FIXED_MS: Record<Exclude<CandleInterval, '1w' | '1M'>, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': DAY,
};

/** Open time (ms) of the bar that contains `time`. */
export function bucketStart(interval: CandleInterval, time: number): number {
  if (interval === '1M') {
    const d = new Date(time);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (interval === '1w') return Math.floor((time - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
  const len = FIXED_MS[interval];
  return Math.floor(time / len) * len;
}

/** Open time of the bar after the one that contains `time`; that bar's close time T is this minus 1. */
export function nextBucketStart(interval: CandleInterval, time: number): number {
  const start = bucketStart(interval, time);
  if (interval === '1M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + (interval === '1w' ? WEEK : FIXED_MS[interval]);
}
