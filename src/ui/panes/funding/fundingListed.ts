import type { AppState } from '../../../state/types.js';
import { filterQueryOf, historyPeriodOf, type ViewState } from '../../view/viewStore.js';
import type { HistoryScreen } from '../history/historyListed.js';
import { fundingFilter, fundingRows, type FundingRow } from './fundingRows.js';

/** The Funding pane's rows as it lists them, for the pane and the shell's list moves. */
export function fundingListed(app: AppState, v: ViewState, screen: HistoryScreen): { all: readonly FundingRow[]; rows: readonly FundingRow[] } {
  const all = fundingRows(screen.history?.read(historyPeriodOf(v, 'funding')), app.account.positions, app.market.configs);
  return { all, rows: fundingFilter(all, filterQueryOf(v, 'funding')) };
}
