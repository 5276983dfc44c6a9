import { pow10 } from '../protocol/index.js';
import { PCT_SCALE } from './numbers.js';

/**
 * Sizes typed as a share of the largest order the margin allows ("25%", "12.5%"): the
 * percentage is fixed-point at PCT_SCALE, and the size is rounded down to the step, so the
 * order is never larger than the share asked for.
 */
export const PERCENT_ONE = 100n * pow10(PCT_SCALE);

/** The percentage of "25%" at PCT_SCALE; undefined when the text is not a percentage, 'invalid' for "x%". */
export function parsePercent(text: string): bigint | undefined | 'invalid' {
  const t = text.trim();
  if (!t.endsWith('%')) return undefined;
  const m = /^(\d+)(?:\.(\d+))?\s*%$/.exec(t);
  if (!m || (m[2] ?? '').length > PCT_SCALE) return 'invalid';
  return BigInt(m[1] as string) * pow10(PCT_SCALE) + BigInt((m[2] ?? '').padEnd(PCT_SCALE, '0') || '0');
}

/** `pct` of `max`, down to a multiple of `step`. */
export function percentOfMax(max: bigint, pct: bigint, step: bigint): bigint {
  const s = step > 0n ? step : 1n;
  return ((max * pct) / PERCENT_ONE / s) * s;
}
