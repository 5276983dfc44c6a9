import { rescale } from '../protocol/decimal.js';

/** A number as it reaches a formatter: raw units at a known scale, or a wire decimal string. */
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

/**
 * A display value as raw units at `scale`; a string finer than the scale rounds half away
 * from zero. Undefined when there is no value or it is not a decimal.
 */
export function toRaw(value: DisplayValue, scale: number): bigint | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'bigint') return value;
  const parsed = parseLooseDecimal(value);
  if (!parsed) return undefined;
  return rescale(parsed.raw, parsed.scale, scale, 'half-up');
}
