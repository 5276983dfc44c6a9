import type { Column } from '../../components/Table.js';
import { dropOrder, widthFor } from '../columns.js';
import { fillCellColumns } from '../fills/fillsList.js';
import type { HistoryRow } from './historyRows.js';

/** First to go first: the note (a gap says itself in the head line too), fee, PnL, size ... time and what stay. */
const DROP_FIRST = ['fee', 'pnl', 'note', 'size', 'contract', 'price', 'side', 'time', 'what'] as const;

export function historyColumns(rows: readonly HistoryRow[]): Column<HistoryRow>[] {
  const w = (title: string, pick: (r: HistoryRow) => string, min = 4, max = 20) => widthFor(title, rows.map(pick), min, max);
  return dropOrder([
    { key: 'time', title: 'Time', width: w('Time', (r) => r.time, 8, 14), cell: (r) => ({ text: r.time, token: 'muted' }) },
    { key: 'what', title: 'What', width: w('What', (r) => r.what, 4, 11), cell: (r) => ({ text: r.what, token: r.kind === 'gap' ? 'warning' : r.kind === 'fill' ? 'text' : 'muted' }) },
    ...fillCellColumns(rows),
    { key: 'note', title: 'Note', width: 8, grow: true, cell: (r) => ({ text: r.note, token: r.kind === 'gap' ? 'warning' : 'muted' }) },
  ], DROP_FIRST);
}
