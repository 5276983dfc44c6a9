import type { Candle, CandleInterval, ContractConfig, OpenOrder, Trade } from '../protocol/wire/index.js';
import type { AppState, FeedKind } from './types.js';

/**
 * Selectors for useStore(store, selector). Each returns a primitive or a reference that is
 * stable until its input changes: zustand re-renders (and ink loops forever) on a selector
 * that builds a new array or object per call.
 */

const EMPTY: readonly never[] = Object.freeze([]);

/** Caches the last output per input identity. */
function memoByRef<I extends object, O>(fn: (input: I) => O): (input: I) => O {
  let lastIn: I | undefined;
  let lastOut: O;
  return (input) => {
    if (input !== lastIn) {
      lastOut = fn(input);
      lastIn = input;
    }
    return lastOut;
  };
}

/** Parameterised selectors share one memo per parameter, kept to a few entries. */
function perParam<P, I extends object, O>(fn: (p: P, input: I) => O, max = 16): (p: P) => (input: I) => O {
  const memos = new Map<P, (input: I) => O>();
  return (p) => {
    let m = memos.get(p);
    if (!m) {
      if (memos.size >= max) memos.delete(memos.keys().next().value as P);
      m = memoByRef((input: I) => fn(p, input));
      memos.set(p, m);
    }
    return m;
  };
}

// ---- market ----

export const selectSelectedName = (s: AppState): string | null => s.market.selected;

export const selectSelectedContract = (s: AppState): ContractConfig | undefined =>
  s.market.selected === null ? undefined : s.market.contracts[s.market.selected];

export const selectContractNames = memoByRef((contracts: AppState['market']['contracts']) => Object.keys(contracts).sort());
export const selectActiveContractNames = (s: AppState): readonly string[] => selectContractNames(s.market.contracts);

export const selectBook = (contractId: number) => (s: AppState) => s.market.books[contractId];
export const selectMarketState = (contractId: number) => (s: AppState) => s.market.marketStates[contractId];
export const selectTrades =
  (contractId: number) =>
  (s: AppState): readonly Trade[] =>
    s.market.trades[contractId] ?? EMPTY;
export const selectCandles =
  (contractId: number, interval: CandleInterval) =>
  (s: AppState): readonly Candle[] =>
    s.market.candles[`${contractId}:${interval}`] ?? EMPTY;

// ---- account ----

export const selectPositions = (s: AppState) => s.account.positions;

// ---- orders ----

const openList = memoByRef((open: AppState['orders']['open']): readonly OpenOrder[] => Object.values(open).sort((a, b) => a.oid - b.oid));
/** Open orders by ascending oid. */
export const selectOpenOrders = (s: AppState): readonly OpenOrder[] => openList(s.orders.open);

const openFor = perParam((contractId: number, open: AppState['orders']['open']) =>
  Object.values(open)
    .filter((o) => o.asset === contractId)
    .sort((a, b) => a.oid - b.oid),
);
export const selectOpenOrdersFor = (contractId: number) => {
  const memo = openFor(contractId);
  return (s: AppState): readonly OpenOrder[] => memo(s.orders.open);
};
export const selectOpenOrderCount = (s: AppState): number => openList(s.orders.open).length;

/** Open orders on the selected contract: what the orders pane lists in its per-contract scope. */
export const selectContractOrderCount = (s: AppState): number => {
  const c = selectSelectedContract(s);
  return c === undefined ? 0 : openList(s.orders.open).filter((o) => o.asset === c.contractId).length;
};

// ---- session and journal ----

export const selectConnection = (s: AppState) => s.session.connection;
export const selectIsStale = (feed: FeedKind) => (s: AppState) => s.session.staleness[feed];
export const selectLatency = (s: AppState) => s.session.latencyMs;
export const selectClockOffset = (s: AppState) => s.session.clockOffsetMs;
export const selectClockWarning = (s: AppState) => s.session.clockWarning;
export const selectLastError = (s: AppState) => s.session.errors[s.session.errors.length - 1];
