import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * Keeps a long-running perpdesk (the dashboard, and later anything that serves it) small.
 *
 * V8 sizes its heap for throughput: the young generation grows to 32 MB and the old
 * generation to about four times what is live before a full collection. A dashboard keeps
 * some 25-30 MB live and allocates steadily, so most of its ~145 MB resident was heap V8
 * kept in reserve (figures in docs/performance.md, "A lighter dashboard").
 *
 * - The old generation may grow to 1.5x what is live before it is collected.
 * - The young generation grows as V8 likes up to 8 MB, then no further: after each
 *   collection this compares its size with the cap and sets V8's growth factor to 1 (stay)
 *   at or above it, back to 2 below it (V8 shrinks it when allocation is slow). V8 grows it
 *   by doubling at the end of a collection, so it can pass the cap by one step at most.
 *
 * Node can only set a young generation's maximum at start (`--max-semi-space-size`), and
 * `node dist/cli.js` is how perpdesk is started; both flags above are read by V8 at each
 * collection, so setting them at run time works (the memory rows of `npm run bench` show
 * it). On a Node whose V8 ignores them, memory is simply as before.
 *
 * The old generation's growing factor is set `oldGenerationAfterMs` after the call, not at
 * once: a start grows the heap from nothing to its working size in its first second, and at
 * 1.5x each step of that growth was a full collection (about 0.1 s of CPU before the first
 * frame, docs/performance.md, start-up). A heap that has reached its size gets the factor at
 * its next full collection.
 */
export const YOUNG_GENERATION_CAP_BYTES = 8 * 1024 * 1024;
const OLD_GENERATION_GROWING_PERCENT = 50;

/** Long enough for a dashboard's start (the first live book comes well within it). */
export const OLD_GENERATION_SIZED_AFTER_MS = 3_000;

export function sizeHeapForLongRun(o: { oldGenerationAfterMs?: number } = {}): () => void {
  const sizeOld = () => v8.setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWING_PERCENT}`);
  const after = o.oldGenerationAfterMs ?? OLD_GENERATION_SIZED_AFTER_MS;
  const timer = after > 0 ? setTimeout(sizeOld, after).unref() : (sizeOld(), undefined);
  let growing = true;
  const check = () => {
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (!young) return;
    const atCap = young.space_size >= YOUNG_GENERATION_CAP_BYTES;
    if (atCap === !growing) return;
    growing = !atCap;
    v8.setFlagsFromString(`--semi-space-growth-factor=${growing ? 2 : 1}`);
  };
  check();
  const observer = new PerformanceObserver(check);
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}
