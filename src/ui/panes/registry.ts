import type { ComponentType } from 'react';
import { CONTEXT_TITLES } from '../../keymap/index.js';
import { PANE_IDS, type PaneId } from '../app/layout.js';
import { AccountPane } from './account/AccountPane.js';
import { AgentsPane } from './agents/AgentsPane.js';
import { BookPane } from './book/BookPane.js';
import { ChartPane } from './chart/ChartPane.js';
import { FillsPane } from './fills/FillsPane.js';
import { JournalPane } from './journal/JournalPane.js';
import { OrdersPane } from './orders/OrdersPane.js';
import { PositionsPane } from './positions/PositionsPane.js';
import { ShareGroupsPane } from './shareGroups/ShareGroupsPane.js';
import type { PaneProps } from './paneProps.js';
import { TradesPane } from './trades/TradesPane.js';

/** Pane titles are the keymap's context titles, so help, hints and frames use one word. */
export const PANE_TITLES = Object.fromEntries(
  PANE_IDS.map((id) => [id, id === 'header' ? 'Header' : id === 'status' ? 'Status' : CONTEXT_TITLES[id]]),
) as Readonly<Record<PaneId, string>>;

/** Header and status are drawn by the shell; these stand in if it ever mounts them from here. */
function ShellOwned(): null {
  return null;
}

export const PANES: Record<PaneId, ComponentType<PaneProps>> = {
  header: ShellOwned,
  book: BookPane,
  trades: TradesPane,
  chart: ChartPane,
  orders: OrdersPane,
  positions: PositionsPane,
  account: AccountPane,
  shareGroups: ShareGroupsPane,
  fills: FillsPane,
  agents: AgentsPane,
  journal: JournalPane,
  status: ShellOwned,
};
