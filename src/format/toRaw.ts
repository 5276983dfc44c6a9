import { rescale } from '../protocol/decimal.js';

/** A number as it reaches a formatter: raw units at a known scale, or a wire decimal string. */
export type DisplayValue = bigint | string | null | undefined;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Parses a wire decimal string at its own precision: "12.50" -> {raw: 1250n, scale: 2}.
 * The form is `-?digits(.digits)?`, read character by character: the panes parse every
 * price and size they show at each render, and a regular expression's match array per call
 * was a good part of what a busy screen allocated.
 */
export function parseLooseDecimal(text: string): { raw: bigint; scale: number } | undefined {
  const n = text.length;
  const start = n > 0 && text.charCodeAt(0) === 45 ? 1 : 0;
  let i = start;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  if (i === start) return undefined;
  const dot = i;
  if (i < n) {
    if (text.charCodeAt(i) !== 46) return undefined;
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    if (i === dot + 1 || i !== n) return undefined;
  }
  const scale = dot === n ? 0 : n - dot - 1;
  if (scale > 36) return undefined;
  const raw = BigInt(dot === n ? text.slice(start) : text.slice(start, dot) + text.slice(dot + 1));
  return { raw: start === 1 ? -raw : raw, scale };
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
