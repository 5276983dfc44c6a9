import type { CandleInterval, Subscription } from '../protocol/wire/index.js';

interface Subscriber {
  subscribe(sub: Subscription): void;
  unsubscribe(sub: Subscription): void;
}

/**
 * Candle subscriptions counted by watcher: the session's own (the selected contract at its
 * interval), a chart showing another interval, a command streaming candles. The stream
 * stays subscribed while anyone watches it and is dropped when the last one stops.
 */
export class CandleWatch {
  private readonly counts = new Map<string, number>();

  constructor(private readonly ws: Subscriber) {}

  watch(contractId: number, interval: CandleInterval): () => void {
    const sub: Subscription = { type: 'candle', contractId, interval };
    const key = `${contractId}:${interval}`;
    const n = this.counts.get(key) ?? 0;
    this.counts.set(key, n + 1);
    if (n === 0) this.ws.subscribe(sub);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(key, left);
        return;
      }
      this.counts.delete(key);
      this.ws.unsubscribe(sub);
    };
  }

  /** How many watch a stream (tests). */
  watchers(contractId: number, interval: CandleInterval): number {
    return this.counts.get(`${contractId}:${interval}`) ?? 0;
  }
}
