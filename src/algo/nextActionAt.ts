import type { AlgoState } from './algoState.js';
import { twapSlot } from './twapSlot.js';

/**
 * When a running algo acts next (epoch ms), as far as its state tells. A TWAP's next step is
 * its next slice's time, or later while that slice waits for the band (the runner's wake-up,
 * which the file does not keep); the other kinds have only the wake-up.
 */
export function nextActionAt(s: AlgoState): number | undefined {
  if (s.status !== 'running') return undefined;
  const p = s.plan;
  if (p.kind !== 'twap') return s.nextAt;
  if (s.nextSlice >= p.slices) return undefined;
  const due = twapSlot(p, s.base, s.nextSlice).due;
  return Math.max(due, s.nextAt ?? due);
}
