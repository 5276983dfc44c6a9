import type { CandleInterval, ContractConfig, Subscription } from '../protocol/wire/index.js';

interface Subscriber {
  subscribe(sub: Subscription): void;
  unsubscribe(sub: Subscription): void;
}

export interface ContractWatchOptions {
  ws: Subscriber;
  /** Candles at the session's interval are watched with the market (CandleWatch). */
  watchCandles: (contractId: number, interval: CandleInterval) => () => void;
  interval: CandleInterval;
  /** Called when a contract is first held: its market state is read at once. */
  onFirst: (c: ContractConfig) => void;
  /** How long a contract stays subscribed after its last holder lets go. */
  releaseMs: number;
  /** Called when a contract is dropped: what its streams left in the store no longer continues. */
  onDrop?: (c: ContractConfig) => void;
}

interface Held {
  contract: ContractConfig;
  holders: number;
  stopCandles: () => void;
  releasing: NodeJS.Timeout | undefined;
}

/**
 * The contracts a session shows, counted by holder (each screen holds the one it shows and
 * the one its open form was opened for): a contract's book, bbo and trades are subscribed
 * and its candles watched while anyone holds it, and dropped `releaseMs` after the last
 * holder lets go, so a screen that flips back and forth does not churn subscriptions.
 * A dropped contract's trades are forgotten (`onDrop`): held again, its tape starts from the
 * exchange's snapshot, never old trades joined to new ones across the time nobody watched.
 */
export class ContractWatch {
  private readonly held = new Map<number, Held>();
  private closed = false;

  constructor(private readonly o: ContractWatchOptions) {}

  /** Holds `c` until the returned function is called (once; later calls do nothing). */
  hold(c: ContractConfig): () => void {
    let h = this.held.get(c.contractId);
    if (h) {
      h.holders += 1;
      if (h.releasing) clearTimeout(h.releasing);
      h.releasing = undefined;
    } else if (!this.closed) {
      for (const s of subsOf(c)) this.o.ws.subscribe(s);
      h = { contract: c, holders: 1, stopCandles: this.o.watchCandles(c.contractId, this.o.interval), releasing: undefined };
      this.held.set(c.contractId, h);
      this.o.onFirst(c);
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const now = this.held.get(c.contractId);
      if (!now) return;
      now.holders -= 1;
      if (now.holders > 0) return;
      if (this.o.releaseMs <= 0) return this.drop(c.contractId);
      now.releasing = setTimeout(() => this.drop(c.contractId), this.o.releaseMs);
      now.releasing.unref?.();
    };
  }

  /** The contracts subscribed now (held, or released less than `releaseMs` ago). */
  contracts(): ContractConfig[] {
    return [...this.held.values()].map((h) => h.contract);
  }

  close(): void {
    this.closed = true;
    for (const h of this.held.values()) if (h.releasing) clearTimeout(h.releasing);
    this.held.clear();
  }

  private drop(contractId: number): void {
    const h = this.held.get(contractId);
    if (!h || h.holders > 0) return;
    this.held.delete(contractId);
    for (const s of subsOf(h.contract)) this.o.ws.unsubscribe(s);
    h.stopCandles();
    this.o.onDrop?.(h.contract);
  }
}

function subsOf(c: ContractConfig): Subscription[] {
  return [
    { type: 'l2Book', contractId: c.contractId },
    { type: 'bbo', contractId: c.contractId },
    { type: 'trades', contractId: c.contractId },
  ];
}
