import type { TwapPlan } from './algoPlan.js';
import { seededBelow } from './seededUnit.js';

/**
 * The size of slice `slice` when `remaining` is still to fill over `slicesLeft` slices (this
 * one included): an even share, varied by up to the plan's percentage either way (seeded),
 * on the step, at least one step and at most what remains. The last slice takes all that
 * remains, so skipped slices and partial fills are made up by the ones after them.
 */
export function twapSliceSize(plan: TwapPlan, slice: number, remaining: bigint, slicesLeft: number): bigint {
  if (remaining <= 0n) return 0n;
  if (slicesLeft <= 1) return remaining;
  const step = plan.stepSize > 0n ? plan.stepSize : 1n;
  const even = remaining / BigInt(slicesLeft);
  const j = plan.sizeJitterPct * 100;
  const bps = 10_000 - j + seededBelow(2 * j + 1, plan.seed, slice, 2);
  let size = ((even * BigInt(bps)) / 10_000n / step) * step;
  if (size < step) size = step;
  if (size > remaining) size = remaining;
  return size;
}
