import { formatFixed, pow10, rescale } from '../../protocol/decimal.js';

/**
 * Display formatting of fixed-point values. Inputs are raw bigints at a known scale or
 * decimal strings from the wire; no JS number ever carries a price, size or amount.
 * Render code must not throw, so malformed input shows as MISSING instead.
 */

export const MISSING = '—';

export type DisplayValue = bigint | string | null | undefined;

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a wire decimal string at its own precision: "12.50" -> {raw: 1250n, scale: 2}. */
export function parseLooseDecimal(text: string): { raw: bigint; scale: number } | undefined {
  const m = DECIMAL_RE.exec(text);
  if (!m) return undefined;
  const frac = m[3] ?? '';
  if (frac.length > 36) return undefined;
  const raw = BigInt((m[2] ?? '0') + frac);
  return { raw: m[1] ? -raw : raw, scale: frac.length };
}

/** A display value as raw units at `scale`, rounding half away from zero if the string is finer. */
export function toRaw(value: DisplayValue, scale: number): bigint | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'bigint') return value;
  const parsed = parseLooseDecimal(value);
  if (!parsed) return undefined;
  return rescale(parsed.raw, parsed.scale, scale, 'half-up');
}

/** "1234567.89" -> "1,234,567.89"; only the integer part is grouped. */
export function groupThousands(text: string, separator = ','): string {
  const m = /^(-|−|\+)?(\d+)(.*)$/.exec(text);
  if (!m) return text;
  const grouped = (m[2] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${m[1] ?? ''}${grouped}${m[3] ?? ''}`;
}

export interface NumberFormat {
  /** Fixed number of decimals shown; defaults to the value's scale so columns align. */
  decimals?: number;
  /** Thousands separators in the integer part. */
  separators?: boolean;
}

/** Fixed-decimal display of raw units at `scale` (half away from zero when decimals < scale). */
export function formatRaw(raw: bigint, scale: number, opts: NumberFormat = {}): string {
  const text = formatFixed(raw, scale, opts.decimals ?? scale);
  return opts.separators ? groupThousands(text) : text;
}

export function formatPrice(value: DisplayValue, priceScale: number, opts: NumberFormat = {}): string {
  const raw = toRaw(value, priceScale);
  return raw === undefined ? MISSING : formatRaw(raw, priceScale, opts);
}

export function formatSize(value: DisplayValue, qtyScale: number, opts: NumberFormat = {}): string {
  const raw = toRaw(value, qtyScale);
  return raw === undefined ? MISSING : formatRaw(raw, qtyScale, opts);
}

/** Unit of one raw step at `scale` as a bigint: used by callers that need 10^scale. */
export function unitOf(scale: number): bigint {
  return pow10(scale);
}
