import { divRound, pow10 } from '../protocol/decimal.js';
import { MINUS } from './fixedText.js';

const SUFFIXES = ['', 'k', 'M', 'B', 'T', 'P'] as const;

/**
 * The compact form of a quantity, for a field with no room for the full figure (the chart
 * header's volume): at most ~5 columns, 999 -> "999", 1234 -> "1.2k", 3_400_000 -> "3.4M".
 * `scale` is the raw value's decimal scale; fractions below 1 keep up to 2 decimals.
 * Rounding is half away from zero and carries into the next suffix (999_960 -> "1.0M").
 */
export function formatCompact(raw: bigint, scale = 0): string {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const sign = negative ? MINUS : '';
  const unit = pow10(scale);
  if (abs < 1000n * unit) {
    // Below 1000: whole numbers, or two decimals when the value has a fraction worth showing.
    const digits = abs < 10n * unit && abs % unit !== 0n ? Math.min(2, scale) : 0;
    const shown = divRound(abs * pow10(digits), unit, 'half-up');
    if (shown < 1000n * pow10(digits)) {
      const d = pow10(digits);
      const text = digits > 0 ? `${shown / d}.${(shown % d).toString().padStart(digits, '0')}` : shown.toString();
      return sign + text;
    }
  }
  // tenths of the suffix unit: abs / (1000^i * unit) * 10
  let i = 1;
  let tenths = divRound(abs * 10n, 1000n * unit, 'half-up');
  // 9995 tenths would print as "1000k": carry into the next suffix instead.
  while (tenths >= 9_995n && i < SUFFIXES.length - 1) {
    i += 1;
    tenths = divRound(abs * 10n, 1000n ** BigInt(i) * unit, 'half-up');
  }
  const whole = tenths / 10n;
  // Three whole digits leave no room for a decimal: "123k", not "123.4k".
  // (rounded once from the exact value: rounding the tenths again would turn 123.45 into 124)
  const text = whole >= 100n ? divRound(abs, 1000n ** BigInt(i) * unit, 'half-up').toString() : `${whole}.${tenths % 10n}`;
  return `${sign}${text}${SUFFIXES[i]}`;
}
