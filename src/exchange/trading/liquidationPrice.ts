/**
 * The mark price at which a position would be liquidated, everything else held fixed.
 * Liquidation starts when equity E falls below f x MM (f = 1, or 1/2 for share-group
 * pools), with MM = notional / (2 L) at the tier's leverage L. Writing D = 2L / f and B
 * for what the rest of the pool (or the isolated bucket) brings, E(P) = f MM(P) solves to
 *   long:  P = D (C mul - B div) / (S mul (D - 1))
 *   short: P = D (C mul + B div) / (S mul (D + 1))
 * with C the position cost (px x sz), S its size and mul/div the unit conversion.
 */
import type { Account } from '../state/accounts.js';
import { ceilDiv, floorDiv } from './units.js';
import type { TradingEngine } from './tradingEngine.js';
import type { Holding, Position } from './types.js';

/** Share-group pools are liquidated at half their maintenance requirement (below it they are FROZEN first). */
export const GROUP_LIQUIDATION_FRACTION_DEN = 2n;

export function liquidationPrice(t: TradingEngine, account: Account, h: Holding, p: Position): bigint | undefined {
  const market = t.market(h.contractId);
  const contract = t.core.config.contract(h.contractId);
  if (!market || !contract || p.size <= 0n) return undefined;
  const mark = t.mark(h.contractId);
  const own = t.margin.positionFigures(h, p, mark);
  const pool = t.margin.poolOf(account, contract);
  const fDen = pool.kind === 'group' && h.marginMode === 'cross' ? GROUP_LIQUIDATION_FRACTION_DEN : 1n;
  let b: bigint;
  if (h.marginMode === 'isolated') {
    b = t.core.ledger.balance(t.margin.isolatedBucket(h, p.side));
  } else {
    const f = t.margin.poolFigures(account, pool);
    b = f.equity - own.upnl - (f.mm - own.mm) / fDen;
  }
  const d = 2n * BigInt(market.units.maxLeverageAt(own.notional)) * fDen;
  const { mul, div } = market.units;
  const px =
    p.side === 'long'
      ? ceilDiv(d * (p.cost * mul - b * div), p.size * mul * (d - 1n))
      : floorDiv(d * (p.cost * mul + b * div), p.size * mul * (d + 1n));
  return px > 0n ? px : undefined;
}
