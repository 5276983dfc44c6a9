import type { MarketConfig } from './marketConfig.js';

export type IndexListener = (contractId: number, px: bigint) => void;

/**
 * The index price per contract in raw price units. Starts at each contract's
 * `initialIndexPx`; the control route's setIndexPrice and the market's random walk write it,
 * and listeners (the market, the mark price) follow.
 */
export class IndexPrices {
  private readonly prices = new Map<number, bigint>();
  private readonly listeners = new Set<IndexListener>();

  constructor(config: MarketConfig) {
    for (const c of config.contracts.values()) this.prices.set(c.contractId, c.initialIndexPx);
  }

  get(contractId: number): bigint | undefined {
    return this.prices.get(contractId);
  }

  set(contractId: number, px: bigint): void {
    if (!this.prices.has(contractId)) throw new Error(`unknown contract ${contractId}`);
    if (px <= 0n) throw new RangeError('index price must be positive');
    this.prices.set(contractId, px);
    for (const listener of this.listeners) listener(contractId, px);
  }

  /** A stored price (a persistent store's start-up): listeners are not told, nothing has moved. */
  restore(contractId: number, px: bigint): void {
    if (this.prices.has(contractId) && px > 0n) this.prices.set(contractId, px);
  }

  /** Returns an unsubscribe function. */
  onChange(listener: IndexListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
