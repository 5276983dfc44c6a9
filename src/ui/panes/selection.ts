import type { JournalEntry } from '../../model/journalEntry.js';
import type { AgentRecord, ContractConfig, Fill, OpenOrder, Position, Trade } from '../../protocol/wire/index.js';
import { selectAccountSummary } from '../../state/accountSummary.js';
import { selectSelectedContract } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import type { PaneId } from '../context/paneIds.js';
import { filterQueryOf, type ViewState } from '../view/viewStore.js';
import { accountRows, type AccountRow } from './account/accountRows.js';
import { agentRows, type AgentRow } from './agents/agentRows.js';
import type { AlgoPaneRow } from './algos/algoPaneRows.js';
import type { AccountOverviewRow } from './accounts/accountRows.js';
import { ladderOf, moveBookCursor, parseRaw, type BookLadder } from './book/bookLadder.js';
import { fillRows, type FillRow } from './fills/fillRows.js';
import { journalRows, type JournalRow } from './journal/journalRows.js';
import { orderRows, type OrderRow } from './orders/orderRows.js';
import { positionRows, type PositionRow } from './positions/positionRows.js';
import { rowFilter } from './rowFilter.js';
import { shareGroupRows, type ShareGroupRow } from './shareGroups/shareGroupRows.js';
import { tradeRows, type TradeRow } from './trades/tradeRows.js';

/**
 * What the panes show, as data, for the app shell (list navigation) and the forms
 * (the selected order, position, agent; the cursor price). Every function reads the same
 * memoised row models the panes render, narrowed by the same `/` filter (paneRowFilters),
 * so "row 3" means the same thing everywhere.
 * Row order per pane: orders by ascending oid, positions in pool order, agents in the
 * exchange's slot order, fills, trades and journal newest first.
 */

/** The panes whose rows `/` filters: lists of text. The book and the chart are drawn, not listed. */
export const FILTER_PANES = ['orders', 'positions', 'fills', 'trades', 'journal', 'agents', 'shareGroups', 'account', 'algos', 'accounts'] as const;
export type FilterPane = (typeof FILTER_PANES)[number];

export function isFilterPane(pane: string): pane is FilterPane {
  return (FILTER_PANES as readonly string[]).includes(pane);
}

/**
 * The one filter of each list: what a row says for `/` (its words on screen and its ids,
 * in full where the screen shortens them). The pane draws `paneRowFilters.x(rows, query)`,
 * and the functions below select from the same call, so both see one array.
 */
export const paneRowFilters = {
  orders: rowFilter((r: OrderRow) => [r.key, r.contract, r.side, r.price, r.size, r.filled, r.tif, r.reduceOnly, r.cloid, r.order.cloid ?? '']),
  positions: rowFilter((r: PositionRow) => [r.contract, r.side, r.size, r.entry, r.mark, r.upnl, r.roe, r.leverage, r.mode, r.liq, r.tpsl]),
  fills: rowFilter((r: FillRow) => [r.time, r.contract, r.side, r.price, r.size, r.fee, r.pnl, r.liquidity, String(r.fill.oid), String(r.fill.tid), r.fill.cloid ?? '']),
  // The tape shows B / S; the words match too.
  trades: rowFilter((r: TradeRow) => [r.time, r.side, r.isBuy ? 'buy' : 'sell', r.price, r.size]),
  journal: rowFilter((r: JournalRow) => [r.time, r.action, r.asked, r.signer, r.nonce, r.requestId, r.outcome, r.detail]),
  agents: rowFilter((r: AgentRow) => [r.name, r.slot, r.record.address]),
  shareGroups: rowFilter((r: ShareGroupRow) => [`#${r.groupId}`, r.frozen ? 'FROZEN' : 'active', r.balance, r.equity, r.coin, r.members]),
  account: rowFilter((r: AccountRow) => [r.where, r.coin, r.balance, r.equity, r.used, r.available, r.withdrawable, r.ratio]),
  algos: rowFilter((r: AlgoPaneRow) => [r.key, r.kind, r.contract, r.side, r.progress, r.avgPx, r.state, r.reason]),
  accounts: rowFilter((r: AccountOverviewRow) => [r.name, r.equity, r.upnl, r.ratio, r.age]),
} satisfies Record<FilterPane, unknown>;

/** A selection index inside [0, count - 1], or undefined for an empty list. */
export function clampSelection(selected: number | undefined, count: number): number | undefined {
  if (count <= 0) return undefined;
  return Math.max(0, Math.min(count - 1, selected ?? 0));
}

export function orderRowsOf(app: AppState, view: ViewState): readonly OrderRow[] {
  const rows = orderRows(app.orders.open, app.market.configs, selectSelectedContract(app)?.contractId, view.ordersScope);
  return paneRowFilters.orders(rows, filterQueryOf(view, 'orders'));
}

export function positionRowsOf(app: AppState, view: ViewState): readonly PositionRow[] {
  const rows = positionRows(app.account.positions, app.market.configs, app.market.marketStates);
  return paneRowFilters.positions(rows, filterQueryOf(view, 'positions'));
}

export function accountRowsOf(app: AppState, view: ViewState): readonly AccountRow[] {
  const rows = accountRows(app.account.chainBalances, app.account.pools, app.market.configs, selectAccountSummary(app));
  return paneRowFilters.account(rows, filterQueryOf(view, 'account'));
}

