import { DEFAULT_COIN_DECIMALS, formatMoney } from '../../format/money.js';

export { DEFAULT_COIN_DECIMALS };

/**
 * @deprecated use `formatMoney(raw, coin)` from src/format: the coin's display decimals,
 * toward zero, grouped; `symbol` appends the coin's name.
 */
export function formatCoin(raw: bigint | string | null | undefined, opts: { decimals?: number; symbol?: string } = {}): string {
  return formatMoney(raw, { decimals: opts.decimals ?? DEFAULT_COIN_DECIMALS, name: opts.symbol }, { symbol: opts.symbol !== undefined });
}
