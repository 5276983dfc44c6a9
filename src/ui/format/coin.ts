import { formatFixed, type Rounding, rescale } from '../../protocol/decimal.js';
import { groupThousands, MISSING } from './decimal.js';

export const DEFAULT_COIN_DECIMALS = 6;

export interface CoinFormat {
  /** The coin's `decimals` from configs (USDC: 6). */
  decimals?: number;
  /** Decimals shown; balances read well at 2. */
  digits?: number;
  separators?: boolean;
  /** Appended after a space, e.g. "USDC". */
  symbol?: string;
  /**
   * Balances round toward zero by default so that "available" is never overstated.
   */
  rounding?: Rounding;
}

/** Raw smallest units (bigint or the wire's digit string) to "10,000.00 USDC". */
export function formatCoin(raw: bigint | string | null | undefined, opts: CoinFormat = {}): string {
  let value: bigint;
  if (typeof raw === 'bigint') value = raw;
  else if (typeof raw === 'string' && /^-?\d+$/.test(raw)) value = BigInt(raw);
  else return MISSING;
  const decimals = opts.decimals ?? DEFAULT_COIN_DECIMALS;
  const digits = opts.digits ?? 2;
  const shown = digits < decimals ? rescale(value, decimals, digits, opts.rounding ?? 'down') : value;
  let text = formatFixed(shown, digits < decimals ? digits : decimals, digits);
  if (opts.separators ?? true) text = groupThousands(text);
  return opts.symbol ? `${text} ${opts.symbol}` : text;
}