export function shareGroupRowsOf(app: AppState, view: ViewState): readonly ShareGroupRow[] {
  const rows = shareGroupRows(app.account.shareGroupDefs, app.account.shareGroups, app.market.configs);
  return paneRowFilters.shareGroups(rows, filterQueryOf(view, 'shareGroups'));
}

export function fillRowsOf(app: AppState, view: ViewState): readonly FillRow[] {
  return paneRowFilters.fills(fillRows(app.orders.fills, app.market.configs), filterQueryOf(view, 'fills'));
}

export function agentRowsOf(app: AppState, view: ViewState): readonly AgentRow[] {
  return paneRowFilters.agents(agentRows(app.account.agents), filterQueryOf(view, 'agents'));
}

export function journalRowsOf(app: AppState, view: ViewState): readonly JournalRow[] {
  return paneRowFilters.journal(journalRows(app.journal.entries), filterQueryOf(view, 'journal'));
}

/**
 * The tape's rows: the newest `limit` trades, or with a filter the newest `limit` that match
 * (the filter looks through the whole ring, not only the lines on screen).
 */
export function shownTradeRows(
  trades: readonly Trade[],
  contract: Pick<ContractConfig, 'priceScale' | 'qtyScale'> | undefined,
  query: string,
  limit = Infinity,
): readonly TradeRow[] {
  if (!contract) return [];
  if (query.trim() === '') return tradeRows(trades, contract.priceScale, contract.qtyScale, limit);
  return paneRowFilters.trades(tradeRows(trades, contract.priceScale, contract.qtyScale, trades.length), query).slice(0, limit);
}

function tradeRowsOf(app: AppState, view: ViewState): readonly TradeRow[] {
  const c = selectSelectedContract(app);
  return shownTradeRows((c && app.market.trades[c.contractId]) || [], c, filterQueryOf(view, 'trades'));
}

/** The selected contract's book as the pane shows it (grouped), or undefined without one. */
export function bookLadder(app: AppState, view: ViewState): BookLadder | undefined {
  const contract = selectSelectedContract(app);
  return ladderOf(contract ? app.market.books[contract.contractId] : undefined, contract, view.bookGroupTicks);
}

/** Rows a pane lists, for clamping j/k, page and end moves. The book counts its levels. */
export function paneRowCount(pane: PaneId, app: AppState, view: ViewState): number {
  switch (pane) {
    case 'book': {
      const l = bookLadder(app, view);
      return l ? l.asks.length + l.bids.length : 0;
    }
    case 'trades': {
      const c = selectSelectedContract(app);
      if (filterQueryOf(view, 'trades').trim() === '') return c ? (app.market.trades[c.contractId]?.length ?? 0) : 0;
      return tradeRowsOf(app, view).length;
    }
    case 'orders':
      return orderRowsOf(app, view).length;
    case 'positions':
      return positionRowsOf(app, view).length;
    case 'account':
      return accountRowsOf(app, view).length;
    case 'shareGroups':
      return shareGroupRowsOf(app, view).length;
    case 'fills':
      return fillRowsOf(app, view).length;
    case 'agents':
      return agentRowsOf(app, view).length;
    case 'journal':
      return journalRowsOf(app, view).length;
    default:
      return 0;
  }
}

function pick<T>(rows: readonly T[], selected: number | undefined): T | undefined {
  const i = clampSelection(selected, rows.length);
  return i === undefined ? undefined : rows[i];
}

export function selectedOrder(app: AppState, view: ViewState): OpenOrder | undefined {
  return pick(orderRowsOf(app, view), view.selection.orders)?.order;
}

export function selectedPosition(app: AppState, view: ViewState): Position | undefined {
  return pick(positionRowsOf(app, view), view.selection.positions)?.position;
}

export function selectedAgent(app: AppState, view: ViewState): AgentRecord | undefined {
  return pick(agentRowsOf(app, view), view.selection.agents)?.record;
}

export function selectedFill(app: AppState, view: ViewState): Fill | undefined {
  return pick(fillRowsOf(app, view), view.selection.fills)?.fill;
}

export function selectedJournalEntry(app: AppState, view: ViewState): JournalEntry | undefined {
  return pick(journalRowsOf(app, view), view.selection.journal)?.entry;
}

/** The selected share group's id (for collateral moves into or out of it). */
export function selectedShareGroupId(app: AppState, view: ViewState): number | undefined {
  return pick(shareGroupRowsOf(app, view), view.selection.shareGroups)?.groupId;
}

/** The selected account row: a chain balance or a market-deployer pool. */
export function selectedAccountRow(app: AppState, view: ViewState): AccountRow | undefined {
  return pick(accountRowsOf(app, view), view.selection.account);
}

/** The book cursor as a raw price, or undefined while it rests at the spread. */
export function bookCursorPrice(_app: AppState, view: ViewState): bigint | undefined {
  return parseRaw(view.bookCursorRaw) ?? undefined;
}

/** moveBookCursor on the book the pane shows: what j/k in the book do. */
export function moveBookCursorIn(app: AppState, view: ViewState, delta: number): bigint | null {
  return moveBookCursor(bookLadder(app, view), view.bookCursorRaw, delta);
}
