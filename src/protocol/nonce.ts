/**
 * Per-signer nonces: strictly increasing, next = max(now_ms, last + 1) (open-points "Nonces").
 * next() is synchronous, so callers on one event loop can never draw the same value.
 *
 * Restarts: the store persists a high-water mark ahead of the nonces actually handed out
 * (a reservation of `reserveMs`), so a restart within the same millisecond window starts
 * above anything used before without writing to disk on every signature.
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
   * reservedUpTo = first + reserveMs, and persists reservedUpTo as the new mark.
   */
  claim?(signer: string, atLeast: number, reserveMs: number): { first: number; reservedUpTo: number };
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

export interface NonceManagerOptions {
  now?: () => number;
  store?: NonceStore;
  reserveMs?: number;
}

interface SignerState {
  last: number;
  reservedUpTo: number;
}

export class NonceManager {
  private readonly now: () => number;
  private readonly store: NonceStore;
  private readonly reserveMs: number;
  private readonly signers = new Map<string, SignerState>();

  constructor(opts: NonceManagerOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.store = opts.store ?? new MemoryNonceStore();
    this.reserveMs = opts.reserveMs ?? 5_000;
  }

  next(signer: string): number {
    const key = signer.toLowerCase();
    let state = this.signers.get(key);
    if (!state) {
      const reserved = this.store.load(key) ?? 0;
      state = { last: reserved, reservedUpTo: reserved };
      this.signers.set(key, state);
    }
    let value = Math.max(this.now(), state.last + 1);
    if (value > state.reservedUpTo) {
      if (this.store.claim) {
        // The store may start the block higher: another process holds the values below.
        const block = this.store.claim(key, value, this.reserveMs);
        value = block.first;
        state.reservedUpTo = block.reservedUpTo;
      } else {
        state.reservedUpTo = value + this.reserveMs;
        this.store.save(key, state.reservedUpTo);
      }
    }
    state.last = value;
    return value;
  }

  /** The last value handed out for a signer (0 when none), for diagnostics. */
  peek(signer: string): number {
    return this.signers.get(signer.toLowerCase())?.last ?? 0;
  }
}
