import { formatFixed, rescale, type Rounding } from '../protocol/decimal.js';
import { groupThousands } from './groupThousands.js';

/** U+2212: a real minus is as wide as '+', so signed columns stay aligned. */
export const MINUS = '−';

export interface FixedTextOptions {
  /** '+' in front of positive values (PnL, changes); negatives always carry MINUS. */
  signed?: boolean;
  /** How a value finer than `digits` is cut; half away from zero unless said otherwise. */
  rounding?: Rounding;
}

/**
 * Raw units at `scale` as text with exactly `digits` decimals, thousands grouped and the
 * sign in front. The sign follows what is shown: -0.001 at 2 digits reads "0.00", not
 * "−0.00". The shared core of the price, size and money formatters.
 */
export function fixedText(raw: bigint, scale: number, digits: number, opts: FixedTextOptions = {}): string {
  const shown = rescale(raw, scale, digits, opts.rounding ?? 'half-up');
  const body = groupThousands(formatFixed(shown < 0n ? -shown : shown, digits, digits));
  if (shown < 0n) return `${MINUS}${body}`;
  if (shown > 0n && opts.signed) return `+${body}`;
  return body;
}
