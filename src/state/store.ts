import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_CAPS, type FeedCaps } from '../feed/caps.js';
import type { FeedBatch } from '../feed/batch.js';
import { applyBatch, type ClockData } from './applyBatch.js';
import type { AppState, FeedKind } from './types.js';

export type AppStore = StoreApi<AppState>;

const FEEDS: readonly FeedKind[] = ['book', 'trades', 'candles', 'orders', 'fills', 'account'];

export function initialState(): AppState {
  const staleness = Object.fromEntries(FEEDS.map((f) => [f, true])) as Record<FeedKind, boolean>;
  return {
    market: { configs: null, contracts: {}, selected: null, books: {}, bbos: {}, feedTimes: {}, trades: {}, candles: {}, marketStates: {}, configEvents: [] },
    account: {
      raw: null,
      accountId: null,
      chainBalances: [],
      pools: [],
      positions: [],
      shareGroups: [],
      shareGroupDefs: [],
      agents: [],
      updatedAt: null,
    },
    orders: { open: {}, history: [], fills: [] },
    session: {
      connection: 'idle',
      reconnects: 0,
      channels: {},
      latencyMs: null,
      clockOffsetMs: null,
      clockWarning: null,
      staleness,
      polls: {},
      errors: [],
    },
    journal: { entries: [] },
  };
}

/** A zustand vanilla store; the dashboard reads it with useStore(store, selector). */
export function createAppStore(init?: Partial<AppState>): AppStore {
  return createStore<AppState>()(() => ({ ...initialState(), ...init }));
}

/** The coalescer's sink: exactly one setState per batch, replacing only touched slices. */
export function storeSink(store: AppStore, caps: FeedCaps = DEFAULT_CAPS, clock: ClockData = 'in-place'): (batch: FeedBatch) => void {
  return (batch) => {
    const patch = applyBatch(store.getState(), batch, caps, Date.now(), clock);
    if (Object.keys(patch).length > 0) store.setState(patch);
  };
}
