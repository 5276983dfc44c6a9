/**
 * A screen's frame budget: how many cells it may draw a second. A frame costs roughly in
 * proportion to the screen's cells (ink lays out and assembles every row, the changed-cells
 * renderer parses and compares every cell), so a 500x200 screen (100,000 cells) drawing as
 * often as a 120x40 one (4,800) costs the process ~20 normal screens. Scaling each screen's
 * frame rate by its area keeps what one screen costs a second bounded, whatever its size:
 * a big screen draws less often, never differently.
 */

/** Cells a screen may draw a second: a 120x40 screen at 125 frames a second. */
export const CELLS_PER_SECOND = 600_000;

/** The fewest frames a second any screen gets (a 500x200 screen gets 6). */
export const MIN_FPS = 4;

/** Frames a second for a screen of `cols` x `rows`, at most `maxFps`. */
export function frameBudgetFps(cols: number, rows: number, maxFps: number): number {
  const cells = Math.max(1, Math.floor(cols) || 1) * Math.max(1, Math.floor(rows) || 1);
  return Math.max(Math.min(MIN_FPS, maxFps), Math.min(maxFps, Math.floor(CELLS_PER_SECOND / cells)));
}
