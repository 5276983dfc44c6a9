import type { TwapPlan } from './algoPlan.js';
import { seededBelow } from './seededUnit.js';

/**
 * The size of slice `slice` when `remaining` is still to fill over `slicesLeft` slices (this
 * one included): an even share, varied by up to the plan's percentage either way (seeded),
 * to the nearest step, at least one step and at most what remains. The share is taken of the
 * exact quotient, not of it cut to whole raw units, so 10 over 4 slices goes about 2 or 3 a
 * slice rather than 2 minus the variation with the rest piled on the last. The last slice
 * takes all that remains, so skipped slices and partial fills are made up by the ones after.
 */
export function twapSliceSize(plan: TwapPlan, slice: number, remaining: bigint, slicesLeft: number): bigint {
  if (remaining <= 0n) return 0n;
  if (slicesLeft <= 1) return remaining;
  const step = plan.stepSize > 0n ? plan.stepSize : 1n;
  const j = plan.sizeJitterPct * 100;
  const bps = 10_000 - j + seededBelow(2 * j + 1, plan.seed, slice, 2);
  // The varied share, scaled by 10 000, then to the nearest step.
  const scaled = (remaining * BigInt(bps)) / BigInt(slicesLeft);
  const unit = step * 10_000n;
  let size = ((scaled + unit / 2n) / unit) * step;
  if (size < step) size = step;
  if (size > remaining) size = remaining;
  return size;
}
