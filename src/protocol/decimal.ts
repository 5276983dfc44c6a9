/**
 * Fixed-point decimals on bigint. Prices, sizes and amounts arrive as decimal strings
 * and live as raw integers (value x 10^scale); no JavaScript number ever carries them.
 */
export class DecimalError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'DecimalError';
  }
}

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;
const WHOLE_RE = /^\d+$/;
const POW10: bigint[] = [];
for (let i = 0, v = 1n; i <= 36; i++, v *= 10n) POW10.push(v);

export function pow10(scale: number): bigint {
  const v = POW10[scale];
  if (v === undefined) throw new RangeError(`scale ${scale} out of range 0..36`);
  return v;
}

export interface ParseOptions {
  /** Allow a leading minus sign (PnL, ntli); prices and sizes never take one. */
  signed?: boolean;
}

/** "12.5" at scale 2 -> 1250n. More fractional digits than `scale` is an error, never a rounding. */
export function parseDecimal(text: unknown, scale: number, field: string, opts: ParseOptions = {}): bigint {
  if (typeof text !== 'string') throw new DecimalError(field, 'expected a decimal string');
  // Whole numbers ("60", "1": most prices and sizes) need none of the splitting below.
  if (scale >= 0 && WHOLE_RE.test(text)) return BigInt(text) * pow10(scale);
  const m = DECIMAL_RE.exec(text.trim() === text ? text : '');
  if (!m) throw new DecimalError(field, `"${text}" is not a decimal number`);
  const [, minus, whole, frac = ''] = m as unknown as [string, string | undefined, string, string | undefined];
  if (minus && !opts.signed) throw new DecimalError(field, 'must not be negative');
  const trimmedFrac = frac.replace(/0+$/, '');
  if (trimmedFrac.length > scale) {
    throw new DecimalError(field, scale === 0 ? 'must be a whole number' : `at most ${scale} decimal places`);
  }
  const raw = BigInt(whole) * pow10(scale) + (trimmedFrac ? BigInt(trimmedFrac) * pow10(scale - trimmedFrac.length) : 0n);
  return minus ? -raw : raw;
}

/** Shortest decimal string for raw at scale: 1250n, 2 -> "12.5"; the wire form of p and s. */
export function formatDecimal(raw: bigint, scale: number): string {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const unit = pow10(scale);
  const whole = abs / unit;
  const frac = scale > 0 ? (abs % unit).toString().padStart(scale, '0').replace(/0+$/, '') : '';
  const body = frac ? `${whole}.${frac}` : whole.toString();
  return negative && abs !== 0n ? `-${body}` : body;
}

/** Exactly `digits` decimals, rounding half away from zero; for display columns. */
export function formatFixed(raw: bigint, scale: number, digits: number): string {
  const rescaled = rescale(raw, scale, digits, 'half-up');
  const negative = rescaled < 0n;
  const abs = negative ? -rescaled : rescaled;
  const unit = pow10(digits);
  const whole = (abs / unit).toString();
  const body = digits > 0 ? `${whole}.${(abs % unit).toString().padStart(digits, '0')}` : whole;
  return negative ? `-${body}` : body;
}

export type Rounding = 'down' | 'up' | 'half-up';

/** Integer division with an explicit rounding mode (down = toward zero). */
export function divRound(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  const r = n % d;
  if (r !== 0n) {
    if (rounding === 'up' || (rounding === 'half-up' && r * 2n >= d)) q += 1n;
  }
  return negative ? -q : q;
}

/** Moves raw from one scale to another. */
export function rescale(raw: bigint, from: number, to: number, rounding: Rounding = 'down'): bigint {
  if (to >= from) return raw * pow10(to - from);
  return divRound(raw, pow10(from - to), rounding);
}

const AMOUNT_RE = /^(0|[1-9]\d*)$/;

/** Coin amounts: digit strings with no sign, fraction, exponent or leading zeros (open-points). */
export function parseAmount(text: unknown, field: string, opts: { allowZero?: boolean } = {}): bigint {
  if (typeof text !== 'string' || !AMOUNT_RE.test(text)) {
    throw new DecimalError(field, 'expected a whole number of smallest units (digits only, no sign or leading zeros)');
  }
  const v = BigInt(text);
  if (v === 0n && !opts.allowZero) throw new DecimalError(field, 'must be above zero');
  if (v >= 1n << 63n) throw new DecimalError(field, 'exceeds int64');
  return v;
}

/** The contract parameters that decide whether a price or size is valid. */
export interface ContractScales {
  priceScale: number;
  qtyScale: number;
  /** Raw price units per tick. */
  tickSize: number | bigint;
  /** Raw size units per step. */
  stepSize: number | bigint;
  maxTicks: number | bigint;
}

/** Parses and checks a limit price; errors use the exchange's own wording where it has one. */
export function parsePrice(text: unknown, c: ContractScales, field = 'price'): bigint {
  const raw = parseDecimal(text, c.priceScale, field);
  if (raw <= 0n) throw new DecimalError(field, 'must be positive');
  const tick = BigInt(c.tickSize);
  if (raw % tick !== 0n) {
    throw new DecimalError(field, `must be a multiple of the tick size ${formatDecimal(tick, c.priceScale)}`);
  }
  if (raw / tick > BigInt(c.maxTicks)) throw new DecimalError(field, `price ${raw} exceeds maxTicks ${c.maxTicks}`);
  return raw;
}

export function parseSize(text: unknown, c: ContractScales, field = 'size'): bigint {
  let raw: bigint;
  try {
    raw = parseDecimal(text, c.qtyScale, field);
  } catch (e) {
    if (e instanceof DecimalError && typeof text === 'string' && text.startsWith('-')) {
      throw new DecimalError(field, 'size must be positive');
    }
    throw e;
  }
  if (raw <= 0n) throw new DecimalError(field, 'size must be positive');
  const step = BigInt(c.stepSize);
  if (raw % step !== 0n) {
    throw new DecimalError(field, `must be a multiple of the step size ${formatDecimal(step, c.qtyScale)}`);
  }
  return raw;
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function absBig(a: bigint): bigint {
  return a < 0n ? -a : a;
}
