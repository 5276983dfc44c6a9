import { performance } from 'node:perf_hooks';

/**
 * Token buckets keyed by IP, signer or connection: `perMinute` tokens of burst, refilled
 * evenly. 0 disables limiting. Keys are kept in recency order and the least recent is dropped
 * past `maxKeys`, so a flood of distinct sources cannot grow memory without bound.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();
  private readonly perMs: number;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxKeys = 10_000,
  ) {
    if (!Number.isSafeInteger(perMinute) || perMinute < 0) throw new RangeError('rate limit must be a non-negative integer per minute');
    this.perMs = perMinute / 60_000;
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  /**
   * Takes `weight` tokens (1 by default: one request); false, and nothing taken, when the
   * key has fewer left. A weight above perMinute is never allowed.
   */
  take(key: string, weight = 1): boolean {
    if (!this.enabled) return true;
    const t = this.now();
    const b = this.buckets.get(key);
    let tokens = this.perMinute;
    if (b) {
      tokens = Math.min(this.perMinute, b.tokens + (t - b.last) * this.perMs);
      this.buckets.delete(key);
    }
    const allowed = tokens >= weight;
    this.buckets.set(key, { tokens: allowed ? tokens - weight : tokens, last: t });
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    return allowed;
  }

  /** Drops a key's bucket (a closed connection): its next take starts full. */
  forget(key: string): void {
    this.buckets.delete(key);
  }
}
