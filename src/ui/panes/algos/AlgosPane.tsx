import { memo, useMemo } from 'react';
import { useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Column } from '../../components/Table.js';
import { formatCountdown } from '../../format/time.js';
import { fit } from '../../format/width.js';
import { filler, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { SegmentLine } from '../SegmentLine.js';
import { useNow } from '../useNow.js';
import { algoPaneRows, boardSummary, type AlgoPaneRow } from './algoPaneRows.js';
import { useAlgoBoard } from './useAlgoBoard.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { paneRowFilters } from '../selection.js';
import { usePaneFilter } from '../usePaneFilter.js';

/** Kind, side, progress and state never go; the contract, average and the reason go first when narrow. */
export function algoColumns(rows: readonly AlgoPaneRow[], now: number): Column<AlgoPaneRow>[] {
  const w = (title: string, pick: (r: AlgoPaneRow) => string, min: number, max: number) => widthFor(title, rows.map(pick), min, max);
  return [
    { key: 'kind', title: 'Algo', width: 5, priority: 12, cell: (r) => ({ text: r.kind, bold: true }) },
    { key: 'contract', title: 'Contract', width: w('Contract', (r) => r.contract, 4, 10), priority: 5, cell: (r) => r.contract },
    { key: 'side', title: 'Side', width: 4, priority: 11, cell: (r) => ({ text: r.side, token: r.side === 'Buy' ? 'bid' : 'ask' }) },
    { key: 'progress', title: 'Filled', width: w('Filled', (r) => r.progress, 6, 16), align: 'right', priority: 10, cell: (r) => r.progress },
    { key: 'steps', title: 'Sent', width: w('Sent', (r) => r.steps, 4, 7), align: 'right', priority: 4, cell: (r) => ({ text: r.steps, token: 'muted' }) },
    { key: 'avg', title: 'Avg', width: w('Avg', (r) => r.avgPx, 3, 12), align: 'right', priority: 7, cell: (r) => r.avgPx },
    { key: 'slip', title: 'bps', width: w('bps', (r) => r.slippage, 3, 6), align: 'right', priority: 3, cell: (r) => ({ text: r.slippage, token: 'muted' }) },
    { key: 'state', title: 'State', width: w('State', (r) => r.state, 5, 20), priority: 9, cell: (r) => ({ text: r.state, token: r.stateTone }) },
    { key: 'next', title: 'Next', width: 6, align: 'right', priority: 6, cell: (r) => ({ text: r.nextAt === undefined ? '' : formatCountdown(r.nextAt, now).replace('expired', 'now'), token: 'muted' }) },
    { key: 'reason', title: 'Why', width: 12, priority: 2, grow: true, cell: (r) => ({ text: r.reason, token: 'muted' }) },
    filler(),
  ];
}

export const AlgosPane = memo(function AlgosPane({ width, height, focused, tabs }: PaneProps) {
  const board = useAlgoBoard();
  const selected = useViewState((s) => s.selection.algos);
  const now = useNow(1000);
  const filter = usePaneFilter('algos');
  const all = algoPaneRows(board);
  const rows = paneRowFilters.algos(all, filter.query);
  const title = filterTitle(filter, rows.length, all.length);
  const columns = useMemo(() => algoColumns(rows, now), [rows, now]);
  const inner = panelInner(width, height);
  const summary = board.error ?? boardSummary(board);
  return (
    <Panel tabs={tabs} title="Algos" width={width} height={height} focused={focused} filter={title}>
      {inner.height > 0 && <SegmentLine segments={[{ text: fit(summary, inner.width), token: board.error ? 'error' : 'muted' }]} />}
      <RowTable
        columns={columns}
        rows={rows}
        width={inner.width}
        height={Math.max(0, inner.height - 1)}
        focused={focused}
        selected={selected}
        empty={filterEmpty(filter, all.length, board.loading ? 'reading the algos back…' : 'no algos: W starts one (TWAP, scale, chase, trailing stop)')}
      />
    </Panel>
  );
});
