/**
 * Replay protection per signing address (spec 5.3, open-points "Nonces"): a nonce must lie
 * in [now - 2 days, now + 1 day] and must not have been seen from the same signer.
 * Memory is bounded: the highest `keep` nonces per signer are remembered, and once that
 * many are held anything not above the lowest of them is refused, since it can no longer
 * be told apart from a replay.
 */
export const NONCE_PAST_MS = 2 * 24 * 60 * 60 * 1000;
export const NONCE_FUTURE_MS = 24 * 60 * 60 * 1000;
export const NONCES_KEPT_PER_SIGNER = 1000;

export interface NonceWindowOptions {
  pastMs?: number;
  futureMs?: number;
  keep?: number;
}

export interface NonceRegistry {
  /** Checks and records in one step; returns a user-readable refusal, or undefined when accepted. */
  use(signer: string, nonce: number, now: number): string | undefined;
}

export class NonceWindow implements NonceRegistry {
  private readonly seen = new Map<string, number[]>();
  /**
   * Per signer restored from storage with only its highest nonces: anything at or below the
   * lowest of them cannot be told apart from a replay, as when the list is full.
   */
  private readonly floors = new Map<string, number>();
  private readonly pastMs: number;
  private readonly futureMs: number;
  private readonly keep: number;

  constructor(opts: NonceWindowOptions = {}) {
    this.pastMs = opts.pastMs ?? NONCE_PAST_MS;
    this.futureMs = opts.futureMs ?? NONCE_FUTURE_MS;
    this.keep = opts.keep ?? NONCES_KEPT_PER_SIGNER;
  }

  use(signer: string, nonce: number, now: number): string | undefined {
    const lo = now - this.pastMs;
    const hi = now + this.futureMs;
    if (nonce < lo || nonce > hi) {
      return `nonce ${nonce} is outside the accepted window ${lo}..${hi} (exchange time ${now}); use the current time in ms`;
    }
    const key = signer.toLowerCase();
    let list = this.seen.get(key);
    if (!list) {
      list = [];
      this.seen.set(key, list);
    }
    // Ascending; binary search for the insertion point.
    let a = 0;
    let b = list.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if ((list[mid] as number) < nonce) a = mid + 1;
      else b = mid;
    }
    if (list[a] === nonce) return `nonce ${nonce} was already used by ${key}`;
    const floor = this.floors.get(key);
    if (floor !== undefined && nonce < floor) {
      return `nonce ${nonce} is too old: ${key} has sent newer nonces before the exchange restarted; use a nonce above ${list.at(-1)}`;
    }
    if (list.length >= this.keep && a === 0) {
      return `nonce ${nonce} is too old: ${key} has sent ${this.keep} newer nonces; use a nonce above ${list[0]}`;
    }
    list.splice(a, 0, nonce);
    if (list.length > this.keep) list.shift();
    return undefined;
  }

  /**
   * A signer's stored nonces (a persistent store's start-up). `complete` false: older ones
   * were not kept, so nothing below the lowest given is accepted again.
   */
  restore(signer: string, nonces: readonly number[], complete: boolean): void {
    const key = signer.toLowerCase();
    const list = [...nonces].sort((a, b) => a - b).slice(-this.keep);
    if (list.length === 0) return;
    this.seen.set(key, list);
    if (!complete) this.floors.set(key, list[0] as number);
  }
}
