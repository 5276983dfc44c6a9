/**
 * A vertical price axis: `intervals + 1` rows, the top row at `top` and each row below
 * one `step` lower. Every row's price is on the contract's tick grid and no two rows share
 * a price, so formatted at the price scale no label repeats.
 */
export interface PriceAxis {
  /** Raw price of the top row. */
  top: bigint;
  /** Raw price units between rows: a 1-2-5 multiple of the tick. */
  step: bigint;
  intervals: number;
}

const MULTIPLES = [1n, 2n, 5n] as const;

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** The 1-2-5 multiples of one tick that divide `step`, largest first (`step` itself included). */
function alignments(step: bigint): bigint[] {
  const out: bigint[] = [];
  for (let decade = 1n; decade <= step; decade *= 10n) {
    for (const m of MULTIPLES) if (m * decade <= step && step % (m * decade) === 0n) out.push(m * decade);
  }
  return out.reverse();
}

/**
 * The axis for `values`: the smallest 1-2-5 step of ticks whose rows cover every value,
 * the rows on round multiples of the step when that still covers them, else on the
 * roundest finer grid that does (so a short axis keeps its resolution instead of doubling
 * its step for the sake of round labels), with the values centred when they need fewer
 * rows than there are (a flat series sits mid-chart). Prices never get a row below zero.
 */
export function priceAxis(values: readonly bigint[], tick: bigint, intervals: number): PriceAxis {
  const t = tick > 0n ? tick : 1n;
  const n = BigInt(Math.max(1, Math.trunc(intervals)));
  let lo = values[0] ?? 0n;
  let hi = lo;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // In ticks: the grid rows must reach below the lowest and above the highest value.
  const loT = floorDiv(lo, t);
  const hiT = ceilDiv(hi, t);
  for (let decade = 1n; ; decade *= 10n) {
    for (const m of MULTIPLES) {
      const step = m * decade;
      if (n * step < hiT - loT) continue;
      for (const align of alignments(step)) {
        let base = floorDiv(loT, align) * align;
        if (base + n * step < hiT) continue;
        const used = ceilDiv(hiT - base, step);
        base -= ((n - used) / 2n) * step;
        if (base < 0n && loT >= 0n) base = 0n;
        return { top: (base + n * step) * t, step: step * t, intervals: Number(n) };
      }
    }
  }
}

/** Row prices from the top down. */
export function axisPrices(axis: PriceAxis): bigint[] {
  return Array.from({ length: axis.intervals + 1 }, (_, i) => axis.top - BigInt(i) * axis.step);
}
