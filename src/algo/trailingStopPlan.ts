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
  /** Default 5: the closing Ioc's limit is this many ticks through the mark. */
  throughTicks?: number;
  /** Default 1 s, at least 250 ms. */
  intervalMs?: number;
}

const MIN_INTERVAL_MS = 250;

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
  };
  try {
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

/** The closing Ioc's limit: `throughTicks` through the mark, on the tick, never below one tick. */
export function throughMarkPx(plan: Pick<TrailingStopPlan, 'isBuy' | 'throughTicks' | 'tickSize'>, mark: bigint): bigint {
  const tick = plan.tickSize;
  const through = BigInt(plan.throughTicks) * tick;
  if (plan.isBuy) return ((mark + through + tick - 1n) / tick) * tick;
  const px = ((mark - through) / tick) * tick;
  return px < tick ? tick : px;
}
