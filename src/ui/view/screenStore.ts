import { stalenessOf } from '../../state/staleness.js';
import type { AppStore } from '../../state/store.js';
import type { AppState } from '../../state/types.js';
import type { ViewStore } from './viewStore.js';

/**
 * The session's store as one screen sees it: the same market, account, orders and journal,
 * with `market.selected` this screen's own contract (its view store's `contract`; while that
 * is null, the session's start contract), and `session.staleness` judged on that contract's
 * channels alone. Every pane, selector and form of the screen reads the contract in view
 * through it, so another screen's pick can never move this one, nor another screen's
 * contract still subscribing make this one's book look stale.
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
  // The session slice as this screen judges it, kept while its inputs are the same objects.
  let lastSession: AppState['session'] | undefined;
  let lastId: number | undefined;
  let session: AppState['session'] | undefined;
  const sessionFor = (s: AppState, id: number | undefined): AppState['session'] => {
    if (s.session === lastSession && id === lastId && session) return session;
    lastSession = s.session;
    lastId = id;
    const own = id === undefined ? s.session.staleness : ownStaleness(s.session, id);
    const same = (Object.keys(own) as (keyof typeof own)[]).every((k) => own[k] === s.session.staleness[k]);
    session = same ? s.session : { ...s.session, staleness: own };
    return session;
  };
  const contractOf = () => view.getState().contract;
  const getState = (): AppState => {
    const s = shared.getState();
    const own = contractOf();
    if (s === lastShared && own === lastContract && derived) return derived;
    lastShared = s;
    lastContract = own;
    const selected = own ?? s.market.selected;
    const id = selected === null ? undefined : s.market.contracts[selected]?.contractId;
    const sess = sessionFor(s, id);
    if (selected === s.market.selected && sess === s.session) derived = s;
    else derived = { ...s, session: sess, ...(selected === s.market.selected ? {} : { market: { ...s.market, selected } }) };
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

/**
 * Staleness as a screen showing contract `id` judges it: a feed the session calls live is
 * live here too; one it calls stale (some channel of it not live) is stale here only if one
 * of this contract's own channels is.
 */
function ownStaleness(session: AppState['session'], id: number): AppState['session']['staleness'] {
  const mine = stalenessOf(session.channels, session.polls, id);
  const all = session.staleness;
  return { ...all, book: all.book && mine.book, trades: all.trades && mine.trades, candles: all.candles && mine.candles };
}

/** The contract a screen shows now, by name: its own, else the session's start contract. */
export function screenContract(shared: AppStore, view: ViewStore): string | null {
  return view.getState().contract ?? shared.getState().market.selected;
}
