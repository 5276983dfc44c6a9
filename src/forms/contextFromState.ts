import type { AgentRecord, OpenOrder, Position } from '../protocol/wire/index.js';
import type { AppState } from '../state/types.js';
import type { FormContext, FormSettings, KeysLoaded } from './context.js';

export interface ContextExtras {
  keys: KeysLoaded;
  settings: FormSettings;
  now?: number;
  /** The contract the form is on, by name (a form keeps the one it opened for); default: the store's selected. */
  contract?: string | undefined;
  /** What the panes have selected (the view store knows the rows; the forms need the records). */
  selectedOrder?: OpenOrder | undefined;
  selectedPosition?: Position | undefined;
  selectedAgent?: AgentRecord | undefined;
  leverageOf?: Readonly<Record<number, number>> | undefined;
  feeRates?: { maker: string; taker: string } | undefined;
  cloidFor?: ((slot: number) => string) | undefined;
}

/** Gathers a form's context from the app store's state: one pass, no copies of big arrays. */
export function contextFromState(s: AppState, extras: ContextExtras): FormContext {
  const name = extras.contract ?? s.market.selected;
  const contract = name === null ? undefined : s.market.contracts[name];
  const id = contract?.contractId;
  const ctx: FormContext = {
    now: extras.now ?? Date.now(),
    configs: s.market.configs,
    contract,
    book: id === undefined ? undefined : s.market.books[id],
    bookStale: s.session.staleness.book,
    markPx: id === undefined ? undefined : s.market.marketStates[id]?.markPx,
    indexPx: id === undefined ? undefined : s.market.marketStates[id]?.indexPx,
    account: s.account.raw,
    positions: s.account.positions,
    openOrders: Object.values(s.orders.open),
    agents: s.account.agents,
    shareGroupDefs: s.account.shareGroupDefs,
    keys: extras.keys,
    settings: extras.settings,
  };
  const trades = id === undefined ? undefined : s.market.trades[id];
  const last = trades?.[trades.length - 1];
  if (last) ctx.lastTrade = last;
  if (extras.selectedOrder) ctx.selectedOrder = extras.selectedOrder;
  if (extras.selectedPosition) ctx.selectedPosition = extras.selectedPosition;
  if (extras.selectedAgent) ctx.selectedAgent = extras.selectedAgent;
  if (extras.leverageOf) ctx.leverageOf = extras.leverageOf;
  if (extras.feeRates) ctx.feeRates = extras.feeRates;
  if (extras.cloidFor) ctx.cloidFor = extras.cloidFor;
  return ctx;
}
