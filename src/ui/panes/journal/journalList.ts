import type { Column } from '../../components/Table.js';
import { dropOrder, widthFor } from '../columns.js';
import { listPaneDef, someCountInfo } from '../listPaneDef.js';
import { journalRows, type JournalRow } from './journalRows.js';

/** Below this width the result is its glyph alone, leaving room for the request's words. */
export const COMPACT_BELOW = 48;

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['nonce', 'req', 'action', 'signer', 'detail', 'asked', 'outcome', 'time'] as const;

/**
 * Time first and never dropped: a journal row without its time answers no auditor. Then the
 * result, what was asked and the answer; the action's name (the words say it), the signer
 * and the ids go first when the pane is narrow. The words take a share of the width and the
 * answer the rest; below COMPACT_BELOW the words take it all.
 */
export function journalColumns(rows: readonly JournalRow[], width = Infinity): Column<JournalRow>[] {
  const w = (title: string, pick: (r: JournalRow) => string, min = 4, max = 24) => widthFor(title, rows.map(pick), min, max);
  const compact = width < COMPACT_BELOW;
  const time = w('Time', (r) => r.time, 8, 11);
  const outcome: Column<JournalRow> = compact
    ? { key: 'outcome', title: '', width: 1, cell: (r) => ({ text: r.outcome.slice(0, 1), token: r.outcomeTone }) }
    : { key: 'outcome', title: 'Result', width: w('Result', (r) => r.outcome, 4, 12), cell: (r) => ({ text: r.outcome, token: r.outcomeTone }) };
  // Narrow: the words take the whole row beside the time and the glyph, and the answer waits for Enter.
  const askedMax = !Number.isFinite(width) ? 48 : compact ? Math.max(10, width - time - outcome.width - 2) : Math.max(16, Math.floor(width * 0.35));
  return dropOrder([
    { key: 'time', title: 'Time', width: time, cell: (r) => ({ text: r.time, token: 'muted' }) },
    outcome,
    { key: 'action', title: 'Action', width: w('Action', (r) => r.action, 6, 16), cell: (r) => ({ text: r.action, bold: true }) },
    { key: 'asked', title: 'Asked', width: w('Asked', (r) => r.asked, 10, askedMax), cell: (r) => ({ text: r.asked }) },
    // Wide panes keep a readable share for the answer before any id column.
    { key: 'detail', title: 'Answer', width: width >= 80 ? 24 : 10, grow: true, cell: (r) => ({ text: r.detail, token: r.outcomeTone === 'error' ? 'error' : 'text' }) },
    { key: 'signer', title: 'Signer', width: 6, cell: (r) => ({ text: r.signer, token: 'muted' }) },
    { key: 'req', title: 'Request', width: w('Request', (r) => r.requestId, 7, 12), cell: (r) => ({ text: r.requestId, token: 'muted' }) },
    { key: 'nonce', title: 'Nonce', width: w('Nonce', (r) => r.nonce, 5, 13), align: 'right', cell: (r) => ({ text: r.nonce, token: 'muted' }) },
  ], DROP_FIRST);
}

export const JOURNAL_LIST = listPaneDef<JournalRow>({
  id: 'journal',
  title: () => 'Journal',
  rows: ({ app }) => journalRows(app.journal.entries),
  words: (r) => [r.time, r.action, r.asked, r.signer, r.nonce, r.requestId, r.outcome, r.detail],
  columns: (rows, { width }) => journalColumns(rows, width),
  empty: () => 'no signed actions yet',
  info: someCountInfo,
});
