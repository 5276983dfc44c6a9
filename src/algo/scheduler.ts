/**
 * Time as the runner sees it: what time it is, and a call at a time. The real one is the
 * wall clock and setTimeout; a test drives a manual one together with the exchange's clock.
 */
export interface Scheduler {
  now(): number;
  /** Calls `fn` at `time` (at once if it has passed); the returned function forgets it. */
  at(time: number, fn: () => void): () => void;
}

// setTimeout's longest delay; a later call is re-armed when this one fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  at(time, fn) {
    let handle: ReturnType<typeof setTimeout>;
    const arm = () => {
      const delay = time - Date.now();
      handle = setTimeout(delay > MAX_DELAY_MS ? arm : fn, Math.min(Math.max(0, delay), MAX_DELAY_MS));
    };
    arm();
    return () => clearTimeout(handle);
  },
};
