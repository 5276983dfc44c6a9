/** How far from the mark a market order may trade: it executes as an IOC at mark +/- 10 %. */
export const MARKET_SLIPPAGE_PCT = 10n;

/**
 * The limit the exchange gives a market order: mark +/- 10 %, rounded outward to the tick
 * grid (so the whole band is reachable), never below one tick.
 */
export function marketBound(mark: bigint, tick: bigint, isBuy: boolean): bigint {
  if (isBuy) {
    const raw = (mark * (100n + MARKET_SLIPPAGE_PCT) + 99n) / 100n;
    return ((raw + tick - 1n) / tick) * tick;
  }
  const raw = (mark * (100n - MARKET_SLIPPAGE_PCT)) / 100n;
  const px = (raw / tick) * tick;
  return px < tick ? tick : px;
}
