import type { Column } from '../../components/Table.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { dropOrder, widthFor } from '../columns.js';
import { countInfo, listPaneDef } from '../listPaneDef.js';
import { positionRows, type PositionRow } from './positionRows.js';

/**
 * The order the columns drop in as the pane narrows, first to go first: what a trader needs
 * most (contract, size, side, liquidation price) goes last, and is all kept at 120x40 with
 * any number of positions. The mark is the header's too (for the focused contract).
 */
const DROP_FIRST = ['mode', 'roe', 'tpsl', 'mark', 'entry', 'lev', 'upnl', 'liq', 'side', 'size', 'contract'] as const;

export function positionColumns(rows: readonly PositionRow[]): Column<PositionRow>[] {
  const w = (title: string, pick: (r: PositionRow) => string, min = 4) => widthFor(title, rows.map(pick), min);
  const side = (r: PositionRow): ThemeToken => (r.isBuy ? 'bid' : 'ask');
  return dropOrder([
    { key: 'contract', title: 'Contract', width: w('Contract', (r) => r.contract, 4), short: { title: 'Ctr', width: widthFor('Ctr', rows.map((r) => r.contract)) }, cell: (r) => ({ text: r.contract, bold: true }) },
    { key: 'side', title: 'Side', width: 5, cell: (r) => ({ text: r.side, token: side(r) }) },
    { key: 'size', title: 'Size', width: w('Size', (r) => r.size), align: 'right', cell: (r) => ({ text: r.size, token: side(r) }) },
    { key: 'entry', title: 'Entry', width: w('Entry', (r) => r.entry), align: 'right', cell: (r) => r.entry },
    { key: 'mark', title: 'Mark', width: w('Mark', (r) => r.mark), align: 'right', cell: (r) => r.mark },
    { key: 'upnl', title: 'uPnL', width: w('uPnL', (r) => r.upnl), align: 'right', cell: (r) => ({ text: r.upnl, token: r.pnlTone }) },
    { key: 'roe', title: 'ROE', width: w('ROE', (r) => r.roe), align: 'right', cell: (r) => ({ text: r.roe, token: r.pnlTone }) },
    { key: 'lev', title: 'Lev', width: w('Lev', (r) => r.leverage, 3), align: 'right', cell: (r) => r.leverage },
    { key: 'mode', title: 'Mode', width: 5, cell: (r) => ({ text: r.mode, token: 'muted' }) },
    { key: 'liq', title: 'Liq px', width: w('Liq px', (r) => r.liq), align: 'right', cell: (r) => ({ text: r.liq, token: 'warning' }) },
    { key: 'tpsl', title: 'TP/SL', width: w('TP/SL', (r) => r.tpsl, 5), grow: true, cell: (r) => ({ text: r.tpsl, token: 'muted' }) },
  ], DROP_FIRST);
}

export const POSITIONS_LIST = listPaneDef<PositionRow>({
  id: 'positions',
  title: () => 'Positions',
  rows: ({ app }) => positionRows(app.account.positions, app.market.configs, app.market.marketStates),
  words: (r) => [r.contract, r.side, r.size, r.entry, r.mark, r.upnl, r.roe, r.leverage, r.mode, r.liq, r.tpsl],
  columns: (rows) => positionColumns(rows),
  empty: ({ app }) => (app.account.raw !== null ? 'no open positions' : 'waiting for account…'),
  info: countInfo,
  stale: true,
});
