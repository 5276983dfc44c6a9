import type { Trade } from '../../../protocol/wire/index.js';
import { formatPrice, formatSize, toRaw } from '../../../format/index.js';
import { directionSymbol, sideLabel, tickDirection } from '../../format/side.js';
import { formatClock } from '../../format/time.js';

/**
 * The trade tape, newest first. Each price carries the tick against the trade before it
 * (▲ up, ▼ down, · same), and the side letter, so neither needs colour to read.
 *
 * A trade is "big" when its size is at least BIG_MULTIPLE times the median size of the
 * trades in memory (at least MIN_SAMPLE of them): a threshold that follows the market's
 * own rhythm rather than a number that suits one contract only.
 */

export const BIG_MULTIPLE = 5n;
export const MIN_SAMPLE = 20;

export interface TradeRow {
  key: string;
  time: string;
  isBuy: boolean;
  side: string;
  price: string;
  tick: string;
  size: string;
  big: boolean;
}

/** Median size (raw) of the trades, or undefined when there are too few to judge. */
export function bigTradeThreshold(trades: readonly Trade[], qtyScale: number): bigint | undefined {
  if (trades.length < MIN_SAMPLE) return undefined;
  const sizes: bigint[] = [];
  for (const t of trades) {
    const raw = toRaw(t.sz, qtyScale);
    if (raw !== undefined) sizes.push(raw);
  }
  if (sizes.length < MIN_SAMPLE) return undefined;
  sizes.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sizes[Math.floor(sizes.length / 2)]! * BIG_MULTIPLE;
}

/** The newest `limit` trades as rows, newest first. `trades` is the store's ring, oldest first. */
export function tradeRows(trades: readonly Trade[], priceScale: number, qtyScale: number, limit: number): TradeRow[] {
  const threshold = bigTradeThreshold(trades, qtyScale);
  const out: TradeRow[] = [];
  for (let i = trades.length - 1; i >= 0 && out.length < limit; i--) {
    const t = trades[i]!;
    const prev = trades[i - 1];
    const px = toRaw(t.px, priceScale);
    const dir = tickDirection(px, prev ? toRaw(prev.px, priceScale) : undefined);
    const sz = toRaw(t.sz, qtyScale);
    const isBuy = t.side === 'B';
    out.push({
      key: String(t.tid),
      time: formatClock(t.time),
      isBuy,
      side: sideLabel(isBuy),
      price: formatPrice(px, { priceScale }),
      tick: dir === undefined ? ' ' : directionSymbol(dir),
      size: formatSize(sz, { qtyScale }),
      big: threshold !== undefined && sz !== undefined && threshold > 0n && sz >= threshold,
    });
  }
  return out;
}
