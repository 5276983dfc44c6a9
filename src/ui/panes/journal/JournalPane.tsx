import { memo, useMemo } from 'react';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Column } from '../../components/Table.js';
import { widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { journalRows, type JournalRow } from './journalRows.js';

/** Below this width the result is its glyph alone, leaving room for the exchange's words. */
export const COMPACT_BELOW = 48;

export function journalColumns(rows: readonly JournalRow[], width = Infinity): Column<JournalRow>[] {
  const w = (title: string, pick: (r: JournalRow) => string, min = 4, max = 24) => widthFor(title, rows.map(pick), min, max);
  const compact = width < COMPACT_BELOW;
  const outcome: Column<JournalRow> = compact
    ? { key: 'outcome', title: '', width: 1, priority: 9, cell: (r) => ({ text: r.outcome.slice(0, 1), token: r.outcomeTone }) }
    : { key: 'outcome', title: 'Result', width: w('Result', (r) => r.outcome, 4, 12), priority: 9, cell: (r) => ({ text: r.outcome, token: r.outcomeTone }) };
  return [
    { key: 'time', title: 'Time', width: 8, priority: 7, cell: (r) => ({ text: r.time, token: 'muted' }) },
    { key: 'action', title: 'Action', width: w('Action', (r) => r.action, 6, 24), priority: 10, cell: (r) => ({ text: r.action, bold: true }) },
    outcome,
    { key: 'signer', title: 'Signer', width: 6, priority: 5, cell: (r) => ({ text: r.signer, token: 'muted' }) },
    { key: 'nonce', title: 'Nonce', width: w('Nonce', (r) => r.nonce, 5, 13), align: 'right', priority: 2, cell: (r) => ({ text: r.nonce, token: 'muted' }) },
    { key: 'req', title: 'Request', width: w('Request', (r) => r.requestId, 7, 12), priority: 3, cell: (r) => ({ text: r.requestId, token: 'muted' }) },
    { key: 'detail', title: 'Detail', width: 10, priority: 8, grow: true, cell: (r) => ({ text: r.detail, token: r.outcomeTone === 'error' ? 'error' : 'text' }) },
  ];
}

export const JournalPane = memo(function JournalPane({ width, height, focused, tabs }: PaneProps) {
  const entries = useAppState((s) => s.journal.entries);
  const selected = useViewState((s) => s.selection.journal);
  const rows = journalRows(entries);
  const inner = panelInner(width, height);
  const columns = useMemo(() => journalColumns(rows, inner.width), [rows, inner.width]);
  return (
    <Panel tabs={tabs} title="Journal" width={width} height={height} focused={focused} info={rows.length ? String(rows.length) : undefined}>
      <RowTable
        columns={columns}
        rows={rows}
        width={inner.width}
        height={inner.height}
        focused={focused}
        selected={selected}
        empty="no signed actions yet"
      />
    </Panel>
  );
});
