import { divRound, pow10 } from '../../protocol/decimal.js';
import { MISSING, parseLooseDecimal } from './decimal.js';
import { MINUS } from '../../format/fixedText.js';

export interface PercentFormat {
  decimals?: number;
  /** Prefix positive values with '+' (changes, ROE); plain for shares of a whole. */
  signed?: boolean;
  ascii?: boolean;
}

function render(hundredths: bigint, decimals: number, opts: PercentFormat): string {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const unit = pow10(decimals);
  const whole = abs / unit;
  const body = decimals > 0 ? `${whole}.${(abs % unit).toString().padStart(decimals, '0')}` : whole.toString();
  if (abs === 0n) return `${body}%`;
  if (negative) return `${opts.ascii ? '-' : MINUS}${body}%`;
  return `${opts.signed ? '+' : ''}${body}%`;
}

/** numerator/denominator as a percentage, computed in bigint: (1n, 8n) -> "12.50%". */
export function formatPercent(numerator: bigint, denominator: bigint, opts: PercentFormat = {}): string {
  if (denominator === 0n) return MISSING;
  const decimals = opts.decimals ?? 2;
  const scaled = divRound(numerator * 100n * pow10(decimals), denominator, 'half-up');
  return render(scaled, decimals, opts);
}

/** A decimal ratio string as a percentage: funding "0.0001" -> "+0.0100%" with decimals 4. */
export function formatRatePercent(rate: string | null | undefined, opts: PercentFormat = {}): string {
  if (rate === null || rate === undefined) return MISSING;
  const parsed = parseLooseDecimal(rate);
  if (!parsed) return MISSING;
  return formatPercent(parsed.raw, pow10(parsed.scale), opts);
}

/** Basis points (integer bigint) as a percentage: 125n -> "1.25%". */
export function formatBps(bps: bigint, opts: PercentFormat = {}): string {
  return formatPercent(bps, 10_000n, opts);
}
