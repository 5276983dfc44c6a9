import { planSlots, referencePx } from './algoPlan.js';
import type { AlgoState } from './algoState.js';

export interface AlgoProgress {
  /** Raw sizes at the contract's qtyScale. */
  filled: bigint;
  total: bigint;
  /** Raw average fill price (truncated), when anything filled. */
  avgPx?: bigint;
  /**
   * Some fills were settled from the exchange's order records after a restart, which carry
   * no average price: their limit stands in, so `avgPx` is a bound (no better than this for a buy).
   */
  avgIsBound: boolean;
  /** Basis points the average is worse than the reference (the arrival mark, the scale's planned average, the chase's start, the stop's start mark; negative: better), truncated. */
  slippageBps?: bigint;
  slicesSent: number;
  slicesSkipped: number;
  slices: number;
  /** Children sent whose outcome is not known yet. */
  unsettled: number;
}

/** Filled / total and the average against the arrival mark, from the children's answers. */
export function algoProgress(s: AlgoState): AlgoProgress {
  const plan = s.plan;
  let filled = 0n;
  let pxSz = 0n;
  let avgIsBound = false;
  let unsettled = 0;
  for (const c of s.children) {
    const a = c.answer;
    if (!a || a.status === 'unknown') {
      unsettled++;
      continue;
    }
    if (a.filled > 0n && a.avgPx !== undefined) {
      filled += a.filled;
      pxSz += a.avgPx * a.filled;
      if (a.pxIsLimit) avgIsBound = true;
    }
  }
  const out: AlgoProgress = {
    filled,
    // A fired stop closes the position as it was when it fired, not the size it started on.
    total: s.fired?.size ?? plan.total,
    avgIsBound,
    slicesSent: new Set(s.children.map((c) => c.slice)).size,
    slicesSkipped: s.skipped.length,
    slices: planSlots(plan),
    unsettled,
  };
  if (filled > 0n) {
    const avg = pxSz / filled;
    out.avgPx = avg;
    const ref = referencePx(plan);
    if (ref > 0n) out.slippageBps = ((plan.isBuy ? avg - ref : ref - avg) * 10_000n) / ref;
  }
  return out;
}
