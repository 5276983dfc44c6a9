import { PROTECT_PCT } from '../forms/index.js';
import { DecimalError, parseDecimal } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import { planHeader, type TrailingStopPlan } from './algoPlan.js';
import type { Checked } from './scalePlan.js';

/** A trailing stop as a trader asks for it: one of `distance` (a price) or `percent`. */
export interface TrailingStopRequest {
  contract: string;
  distance?: string;
  /** Percent of the best mark, at most two decimals ("1.5"). */
  percent?: string;
  /** Default 5: each closing Ioc's limit is this many ticks through the touch (the bid, closing a long). */
  throughTicks?: number;
  /**
   * How far from the mark at firing the closes may reach, in percent with at most two
   * decimals ("5", "2.5"). Default: the flatten key's bound (PROTECT_PCT).
   */
  boundPercent?: string;
  /** Default 1 s, at least 250 ms. */
  intervalMs?: number;
}

const MIN_INTERVAL_MS = 250;

/** The flatten key's bound in basis points: a stop's closes reach no further from the mark by default. */
export const DEFAULT_BOUND_BPS = Number(PROTECT_PCT) * 100;

/** A plan on the open position `position` (raw signed size: negative is short), trailing from `mark`. */
export function trailingStopPlan(req: TrailingStopRequest, contract: ContractConfig, position: bigint, mark: bigint, now: number, id: string): Checked<TrailingStopPlan> {
  const fail = (error: string): Checked<TrailingStopPlan> => ({ ok: false, error });
  if (position === 0n) return fail(`no open position on ${contract.name} to trail`);
  if (mark <= 0n) return fail(`no mark price for ${contract.name}`);
  if ((req.distance === undefined) === (req.percent === undefined)) return fail('give a distance or a percentage, not both');
  const plan: TrailingStopPlan = {
    kind: 'trailingStop',
    ...planHeader(id, now, contract),
    // The closing side: a long is closed by a sell.
    isBuy: position < 0n,
    total: position < 0n ? -position : position,
    reduceOnly: true,
    throughTicks: req.throughTicks ?? 5,
    startMark: mark,
    intervalMs: req.intervalMs ?? 1_000,
    boundBps: DEFAULT_BOUND_BPS,
  };
  try {
    if (req.boundPercent !== undefined) {
      const b = parseDecimal(req.boundPercent.trim(), 2, 'bound');
      if (b <= 0n || b >= 10_000n) return fail('bound: a percentage above 0 and below 100');
      plan.boundBps = Number(b);
    }
    if (req.distance !== undefined) {
      const d = parseDecimal(req.distance.trim(), contract.priceScale, 'distance');
      if (d <= 0n) return fail('distance: above 0');
      plan.trailDistance = d;
    } else {
      // Percent at two decimals is basis points exactly.
      const bps = parseDecimal(req.percent!.trim(), 2, 'percent');
      if (bps <= 0n || bps >= 10_000n) return fail('percent: above 0 and below 100');
      plan.trailBps = Number(bps);
    }
  } catch (e) {
    return fail(e instanceof DecimalError ? e.message : String(e));
  }
  if (!Number.isSafeInteger(plan.throughTicks) || plan.throughTicks < 0 || plan.throughTicks > 10_000) return fail('through: whole ticks from 0 to 10000');
  if (!Number.isSafeInteger(plan.intervalMs) || plan.intervalMs < MIN_INTERVAL_MS) return fail(`interval: at least ${MIN_INTERVAL_MS} ms`);
  return { ok: true, value: plan };
}

/** The best mark so far: the highest for a long (closed by a sell), the lowest for a short. */
export function bestMarkOf(plan: Pick<TrailingStopPlan, 'isBuy'>, best: bigint, mark: bigint): bigint {
  return plan.isBuy ? (mark < best ? mark : best) : mark > best ? mark : best;
}

/** The mark at which it fires, from the best so far (the exact retrace, not rounded to the tick). */
export function trailingTrigger(plan: Pick<TrailingStopPlan, 'isBuy' | 'trailDistance' | 'trailBps'>, best: bigint): { hit: (mark: bigint) => boolean; at: bigint } {
  if (plan.trailDistance !== undefined) {
    const at = plan.isBuy ? best + plan.trailDistance : best - plan.trailDistance;
    return { at, hit: (m) => (plan.isBuy ? m >= at : m <= at) };
  }
  const bps = BigInt(plan.trailBps ?? 0);
  // Compared scaled by 10 000, so a percentage of the best needs no rounding.
  const scaled = plan.isBuy ? best * (10_000n + bps) : best * (10_000n - bps);
  return { at: scaled / 10_000n, hit: (m) => (plan.isBuy ? m * 10_000n >= scaled : m * 10_000n <= scaled) };
}

/**
 * The furthest price a fired stop's closes may reach: `boundBps` of the mark it fired at
 * (default the flatten key's 5 %), on the tick grid inside the bound, never below one tick.
 */
export function boundPx(plan: Pick<TrailingStopPlan, 'tickSize' | 'boundBps'>, fired: { mark: bigint; isBuy: boolean }): bigint {
  const tick = plan.tickSize > 0n ? plan.tickSize : 1n;
  const bps = BigInt(plan.boundBps ?? DEFAULT_BOUND_BPS);
  if (fired.isBuy) {
    const px = ((fired.mark * (10_000n + bps)) / 10_000n / tick) * tick;
    return px < tick ? tick : px;
  }
  const px = ceilDiv(fired.mark * (10_000n - bps), 10_000n * tick) * tick;
  return px < tick ? tick : px;
}

/**
 * One close's limit: `throughTicks` through the touch on the closing side (the bid for a
 * sell, the ask for a buy) as the book is now, so a wide spread is crossed whatever its
 * width; never past the bound (`atBound` then). With no touch, the bound itself.
 */
export function closePx(plan: Pick<TrailingStopPlan, 'throughTicks' | 'tickSize' | 'boundBps'>, fired: { mark: bigint; isBuy: boolean }, touch: bigint | undefined): { price: bigint; atBound: boolean } {
  const tick = plan.tickSize > 0n ? plan.tickSize : 1n;
  const bound = boundPx(plan, fired);
  if (touch === undefined) return { price: bound, atBound: true };
  const through = BigInt(plan.throughTicks) * tick;
  if (fired.isBuy) {
    const px = ceilDiv(touch + through, tick) * tick;
    return px >= bound ? { price: bound, atBound: true } : { price: px, atBound: false };
  }
  const px = ((touch - through) / tick) * tick;
  return px <= bound ? { price: bound, atBound: true } : { price: px, atBound: false };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
