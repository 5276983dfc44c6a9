import type { TwapPlan } from './algoPlan.js';
import { seededBelow } from './seededUnit.js';

export interface TwapSlot {
  /** When the slice goes out: its slot's opening plus its seeded delay. */
  due: number;
  /** When its slot closes: a slice still waiting (outside the band) then is skipped. */
  end: number;
}

/**
 * Slice `slice`'s place in time. Slots are one interval each, counted from `base` (the start,
 * or the last resume: a pause moves the remaining slots later instead of bunching them up);
 * the delay within the slot is drawn from the plan's seed, never past its end.
 */
export function twapSlot(plan: TwapPlan, base: { at: number; slice: number }, slice: number): TwapSlot {
  const open = base.at + (slice - base.slice) * plan.intervalMs;
  const spread = Math.floor((plan.intervalMs * plan.timeJitterPct) / 100);
  const delay = Math.min(seededBelow(spread + 1, plan.seed, slice, 1), Math.max(0, plan.intervalMs - 1));
  return { due: open + delay, end: open + plan.intervalMs };
}
