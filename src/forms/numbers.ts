import { absBig, divRound, formatFixed, parseDecimal, pow10, type Rounding } from '../protocol/index.js';

/**
 * Bigint helpers the forms share. Nothing here ever goes through a JS float: percentages,
 * fee rates and thresholds are fixed-point like prices.
 */

/** Fixed-point scale of rates (fees, maintenance ratio): the exchange's FEE_RATE_SCALE. */
export const RATE_SCALE = 8;
export const RATE_ONE = pow10(RATE_SCALE);

/** Scale at which percentages are compared (0.0001 %). */
export const PCT_SCALE = 4;

/** Parses a decimal string or returns undefined; for data already on the wire (book levels, marks). */
export function tryDecimal(text: string | null | undefined, scale: number, signed = false): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    return parseDecimal(text, scale, 'value', { signed });
  } catch {
    return undefined;
  }
}

/**
 * An unsigned decimal at `scale`, dropping digits past it: averages and liquidation prices
 * from the wire, and configured thresholds ("2.5", "50000.123"), which are not wire values
 * and need not match a contract's scale. `signed`: a leading minus is taken too (funding
 * rates, PnL), the digits dropped toward zero.
 */
export function truncDecimal(text: string | null | undefined, scale: number, o: { signed?: boolean } = {}): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const m = (o.signed ? /^(-)?(\d+)(?:\.(\d+))?$/ : /^()(\d+)(?:\.(\d+))?$/).exec(text);
  if (!m) return undefined;
  const frac = (m[3] ?? '').slice(0, scale).padEnd(scale, '0');
  const raw = BigInt(m[2] as string) * pow10(scale) + (scale > 0 ? BigInt(frac) : 0n);
  return m[1] ? -raw : raw;
}

/** Value of a raw price x raw size in raw collateral units (quote coin at par with collateral). */
export function notionalRaw(priceRaw: bigint, sizeRaw: bigint, priceScale: number, qtyScale: number, coinDecimals: number, rounding: Rounding = 'half-up'): bigint {
  return divRound(priceRaw * sizeRaw * pow10(coinDecimals), pow10(priceScale + qtyScale), rounding);
}

/** |a - b| / b in percent at PCT_SCALE (b > 0). */
export function distancePct(a: bigint, b: bigint): bigint {
  if (b <= 0n) return 0n;
  return divRound(absBig(a - b) * 100n * pow10(PCT_SCALE), b, 'down');
}

export function formatPct(pctRaw: bigint, digits = 2): string {
  return `${formatFixed(pctRaw, PCT_SCALE, digits)}%`;
}

/** Compares two decimal strings by value; undefined when either is not a decimal. */
export function compareDecimal(a: string, b: string): number | undefined {
  const scale = Math.max(fracDigits(a), fracDigits(b));
  if (scale > 36) return undefined;
  const x = tryDecimal(a, scale, true);
  const y = tryDecimal(b, scale, true);
  if (x === undefined || y === undefined) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
}

function fracDigits(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

export interface CoinUnit {
  decimals: number;
  name: string;
}

/** Rounds a raw price to a multiple of the tick, in the given direction. */
export function roundToTick(raw: bigint, tick: bigint, direction: 'down' | 'up'): bigint {
  if (tick <= 0n) return raw;
  const rem = ((raw % tick) + tick) % tick;
  if (rem === 0n) return raw;
  return direction === 'down' ? raw - rem : raw - rem + tick;
}

/** UTC time of a Unix-ms timestamp, or the number itself when no date can hold it. */
export function isoTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? `${ms} ms` : d.toISOString().replace('.000Z', 'Z');
}

/**
 * What a trigger would make or lose on `size` entered at `entry` (issue 38's "TP/SL with
 * their outcome"): the PnL in the collateral coin's units, signed, and the price move from
 * the entry in percent at PCT_SCALE, signed the same way (a long gains above its entry, a
 * short below). Fees are not in it.
 */
export function triggerOutcome(o: { entry: bigint; trigger: bigint; size: bigint; isBuy: boolean; priceScale: number; qtyScale: number; coinDecimals: number }): { pnl: bigint; pct: bigint } {
  const move = o.isBuy ? o.trigger - o.entry : o.entry - o.trigger;
  const sign = move < 0n ? -1n : 1n;
  const pnl = sign * notionalRaw(absBig(move), o.size, o.priceScale, o.qtyScale, o.coinDecimals, 'down');
  return { pnl, pct: sign * distancePct(o.trigger, o.entry) };
}
