import { pow10 } from '../protocol/decimal.js';
import { fixedText } from './fixedText.js';
import { MISSING } from './missing.js';

/** Decimals of a coin whose configs entry is missing (USDC's). */
export const DEFAULT_COIN_DECIMALS = 6;

/** Decimals an amount shows: a cent of a dollar coin. Configs carry no display precision. */
export const MONEY_DECIMALS = 2;

export interface MoneyCoin {
  /** The coin's `decimals` from configs: raw units per coin are 10^decimals. */
  decimals: number;
  /** Appended after a space when asked for ("USDC"). */
  name?: string;
}

export interface MoneyOptions {
  /** '+' in front of gains (PnL); losses always carry the minus. */
  signed?: boolean;
  /**
   * Every non-zero digit, for fees (often below a cent) and the amount an action moves:
   * at least the display decimals, more only when a digit would be lost.
   */
  exact?: boolean;
  /** Append the coin's name: "50.00 USDC". */
  symbol?: boolean;
}

/** The decimals an amount of `coin` shows. */
export function moneyDecimals(coin: Pick<MoneyCoin, 'decimals'>): number {
  return Math.min(MONEY_DECIMALS, coin.decimals);
}

/** The fewest decimals, at least `min`, that show `raw` (at `decimals`) without losing a digit. */
function exactDigits(raw: bigint, decimals: number, min: number): number {
  let frac = (raw < 0n ? -raw : raw) % pow10(decimals);
  let digits = decimals;
  while (digits > min && frac % 10n === 0n) {
    frac /= 10n;
    digits -= 1;
  }
  return digits;
}

/**
 * An amount of a coin from raw smallest units (bigint, or the wire's digit string) to
 * "10,000.00": the coin's display decimals, thousands grouped, rounded toward zero so a
 * balance or a gain is never overstated. Never a float.
 */
export function formatMoney(value: bigint | string | null | undefined, coin: MoneyCoin, opts: MoneyOptions = {}): string {
  let raw: bigint;
  if (typeof value === 'bigint') raw = value;
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) raw = BigInt(value);
  else return MISSING;
  const display = moneyDecimals(coin);
  const digits = opts.exact ? exactDigits(raw, coin.decimals, display) : display;
  const text = fixedText(raw, coin.decimals, digits, { signed: opts.signed, rounding: 'down' });
  return opts.symbol && coin.name ? `${text} ${coin.name}` : text;
}
