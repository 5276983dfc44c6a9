export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  /** [0, 1) source, injectable so tests can pin the jitter. */
  random?: () => number;
}

/**
 * Exponential backoff with full jitter: the n-th delay is uniform in [0, min(cap, base*2^n)).
 * Full jitter spreads many clients that lost the same server apart, so a restart is not
 * met by a synchronised reconnect storm.
 */
export class Backoff {
  private attempt = 0;
  readonly baseMs: number;
  readonly capMs: number;
  private readonly random: () => number;

  constructor(opts: BackoffOptions = {}) {
    this.baseMs = opts.baseMs ?? 250;
    this.capMs = opts.capMs ?? 10_000;
    this.random = opts.random ?? Math.random;
  }

  /** Upper bound of the next delay, before jitter. */
  ceiling(): number {
    // 2^attempt overflows to Infinity long after the cap applies; min() keeps it finite.
    return Math.min(this.capMs, this.baseMs * 2 ** Math.min(this.attempt, 52));
  }

  next(): number {
    const delay = Math.floor(this.random() * this.ceiling());
    this.attempt++;
    return delay;
  }

  get attempts(): number {
    return this.attempt;
  }

  reset(): void {
    this.attempt = 0;
  }
}
