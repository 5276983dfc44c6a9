export { createAppStore, initialState, storeSink, PANES, type AppStore } from './store.js';
export { applyBatch } from './applyBatch.js';
export { stalenessOf } from './staleness.js';
export * from './selectors.js';
export * from './actions.js';
export type { AppState, MarketSlice, AccountSlice, OrdersSlice, SessionSlice, JournalSlice, PaneId } from './types.js';
