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

/**
 * A screen's frames for its keys. ink's throttle is a debounce with a longest wait: a
 * render asked for within a frame interval of the last one waits a whole interval from
 * the moment it was asked (8 ms on a 120x40 screen, 167 ms on a 500x200 one), so a key
 * pressed just after a data frame waited for nothing but the throttle.
 *
 * `frameNow()` is asked by ink at each render (`frameNow`, added to ink by
 * scripts/patchInk.mjs): true when input has arrived on `stdin` since the last frame it
 * allowed, and that frame was at least an interval ago. ink then draws the pending frame
 * at once. So keys add at most one frame an interval to what the throttle draws: a screen
 * stays within twice its frame budget however fast a viewer types, pastes or moves a mouse.
 * Time is `Date.now()`, read at each call: the clock ink's throttle keeps.
 */
export function inputFrames(
  stdin: { on(event: 'readable', f: () => void): unknown; off(event: 'readable', f: () => void): unknown },
  fps: () => number,
  now: () => number = () => Date.now(),
): { frameNow(): boolean; stop(): void } {
  let input = false;
  let last = Number.NEGATIVE_INFINITY;
  const onReadable = () => {
    input = true;
  };
  stdin.on('readable', onReadable);
  return {
    frameNow() {
      if (!input) return false;
      const t = now();
      const f = fps();
      if (f > 0 && t - last < 1000 / f) return false;
      input = false;
      last = t;
      return true;
    },
    stop() {
      stdin.off('readable', onReadable);
    },
  };
}
