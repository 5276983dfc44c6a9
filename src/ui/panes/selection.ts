import type { JournalEntry } from '../../model/journalEntry.js';
import type { AgentRecord, Fill, OpenOrder, Position } from '../../protocol/wire/index.js';
import { selectAccountSummary } from '../../state/accountSummary.js';
import { selectSelectedContract } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import type { PaneId } from '../context/paneIds.js';
import { filterQueryOf, type ViewState } from '../view/viewStore.js';
import { accountRows, type AccountRow } from './account/accountRows.js';
import { ACCOUNTS_LIST } from './accounts/accountsList.js';
import { ALERTS_LIST } from './alerts/alertsList.js';
import { AGENTS_LIST } from './agents/agentsList.js';
import { ALGOS_LIST } from './algos/algosList.js';
import { ladderOf, moveBookCursor, parseRaw, type BookLadder } from './book/bookLadder.js';
import { FILLS_LIST } from './fills/fillsList.js';
import { fundingListed } from './funding/fundingListed.js';
import { fundingFilter, type FundingRow } from './funding/fundingRows.js';
import { historyListed, type HistoryScreen } from './history/historyListed.js';
import { historyFilter, type HistoryRow } from './history/historyRows.js';
import { JOURNAL_LIST } from './journal/journalList.js';
import { listedRows, type ListPaneDef, type ListPaneId, type ListScreen } from './listPaneDef.js';
import { ORDERS_LIST } from './orders/ordersList.js';
import type { OrderRow } from './orders/orderRows.js';
import { POSITIONS_LIST } from './positions/positionsList.js';
import { rowFilter } from './rowFilter.js';
import { SHARE_GROUPS_LIST } from './shareGroups/shareGroupsList.js';
import { TRADES_LIST } from './trades/tradesList.js';

/**
 * What the panes show, as data, for the app shell (list navigation) and the forms
 * (the selected order, position, agent; the cursor price). Every function reads the same
 * memoised row models the panes render, narrowed by the same `/` filter (paneRowFilters),
 * so "row 3" means the same thing everywhere.
 * Row order per pane: orders by ascending oid, positions in pool order, agents in the
 * exchange's slot order, fills, trades and journal newest first.
 */

/** The panes whose rows `/` filters: lists of text. The book and the chart are drawn, not listed. */
export const FILTER_PANES = ['orders', 'positions', 'fills', 'trades', 'journal', 'agents', 'shareGroups', 'account', 'algos', 'accounts', 'history', 'funding', 'alerts'] as const;
export type FilterPane = (typeof FILTER_PANES)[number];

export function isFilterPane(pane: string): pane is FilterPane {
  return (FILTER_PANES as readonly string[]).includes(pane);
}

/**
 * The one filter of each list: what a row says for `/` (its words on screen and its ids,
 * in full where the screen shortens them). A list pane's is its record's (`words`); the
 * functions below select from the same call, so pane and shell see one array.
 */
export const paneRowFilters = {
  orders: ORDERS_LIST.filter,
  positions: POSITIONS_LIST.filter,
  fills: FILLS_LIST.filter,
  trades: TRADES_LIST.filter,
  journal: JOURNAL_LIST.filter,
  agents: AGENTS_LIST.filter,
  shareGroups: SHARE_GROUPS_LIST.filter,
  account: rowFilter((r: AccountRow) => [r.where, r.coin, r.balance, r.equity, r.used, r.available, r.withdrawable, r.ratio]),
  algos: ALGOS_LIST.filter,
  accounts: ACCOUNTS_LIST.filter,
  history: historyFilter,
  funding: fundingFilter,
  alerts: ALERTS_LIST.filter,
} satisfies Record<FilterPane, unknown>;

type RowsOf = (app: AppState, view: ViewState, screen: ListScreen) => readonly { key: string }[];
const rowsIn =
  <Row extends { key: string }>(def: ListPaneDef<Row>): RowsOf =>
  (app, view, screen) =>
    listRowsOf(def, app, view, screen);

/** Each list pane's rows, for the shell, are its record's. */
const LIST_ROWS: { readonly [K in ListPaneId]: RowsOf } = {
  orders: rowsIn(ORDERS_LIST),
  positions: rowsIn(POSITIONS_LIST),
  fills: rowsIn(FILLS_LIST),
  trades: rowsIn(TRADES_LIST),
  journal: rowsIn(JOURNAL_LIST),
  agents: rowsIn(AGENTS_LIST),
  shareGroups: rowsIn(SHARE_GROUPS_LIST),
  algos: rowsIn(ALGOS_LIST),
  accounts: rowsIn(ACCOUNTS_LIST),
  alerts: rowsIn(ALERTS_LIST),
};

const NO_SCREEN: ListScreen = {};

/**
 * A list's rows as its pane lists them (its record's rows, narrowed by its `/` filter), the
 * whole list: the pane's own height bounds only the tape's drawing.
 */
