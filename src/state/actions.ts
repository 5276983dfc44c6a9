import type { AppStore } from './store.js';
import type { JournalScope } from './types.js';

/**
 * Actions a face takes on the store: plain functions, one setState each. Feed data never
 * comes this way; it arrives in coalesced batches (storeSink). A face's own view state
 * (focus, forms, overlays) lives in that face, not here.
 */

export function selectContract(store: AppStore, name: string): boolean {
  const { market } = store.getState();
  if (!market.contracts[name] || market.selected === name) return market.selected === name;
  store.setState({ market: { ...market, selected: name } });
  return true;
}

/** The venue and account the session's journal belongs to; its entries were loaded for them only. */
export function setJournalScope(store: AppStore, scope: JournalScope): void {
  const { journal } = store.getState();
  store.setState({ journal: { ...journal, scope } });
}

/** A contract no longer watched: its trades go, so the tape never joins trades across the time nobody watched. */
export function forgetTrades(store: AppStore, contractId: number): void {
  const { market } = store.getState();
  if (!(contractId in market.trades)) return;
  const { [contractId]: _gone, ...trades } = market.trades;
  store.setState({ market: { ...market, trades } });
}
