import type { JournalEntry } from '../../model/journalEntry.js';
import type { AgentRecord, Fill, OpenOrder, Position } from '../../protocol/wire/index.js';
import { selectSelectedContract } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import type { PaneId } from '../context/paneIds.js';
import type { ViewState } from '../view/viewStore.js';
import { accountRows, type AccountRow } from './account/accountRows.js';
import { agentRows } from './agents/agentRows.js';
import { ladderOf, moveBookCursor, parseRaw, type BookLadder } from './book/bookLadder.js';
import { fillRows } from './fills/fillRows.js';
import { journalRows } from './journal/journalRows.js';
import { orderRows, type OrderRow } from './orders/orderRows.js';
import { positionRows, type PositionRow } from './positions/positionRows.js';
import { shareGroupRows, type ShareGroupRow } from './shareGroups/shareGroupRows.js';

/**
 * What the panes show, as data, for the app shell (list navigation) and the forms
 * (the selected order, position, agent; the cursor price). Every function reads the same
 * memoised row models the panes render, so "row 3" means the same thing everywhere.
 * Row order per pane: orders by ascending oid, positions in pool order, agents in the
 * exchange's slot order, fills, trades and journal newest first.
 */

/** A selection index inside [0, count - 1], or undefined for an empty list. */
export function clampSelection(selected: number | undefined, count: number): number | undefined {
  if (count <= 0) return undefined;
  return Math.max(0, Math.min(count - 1, selected ?? 0));
}

export function orderRowsOf(app: AppState, view: ViewState): readonly OrderRow[] {
  return orderRows(app.orders.open, app.market.configs, selectSelectedContract(app)?.contractId, view.ordersScope);
}

export function positionRowsOf(app: AppState): readonly PositionRow[] {
  return positionRows(app.account.positions, app.market.configs, app.market.marketStates);
}

export function accountRowsOf(app: AppState): readonly AccountRow[] {
  return accountRows(app.account.chainBalances, app.account.pools, app.market.configs);
}

export function shareGroupRowsOf(app: AppState): readonly ShareGroupRow[] {
  return shareGroupRows(app.account.shareGroupDefs, app.account.shareGroups, app.market.configs);
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
      return c ? (app.market.trades[c.contractId]?.length ?? 0) : 0;
    }
    case 'orders':
      return orderRowsOf(app, view).length;
    case 'positions':
      return positionRowsOf(app).length;
    case 'account':
      return accountRowsOf(app).length;
    case 'shareGroups':
      return shareGroupRowsOf(app).length;
    case 'fills':
      return app.orders.fills.length;
    case 'agents':
      return app.account.agents.length;
    case 'journal':
      return app.journal.entries.length;
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
  return pick(positionRowsOf(app), view.selection.positions)?.position;
}

export function selectedAgent(app: AppState, view: ViewState): AgentRecord | undefined {
  return pick(agentRows(app.account.agents), view.selection.agents)?.record;
}

export function selectedFill(app: AppState, view: ViewState): Fill | undefined {
  return pick(fillRows(app.orders.fills, app.market.configs), view.selection.fills)?.fill;
}

export function selectedJournalEntry(app: AppState, view: ViewState): JournalEntry | undefined {
  return pick(journalRows(app.journal.entries), view.selection.journal)?.entry;
}

/** The selected share group's id (for collateral moves into or out of it). */
export function selectedShareGroupId(app: AppState, view: ViewState): number | undefined {
  return pick(shareGroupRowsOf(app), view.selection.shareGroups)?.groupId;
}

/** The selected account row: a chain balance or a market-deployer pool. */
export function selectedAccountRow(app: AppState, view: ViewState): AccountRow | undefined {
  return pick(accountRowsOf(app), view.selection.account);
}

/** The book cursor as a raw price, or undefined while it rests at the spread. */
export function bookCursorPrice(_app: AppState, view: ViewState): bigint | undefined {
  return parseRaw(view.bookCursorRaw) ?? undefined;
}

/** moveBookCursor on the book the pane shows: what j/k in the book do. */
export function moveBookCursorIn(app: AppState, view: ViewState, delta: number): bigint | null {
  return moveBookCursor(bookLadder(app, view), view.bookCursorRaw, delta);
}
