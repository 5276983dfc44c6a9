import { formatMoney, formatPrice, type MoneyCoin } from '../format/index.js';
import { formatPct } from './numbers.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import type { Texts } from './field.js';

/**
 * A take-profit and/or stop-loss typed on the order form. They cannot go with the order
 * (the exchange's tpSl acts on a position), so they wait for the order's first fill and
 * are then placed with the position's tpSl action, for the whole position.
 */
export interface AttachedLegs {
  contractId: number;
  /** The entry's side: the position it opens or adds to is long for a buy. */
  isBuy: boolean;
  /** Trigger prices as wire decimals. */
  tp?: string;
  sl?: string;
}

/** The tpSl form's texts for the legs (no sizes: the trigger covers the whole position). */
export function attachedTpSlTexts(legs: AttachedLegs): Texts {
  return { tpPx: legs.tp ?? '', slPx: legs.sl ?? '' };
}

/** "+150.00 USDC (+10.34%)": a trigger's outcome on the size from the entry, fees aside. */
export function outcomeText(o: { pnl: bigint; pct: bigint }, coin: MoneyCoin): string {
  const pct = `${o.pct < 0n ? '−' : '+'}${formatPct(o.pct < 0n ? -o.pct : o.pct)}`;
  return `${formatMoney(o.pnl, coin, { symbol: true, signed: true })} (${pct})`;
}

export function describeAttached(legs: AttachedLegs, contract: Pick<ContractConfig, 'priceScale'>): string {
  const parts = [legs.tp !== undefined ? `TP ${formatPrice(legs.tp, contract)}` : '', legs.sl !== undefined ? `SL ${formatPrice(legs.sl, contract)}` : ''].filter(Boolean);
  return `${parts.join(', ')} on the ${legs.isBuy ? 'long' : 'short'} position once this order fills`;
}
