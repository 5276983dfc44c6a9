/**
 * Per-signer nonces: strictly increasing, next = max(now_ms, last + 1) (open-points "Nonces").
 * next() is synchronous, so callers on one event loop can never draw the same value.
 *
 * Restarts: the store persists a high-water mark ahead of the nonces actually handed out
 * (a reservation of `reserveMs`), so a restart within the same millisecond window starts
 * above anything used before without writing to disk on every signature.
 *
 * The clock bound: no value is handed out more than `maxAheadMs` (1 s) ahead of the clock,
 * and no reservation reaches beyond that either. A caller asking faster than one nonce per
 * millisecond waits for the clock (nextAsync; next() blocks the thread) instead of pushing
 * the persisted mark ahead, so a restart always starts within a second of now, and the marks
 * a burst leaves behind never hold the next process minutes in the future.
 *
 * Several processes: a store shared by processes (the dashboard and the CLI on one state
 * directory) implements claim(), and the manager then hands out values only inside blocks
 * the store granted it, so no two processes can draw the same value for a signer.
 */
export interface NonceStore {
  /** Highest value ever reserved for this signer, if any. */
  load(signer: string): number | undefined;
  save(signer: string, reservedUpTo: number): void;
  /**
   * Atomically against every other user of the store: reads the persisted high-water mark,
   * grants the block [first, reservedUpTo] with first = max(atLeast, mark + 1) and
   * reservedUpTo = first + reserveMs, but not above `notAbove` (when given) unless first
   * itself is above it (then the block is first alone), and persists reservedUpTo as the new
   * mark.
   */
  claim?(signer: string, atLeast: number, reserveMs: number, notAbove?: number): { first: number; reservedUpTo: number };
}

export class MemoryNonceStore implements NonceStore {
  private readonly values = new Map<string, number>();
  load(signer: string): number | undefined {
    return this.values.get(signer);
  }
  save(signer: string, reservedUpTo: number): void {
    this.values.set(signer, reservedUpTo);
  }
}

/** How far ahead of the clock a nonce, or a persisted reservation, may ever be. */
export const MAX_AHEAD_MS = 1_000;

/**
 * A synchronous wait (next()) gives up after this long: only a persisted mark far in the
 * future (a clock set back, a file from an older perpdesk) makes the clock that slow to catch
 * up, and a thread blocked for minutes is worse than an error saying why.
 */
const SYNC_WAIT_LIMIT_MS = 5_000;

export interface NonceManagerOptions {
  now?: () => number;
  store?: NonceStore;
  /** Size of a reservation, in ms of clock (default 250): one store write per this much signing. */
  reserveMs?: number;
  /** The clock bound (default MAX_AHEAD_MS); Infinity turns it off. */
  maxAheadMs?: number;
}

interface SignerState {
  last: number;
  reservedUpTo: number;
}

type Draw = { value: number } | { waitMs: number };

export class NonceManager {
  private readonly now: () => number;
  private readonly store: NonceStore;
  private readonly reserveMs: number;
  private readonly maxAheadMs: number;
  /**
   * A caller faster than the clock claims a block only once it can hold this many values, so
   * it writes the store every few dozen milliseconds, not on every nonce.
   */
  private readonly minBlock: number;
  private readonly signers = new Map<string, SignerState>();

  constructor(opts: NonceManagerOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.store = opts.store ?? new MemoryNonceStore();
    this.reserveMs = Math.max(1, opts.reserveMs ?? 250);
    this.maxAheadMs = opts.maxAheadMs ?? MAX_AHEAD_MS;
    this.minBlock = Math.max(1, Math.floor(Math.min(this.reserveMs, this.maxAheadMs) / 4));
  }

  /**
   * The next nonce for a signer, waiting (blocking the thread) while it would be more than
   * maxAheadMs ahead of the clock. Callers that can await should use nextAsync().
   */
  next(signer: string): number {
    const key = signer.toLowerCase();
    let waited = 0;
    for (;;) {
      const d = this.draw(key);
      if ('value' in d) return d.value;
      if (waited >= SYNC_WAIT_LIMIT_MS) {
        throw new Error(
          `nonces for ${key} are ${d.waitMs} ms further ahead of the clock than the ${this.maxAheadMs} ms allowed ` +
            `(a clock set back, or a nonce file from an older perpdesk); try again once the clock has caught up`,
        );
      }
      const ms = Math.min(d.waitMs, SYNC_WAIT_LIMIT_MS - waited);
      Atomics.wait(SLEEP, 0, 0, ms);
      waited += ms;
    }
  }

  /** The next nonce for a signer, awaiting the clock while it would be more than maxAheadMs ahead. */
  async nextAsync(signer: string): Promise<number> {
    const key = signer.toLowerCase();
    for (;;) {
      const d = this.draw(key);
      if ('value' in d) return d.value;
      await new Promise((resolve) => setTimeout(resolve, d.waitMs));
    }
  }

  /** The last value handed out for a signer (0 when none), for diagnostics. */
  peek(signer: string): number {
    return this.signers.get(signer.toLowerCase())?.last ?? 0;
  }

  /** One attempt: a value, or how long to wait before the clock allows one. */
  private draw(key: string): Draw {
    let state = this.signers.get(key);
    if (!state) {
      const reserved = this.store.load(key) ?? 0;
      state = { last: reserved, reservedUpTo: reserved };
      this.signers.set(key, state);
    }
    const now = this.now();
    const ceiling = now + this.maxAheadMs;
    const value = Math.max(now, state.last + 1);
    if (value <= state.reservedUpTo) {
      // Inside a block reserved earlier; beyond the ceiling only if the clock went back since.
      if (value > ceiling) return { waitMs: value - ceiling };
      state.last = value;
      return { value };
    }
    if (value + this.minBlock - 1 > ceiling) return { waitMs: value + this.minBlock - 1 - ceiling };
    if (this.store.claim) {
      // The store may start the block higher: another process holds the values below. Its
      // mark respects the same ceiling, so this is at most a few ms of waiting.
      const block = this.store.claim(key, value, this.reserveMs, ceiling);
      state.last = block.first - 1;
      state.reservedUpTo = block.reservedUpTo;
      if (block.first > ceiling) return { waitMs: block.first - ceiling };
      state.last = block.first;
      return { value: block.first };
    }
    state.reservedUpTo = Math.min(value + this.reserveMs, ceiling);
    this.store.save(key, state.reservedUpTo);
    state.last = value;
    return { value };
  }
}

const SLEEP = new Int32Array(new SharedArrayBuffer(4));
