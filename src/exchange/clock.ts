/**
 * Exchange time. Everything time-dependent (agent expiry, nonce windows, registration
 * credits, later funding) reads this clock, so the control route's advanceTime moves
 * all of them together. The offset only grows: exchange time never runs backwards.
 */
export type ClockListener = (now: number) => void;

export class Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<ClockListener>();

  /** `offsetMs`: where a restarted venue's time resumes relative to the source (persistence). */
  constructor(
    private readonly source: () => number = Date.now,
    offsetMs = 0,
  ) {
    if (!Number.isSafeInteger(offsetMs) || offsetMs < 0) throw new RangeError('clock offset must be a non-negative integer');
    this.offsetMs = offsetMs;
  }

  now(): number {
    return this.source() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Jumps exchange time forward and tells listeners (credits, funding) to catch up. */
  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('advance: ms must be a non-negative integer');
    this.offsetMs += ms;
    const now = this.now();
    for (const listener of this.listeners) listener(now);
    return now;
  }

  /** Returns an unsubscribe function. */
  onAdvance(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
