import { formatMoney, formatPrice } from '../format/index.js';
import type { FormSettings } from './context.js';
import { distancePct, formatPct, PCT_SCALE, truncDecimal, type CoinUnit } from './numbers.js';
import type { PreTrade } from './preTrade.js';

/**
 * Fat-finger guards and the stale-book check (the confirm policy is confirmPolicy.ts).
 * Guards never block: they list what needs an explicit override, so a trader who means it
 * can still send it.
 */
export interface GuardViolation {
  guard: 'maxNotional' | 'maxDistancePct';
  message: string;
}

export function checkGuards(
  pt: Pick<PreTrade, 'notional' | 'worstPx' | 'markPx' | 'contractName'>,
  guards: FormSettings['guards'],
  collateral: CoinUnit,
  priceScale: number,
): GuardViolation[] {
  const out: GuardViolation[] = [];
  const max = truncDecimal(guards?.maxNotional, collateral.decimals);
  if (max !== undefined && pt.notional > max) {
    out.push({
      guard: 'maxNotional',
      message: `notional ${formatMoney(pt.notional, collateral, { symbol: true })} is above the ${formatMoney(max, collateral, { symbol: true })} guard (guards.maxNotional)`,
    });
  }
  const pct = truncDecimal(guards?.maxDistancePct, PCT_SCALE);
  if (pct !== undefined && pt.worstPx !== undefined) {
    if (pt.markPx === undefined || pt.markPx <= 0n) {
      out.push({ guard: 'maxDistancePct', message: `no mark price for ${pt.contractName}: the distance guard cannot be checked` });
    } else {
      const d = distancePct(pt.worstPx, pt.markPx);
      if (d > pct) {
        out.push({
          guard: 'maxDistancePct',
          message: `price ${formatPrice(pt.worstPx, { priceScale })} is ${formatPct(d)} from the mark ${formatPrice(pt.markPx, { priceScale })} (guard ${formatPct(pct)}, guards.maxDistancePct)`,
        });
      }
    }
  }
  return out;
}

export const STALE_BOOK_MESSAGE = 'the order book is stale (no fresh update): the prices and estimates above may be out of date; confirm once more to send anyway';

/** The extra confirmation order entry needs while the book is stale, if any. */
export function staleBookConfirmation(bookStale: boolean): string | undefined {
  return bookStale ? STALE_BOOK_MESSAGE : undefined;
}
