import { formatFixed } from '../../protocol/decimal.js';
import { groupThousands, MISSING, toRaw, type DisplayValue } from './decimal.js';

/** U+2212: a real minus is as wide as '+', so signed columns stay aligned. */
export const MINUS = '−';

export interface SignedFormat {
  decimals?: number;
  separators?: boolean;
  /** ASCII '-' instead of U+2212 (logs, clipboard). */
  ascii?: boolean;
}

/**
 * PnL and changes with an explicit sign: "+12.50", "−3.20", "0.00". The sign carries the
 * meaning on monochrome terminals, where up/down colours are not available.
 */
export function formatSigned(value: DisplayValue, scale: number, opts: SignedFormat = {}): string {
  const raw = toRaw(value, scale);
  if (raw === undefined) return MISSING;
  const decimals = opts.decimals ?? scale;
  let body = formatFixed(raw < 0n ? -raw : raw, scale, decimals);
  if (opts.separators) body = groupThousands(body);
  // Sign follows what is displayed: -0.001 at 2 decimals reads "0.00", not "−0.00".
  if (/^[0.]*$/.test(body.replace(/,/g, ''))) return body;
  if (raw > 0n) return `+${body}`;
  return `${opts.ascii ? '-' : MINUS}${body}`;
}
