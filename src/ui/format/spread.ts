import { formatRaw } from './decimal.js';
import { formatPercent } from './percent.js';

/**
 * The book's spread line: "0.50  0.05%" (absolute at the price scale, relative to the
 * mid price, bigint throughout). A crossed or missing side reads "—".
 */
export function formatSpread(bestBid: bigint | undefined, bestAsk: bigint | undefined, priceScale: number, opts: { decimals?: number } = {}): string {
  if (bestBid === undefined || bestAsk === undefined || bestAsk < bestBid) return '—';
  const spread = bestAsk - bestBid;
  const mid2 = bestBid + bestAsk; // twice the mid, so the ratio stays an integer fraction
  const pct = mid2 > 0n ? formatPercent(spread * 2n, mid2, { decimals: opts.decimals ?? 3 }) : '—';
  return `${formatRaw(spread, priceScale)}  ${pct}`;
}