export function listRowsOf<Row extends { key: string }>(def: ListPaneDef<Row>, app: AppState, view: ViewState, screen: ListScreen = NO_SCREEN): readonly Row[] {
  return listedRows(def, { app, view, screen, now: Date.now() }).rows;
}

/** A selection index inside [0, count - 1], or undefined for an empty list. */
export function clampSelection(selected: number | undefined, count: number): number | undefined {
  if (count <= 0) return undefined;
  return Math.max(0, Math.min(count - 1, selected ?? 0));
}

export function orderRowsOf(app: AppState, view: ViewState): readonly OrderRow[] {
  return listRowsOf(ORDERS_LIST, app, view);
}

function accountRowsOf(app: AppState, view: ViewState): readonly AccountRow[] {
  const rows = accountRows(app.account.chainBalances, app.account.pools, app.market.configs, selectAccountSummary(app));
  return paneRowFilters.account(rows, filterQueryOf(view, 'account'));
}

/** The selected contract's book as the pane shows it (grouped), or undefined without one. */
export function bookLadder(app: AppState, view: ViewState): BookLadder | undefined {
  const contract = selectSelectedContract(app);
  return ladderOf(contract ? app.market.books[contract.contractId] : undefined, contract, view.bookGroupTicks);
}

/** Rows a pane lists, for clamping j/k, page and end moves. The book counts its levels. */
export function paneRowCount(pane: PaneId, app: AppState, view: ViewState, screen: ListScreen & HistoryScreen = NO_SCREEN): number {
  // The trading memory's rows are the screen's history reader's last read.
  if (pane === 'history') return historyListed(app, view, screen).rows.length;
  if (pane === 'funding') return fundingListed(app, view, screen).rows.length;
  if (pane === 'book') {
    const l = bookLadder(app, view);
    return l ? l.asks.length + l.bids.length : 0;
  }
  if (pane === 'account') return accountRowsOf(app, view).length;
  return pane in LIST_ROWS ? LIST_ROWS[pane as ListPaneId](app, view, screen).length : 0;
}

function pick<T>(rows: readonly T[], selected: number | undefined): T | undefined {
  const i = clampSelection(selected, rows.length);
  return i === undefined ? undefined : rows[i];
}

export function selectedOrder(app: AppState, view: ViewState): OpenOrder | undefined {
  return pick(orderRowsOf(app, view), view.selection.orders)?.order;
}

export function selectedPosition(app: AppState, view: ViewState): Position | undefined {
  return pick(listRowsOf(POSITIONS_LIST, app, view), view.selection.positions)?.position;
}

export function selectedAgent(app: AppState, view: ViewState): AgentRecord | undefined {
  return pick(listRowsOf(AGENTS_LIST, app, view), view.selection.agents)?.record;
}

export function selectedFill(app: AppState, view: ViewState): Fill | undefined {
  return pick(listRowsOf(FILLS_LIST, app, view), view.selection.fills)?.fill;
}

export function selectedJournalEntry(app: AppState, view: ViewState): JournalEntry | undefined {
  return pick(listRowsOf(JOURNAL_LIST, app, view), view.selection.journal)?.entry;
}

/** The selected trade's tid (a tape row's key), on the tape as the pane lists it: narrowed by its filter. */
export function selectedTradeId(app: AppState, view: ViewState): string | undefined {
  return pick(listRowsOf(TRADES_LIST, app, view), view.selection.trades)?.key;
}

/** The selected share group's id (for collateral moves into or out of it). */
export function selectedShareGroupId(app: AppState, view: ViewState): number | undefined {
  return pick(listRowsOf(SHARE_GROUPS_LIST, app, view), view.selection.shareGroups)?.groupId;
}

/** The selected account row: a chain balance or a market-deployer pool. */
export function selectedAccountRow(app: AppState, view: ViewState): AccountRow | undefined {
  return pick(accountRowsOf(app, view), view.selection.account);
}

/** The History pane's selected row (a fill, an order event or a gap), as the pane lists it. */
export function selectedHistoryRow(app: AppState, view: ViewState, screen: HistoryScreen): HistoryRow | undefined {
  return pick(historyListed(app, view, screen).rows, view.selection.history);
}

/** The Funding pane's selected row (one contract). */
export function selectedFundingRow(app: AppState, view: ViewState, screen: HistoryScreen): FundingRow | undefined {
  return pick(fundingListed(app, view, screen).rows, view.selection.funding);
}

/** The book cursor as a raw price, or undefined while it rests at the spread. */
export function bookCursorPrice(_app: AppState, view: ViewState): bigint | undefined {
  return parseRaw(view.bookCursorRaw) ?? undefined;
}

/** moveBookCursor on the book the pane shows: what j/k in the book do. */
export function moveBookCursorIn(app: AppState, view: ViewState, delta: number): bigint | null {
  return moveBookCursor(bookLadder(app, view), view.bookCursorRaw, delta);
}
