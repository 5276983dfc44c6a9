import type { AppStore } from '../../state/store.js';
import type { AppState } from '../../state/types.js';
import type { ViewStore } from './viewStore.js';

/**
 * The session's store as one screen sees it: the same market, account, orders and journal,
 * with `market.selected` this screen's own contract (its view store's `contract`; while that
 * is null, the session's start contract). Every pane, selector and form of the screen reads
 * the contract in view through it, so another screen's pick can never move this one.
 *
 * Derived on read and cached per (session state, contract): nothing is copied until someone
 * reads, a selector's input keeps its identity between market updates, and a listener hears
 * a change of either. A write goes to the session's store (tests fill it that way); the
 * `selected` it carries is the session's start contract, never this screen's.
 */
export function screenStore(shared: AppStore, view: ViewStore): AppStore {
  let lastShared: AppState | undefined;
  let lastContract: string | null | undefined;
  let derived: AppState | undefined;
  const contractOf = () => view.getState().contract;
  const getState = (): AppState => {
    const s = shared.getState();
    const own = contractOf();
    if (s === lastShared && own === lastContract && derived) return derived;
    lastShared = s;
    lastContract = own;
    const selected = own ?? s.market.selected;
    derived = selected === s.market.selected ? s : { ...s, market: { ...s.market, selected } };
    return derived;
  };
  return {
    getState,
    getInitialState: getState,
    setState: shared.setState,
    subscribe(listener) {
      let prev = getState();
      const changed = () => {
        const next = getState();
        if (next === prev) return;
        const was = prev;
        prev = next;
        listener(next, was);
      };
      const stopShared = shared.subscribe(changed);
      const stopView = view.subscribe((v, before) => {
        if (v.contract !== before.contract) changed();
      });
      return () => {
        stopShared();
        stopView();
      };
    },
  };
}

/** The contract a screen shows now, by name: its own, else the session's start contract. */
export function screenContract(shared: AppStore, view: ViewStore): string | null {
  return view.getState().contract ?? shared.getState().market.selected;
}
