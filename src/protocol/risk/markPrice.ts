/**
 * The mark price rule of the exchange: the median of best bid, best ask and index when the
 * book has both sides (Hyperliquid's rule without its moving-average term), else the index
 * itself; without an index, the mid of a two-sided book, else the last trade. The exchange
 * marks positions with it, and the dashboard uses it for the mark an order's own fills and
 * resting remainder leave behind.
 */
export function median3(a: bigint, b: bigint, c: bigint): bigint {
  if (a > b) [a, b] = [b, a];
  if (b > c) b = c;
  return a > b ? a : b;
}

export function markPrice(bestBid: bigint | undefined, bestAsk: bigint | undefined, index: bigint | undefined, last?: bigint): bigint | undefined {
  if (index === undefined) return bestBid !== undefined && bestAsk !== undefined ? (bestBid + bestAsk) / 2n : last;
  if (bestBid === undefined || bestAsk === undefined) return index;
  return median3(bestBid, bestAsk, index);
}
