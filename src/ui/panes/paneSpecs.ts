import type { PaneContext } from '../../keymap/index.js';
import { ACCOUNT_SPEC } from './account/accountPaneSpec.js';
import { ACCOUNTS_SPEC } from './accounts/accountsPaneSpec.js';
import { ALERTS_SPEC } from './alerts/alertsPaneSpec.js';
import { AGENTS_SPEC } from './agents/agentsPaneSpec.js';
import { ALGOS_SPEC } from './algos/algosPaneSpec.js';
import { BOOK_SPEC } from './book/bookPaneSpec.js';
import { CHART_SPEC } from './chart/chartPaneSpec.js';
import { FILLS_SPEC } from './fills/fillsPaneSpec.js';
import { FUNDING_SPEC } from './funding/fundingPaneSpec.js';
import { HEATMAP_SPEC } from './heatmap/heatmapPaneSpec.js';
import { HISTORY_SPEC } from './history/historyPaneSpec.js';
import { JOURNAL_SPEC } from './journal/journalPaneSpec.js';
import { ORDERS_SPEC } from './orders/ordersPaneSpec.js';
import type { PaneSpec } from './paneSpec.js';
import { PNL_SPEC } from './pnl/pnlPaneSpec.js';
import { POSITIONS_SPEC } from './positions/positionsPaneSpec.js';
import { SHARE_GROUPS_SPEC } from './shareGroups/shareGroupsPaneSpec.js';
import { TRADES_SPEC } from './trades/tradesPaneSpec.js';

/**
 * The pure data of every pane, for the layout and the staleness rules, which must not load
 * pane components (a component reaches the layout through the view store). The type makes
 * every keymap pane context have exactly one entry; paneDefs.ts adds the components.
 */
export const PANE_SPECS: { readonly [K in PaneContext]: PaneSpec<K> } = {
  book: BOOK_SPEC,
  trades: TRADES_SPEC,
  chart: CHART_SPEC,
  orders: ORDERS_SPEC,
  positions: POSITIONS_SPEC,
  account: ACCOUNT_SPEC,
  shareGroups: SHARE_GROUPS_SPEC,
  fills: FILLS_SPEC,
  agents: AGENTS_SPEC,
  journal: JOURNAL_SPEC,
  algos: ALGOS_SPEC,
  accounts: ACCOUNTS_SPEC,
  history: HISTORY_SPEC,
  funding: FUNDING_SPEC,
  pnl: PNL_SPEC,
  alerts: ALERTS_SPEC,
  heatmap: HEATMAP_SPEC,
};
