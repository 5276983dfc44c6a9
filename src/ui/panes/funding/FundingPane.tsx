import { memo, useMemo } from 'react';
import type { Column } from '../../components/Table.js';
import { Panel, panelInner } from '../../components/Panel.js';
import { useApp, useAppState, useViewState } from '../../context/AppContext.js';
import { fit } from '../../format/width.js';
import { dropOrder, widthFor } from '../columns.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { SegmentLine } from '../SegmentLine.js';
import { usePaneFilter } from '../usePaneFilter.js';
import { PaneWords } from '../history/HistoryPane.js';
import { NOT_RECORDED } from '../history/historyListed.js';
import { useHistoryRead } from '../history/useHistoryRead.js';
import { fundingListed } from './fundingListed.js';
import { fundingSummary, type FundingRow } from './fundingRows.js';

const DROP_FIRST = ['count', 'last', 'rate', 'size', 'payment', 'cumulative', 'contract'] as const;

export function fundingColumns(rows: readonly FundingRow[]): Column<FundingRow>[] {
  const w = (title: string, pick: (r: FundingRow) => string, min = 4, max = 20) => widthFor(title, rows.map(pick), min, max);
  return dropOrder([
    { key: 'contract', title: 'Contract', width: w('Contract', (r) => r.contract), short: { title: 'Ctr', width: widthFor('Ctr', rows.map((r) => r.contract)) }, cell: (r) => r.contract },
    { key: 'size', title: 'Position', width: w('Position', (r) => r.size), align: 'right', cell: (r) => r.size },
    { key: 'rate', title: 'Rate', width: w('Rate', (r) => r.rate, 4, 12), align: 'right', cell: (r) => ({ text: r.rate, token: 'muted' }) },
    { key: 'payment', title: 'Payment', width: w('Payment', (r) => r.payment), align: 'right', cell: (r) => ({ text: r.payment, token: r.paymentTone }) },
    { key: 'cumulative', title: 'Cumulative', width: w('Cumulative', (r) => r.cumulative), align: 'right', cell: (r) => ({ text: r.cumulative, token: r.cumulativeTone }) },
    { key: 'count', title: 'N', width: w('N', (r) => String(r.payments), 1, 6), align: 'right', cell: (r) => ({ text: String(r.payments), token: 'muted' }) },
    { key: 'last', title: 'Last', width: 14, grow: true, cell: (r) => ({ text: r.last, token: 'muted' }) },
  ], DROP_FIRST);
}

/**
 * Funding per position over a period: the last payment's rate and amount, the cumulative
 * amount and the number of payments, derived from the store's samples (docs/history.md), with
 * what the balances say beside it.
 */
export const FundingPane = memo(function FundingPane({ width, height, focused, tabs }: PaneProps) {
  const screen = useApp();
  const { period, read, recording } = useHistoryRead('funding', 'funding');
  useAppState((s) => s.account.positions);
  const configs = useAppState((s) => s.market.configs);
  const filter = usePaneFilter('funding');
  const selected = useViewState((v) => v.selection.funding);
  const { all, rows } = fundingListed(screen.store.getState(), screen.view.getState(), screen);
  const inner = panelInner(width, height);
  const columns = useMemo(() => fundingColumns(rows), [rows]);
  const filterLine = filterTitle(filter, rows.length, all.length);
  const head = read?.error ?? fundingSummary(read, all, configs);
  const headShown = head !== undefined && inner.height > 2;
  return (
    <Panel tabs={tabs} title={`Funding ${period}`} width={width} height={height} focused={focused} info={filterLine ? undefined : period} filter={filterLine}>
      {!recording ? (
        <PaneWords text={NOT_RECORDED} width={inner.width} height={inner.height} />
      ) : (
        <>
          {headShown && <SegmentLine segments={[{ text: fit(head, inner.width), token: read?.error ? 'error' : 'muted' }]} />}
          <RowTable
            columns={columns}
            rows={rows}
            width={inner.width}
            height={Math.max(0, inner.height - (headShown ? 1 : 0))}
            focused={focused}
            selected={selected}
            empty={filterEmpty(filter, all.length, read ? `no funding this ${period}` : 'reading the history store…')}
          />
        </>
      )}
    </Panel>
  );
});
