import type { HistoryReader } from '../../../session/historyReader.js';
import type { AppState } from '../../../state/types.js';
import { filterQueryOf, historyPeriodOf, type ViewState } from '../../view/viewStore.js';
import { historyFilter, historyRows, type HistoryRow } from './historyRows.js';

/** What the screen holds that the History and Funding panes read: its history reader. */
export interface HistoryScreen {
  history?: HistoryReader | undefined;
}

/**
 * The History pane's rows as it lists them (the reader's last read of the pane's period, in
 * the pane's order, narrowed by its `/` filter): one function for the pane and the shell's
 * list moves, so a row index means one row to both.
 */
export function historyListed(app: AppState, v: ViewState, screen: HistoryScreen): { all: readonly HistoryRow[]; rows: readonly HistoryRow[] } {
  const all = historyRows(screen.history?.read(historyPeriodOf(v, 'history')), app.market.configs, v.historySort);
  return { all, rows: historyFilter(all, filterQueryOf(v, 'history')) };
}

/** What a pane of the trading memory says in a session that records none. */
export const NOT_RECORDED = 'no history recorded in this session (monitor mode, no key, or history turned off)';
