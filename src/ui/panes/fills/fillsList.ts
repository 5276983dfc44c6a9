import type { Column } from '../../components/Table.js';
import { dropOrder, widthFor } from '../columns.js';
import { listPaneDef, someCountInfo } from '../listPaneDef.js';
import { fillRows, type FillCells, type FillRow } from './fillRows.js';

/**
 * The order the columns drop in as the pane narrows, first to go first: time, contract,
 * side, price and size are kept at 120x40 with prices of five digits (the contract's short
 * title makes the room).
 */
const DROP_FIRST = ['liq', 'fee', 'pnl', 'time', 'contract', 'size', 'price', 'side'] as const;

/** The columns of a fill's cells: contract, side, price, size, fee and closed PnL. */
export function fillCellColumns<R extends FillCells>(rows: readonly R[]): Column<R>[] {
  const w = (title: string, pick: (r: R) => string, min = 4) => widthFor(title, rows.map(pick), min, 20);
  return [
    { key: 'contract', title: 'Contract', width: w('Contract', (r) => r.contract), short: { title: 'Ctr', width: widthFor('Ctr', rows.map((r) => r.contract)) }, cell: (r) => r.contract },
    { key: 'side', title: 'Side', width: 4, cell: (r) => ({ text: r.side, token: r.isBuy ? 'bid' : 'ask' }) },
    { key: 'price', title: 'Price', width: w('Price', (r) => r.price, 5), align: 'right', cell: (r) => r.price },
    { key: 'size', title: 'Size', width: w('Size', (r) => r.size), align: 'right', cell: (r) => r.size },
    { key: 'fee', title: 'Fee', width: w('Fee', (r) => r.fee), align: 'right', cell: (r) => ({ text: r.fee, token: 'muted' }) },
    { key: 'pnl', title: 'Closed PnL', width: w('Closed PnL', (r) => r.pnl), align: 'right', cell: (r) => ({ text: r.pnl, token: r.pnlTone }) },
  ];
}

export function fillColumns(rows: readonly FillRow[]): Column<FillRow>[] {
  return dropOrder([
    { key: 'time', title: 'Time', width: 8, cell: (r) => ({ text: r.time, token: 'muted' }) },
    ...fillCellColumns(rows),
    { key: 'liq', title: 'Role', width: 5, grow: true, cell: (r) => ({ text: r.liquidity, token: r.liquidity === 'liq' ? 'error' : 'muted' }) },
  ], DROP_FIRST);
}

/** Monitor mode has no signature, and fills come only on the authenticated stream. */
export const MONITOR_FILLS = 'fills are not available in monitor mode (no fills query without a signature)';

export const FILLS_LIST = listPaneDef<FillRow>({
  id: 'fills',
  title: () => 'Fills',
  rows: ({ app }) => fillRows(app.orders.fills, app.market.configs),
  words: (r) => [r.time, r.contract, r.side, r.price, r.size, r.fee, r.pnl, r.liquidity, String(r.fill.oid), String(r.fill.tid), r.fill.cloid ?? ''],
  columns: (rows) => fillColumns(rows),
  empty: () => 'no fills yet',
  info: someCountInfo,
  unavailable: ({ screen }) => (screen.mode?.readOnly ? MONITOR_FILLS : undefined),
  stale: true,
});
