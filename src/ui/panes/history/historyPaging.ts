import type { AppState } from '../../../state/types.js';
import { historyPeriodOf, type ViewState } from '../../view/viewStore.js';
import { historyListed, type HistoryScreen } from './historyListed.js';
import type { HistoryRow } from './historyRows.js';

/**
 * The History pane reads a window of the period (the newest 500 fills and 500 order events
 * at first). Newest first, a move past its last row reads the window further back that
 * ends at that row, and a move above its first row (in a window further back) the window
 * half a window newer: the reader never holds more than one window. The cursor stays on
 * the row it was on. Returns the row to select in the new window, or undefined when the
 * move is the list's own (not at an end, another order, or nothing further).
 */
export function pageHistory(app: AppState, v: ViewState, screen: HistoryScreen, delta: number): number | undefined {
  const reader = screen.history;
  if (!reader || v.historySort !== 'newest' || delta === 0) return undefined;
  const period = historyPeriodOf(v, 'history');
  const before = historyListed(app, v, screen).rows;
  const at = Math.max(0, Math.min(before.length - 1, v.selection.history ?? 0));
  const row = before[at];
  if (!row) return undefined;
  const read = reader.read(period);
  if (delta > 0) {
    if (at < before.length - 1 || !reader.olderRows(period, row.at)) return undefined;
  } else if (at > 0 || read?.before === undefined || !reader.newerRows(period, row.at)) return undefined;
  return indexOfRow(historyListed(app, v, screen).rows, row, delta);
}

/** Where `row` is in a new window: the same row, else the nearest at its time. */
function indexOfRow(rows: readonly HistoryRow[], row: HistoryRow, delta: number): number {
  const same = rows.findIndex((r) => r.key === row.key);
  if (same >= 0) return same;
  const near = delta > 0 ? rows.findIndex((r) => r.at <= row.at) : rows.findLastIndex((r) => r.at >= row.at);
  return Math.max(0, near);
}
