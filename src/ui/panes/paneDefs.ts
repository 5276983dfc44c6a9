import type { ComponentType } from 'react';
import { CONTEXT_TITLES, PANE_CONTEXTS, type PaneContext } from '../../keymap/index.js';
import { PANE_IDS, type PaneId } from '../context/paneIds.js';
import { ACCOUNT_PANE } from './account/accountPaneDef.js';
import { ACCOUNTS_PANE } from './accounts/accountsPaneDef.js';
import { ALERTS_PANE } from './alerts/alertsPaneDef.js';
import { AGENTS_PANE } from './agents/agentsPaneDef.js';
import { ALGOS_PANE } from './algos/algosPaneDef.js';
import { BOOK_PANE } from './book/bookPaneDef.js';
import { CHART_PANE } from './chart/chartPaneDef.js';
import { FILLS_PANE } from './fills/fillsPaneDef.js';
import { FUNDING_PANE } from './funding/fundingPaneDef.js';
import { HEATMAP_PANE } from './heatmap/heatmapPaneDef.js';
import { HISTORY_PANE } from './history/historyPaneDef.js';
import { JOURNAL_PANE } from './journal/journalPaneDef.js';
import { ORDERS_PANE } from './orders/ordersPaneDef.js';
import type { PaneDef } from './paneDef.js';
import type { PaneProps } from './paneProps.js';
import { PNL_PANE } from './pnl/pnlPaneDef.js';
import { POSITIONS_PANE } from './positions/positionsPaneDef.js';
import { SHARE_GROUPS_PANE } from './shareGroups/shareGroupsPaneDef.js';
import { TRADES_PANE } from './trades/tradesPaneDef.js';

/** Every pane, by its keymap context: the type makes each context have exactly one. */
export const PANE_DEFS: { readonly [K in PaneContext]: PaneDef<K> } = {
  book: BOOK_PANE,
  trades: TRADES_PANE,
  chart: CHART_PANE,
  orders: ORDERS_PANE,
  positions: POSITIONS_PANE,
  account: ACCOUNT_PANE,
  shareGroups: SHARE_GROUPS_PANE,
  fills: FILLS_PANE,
  agents: AGENTS_PANE,
  journal: JOURNAL_PANE,
  algos: ALGOS_PANE,
  accounts: ACCOUNTS_PANE,
  history: HISTORY_PANE,
  funding: FUNDING_PANE,
  pnl: PNL_PANE,
  alerts: ALERTS_PANE,
  heatmap: HEATMAP_PANE,
};

/** Pane titles are the keymap's context titles, so help, hints and frames use one word. */
export const PANE_TITLES = Object.fromEntries(
  PANE_IDS.map((id) => [id, id === 'header' ? 'Header' : id === 'status' ? 'Status' : CONTEXT_TITLES[id]]),
) as Readonly<Record<PaneId, string>>;

/** Header and status are drawn by the shell; these stand in if it ever mounts them from here. */
function ShellOwned(): null {
  return null;
}

export const PANES: Readonly<Record<PaneId, ComponentType<PaneProps>>> = {
  header: ShellOwned,
  ...(Object.fromEntries(PANE_CONTEXTS.map((id) => [id, PANE_DEFS[id].component])) as Record<PaneContext, ComponentType<PaneProps>>),
  status: ShellOwned,
};
