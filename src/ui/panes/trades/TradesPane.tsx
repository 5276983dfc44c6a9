import { memo, useMemo } from 'react';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Column } from '../../components/Table.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { usePaneStale } from '../usePaneStale.js';
import type { TradeRow } from './tradeRows.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { shownTradeRows } from '../selection.js';
import { usePaneFilter } from '../usePaneFilter.js';
import { selectSelectedContract } from '../../../state/selectors.js';

const EMPTY: readonly never[] = [];

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['time', 'side', 'size', 'price'] as const;

export function tradeColumns(rows: readonly TradeRow[]): Column<TradeRow>[] {
  const tone = (r: TradeRow): ThemeToken => (r.isBuy ? 'bid' : 'ask');
  return dropOrder([
    { key: 'side', title: '', width: 1, cell: (r) => ({ text: r.side, token: tone(r), bold: r.big }) },
    {
      key: 'price',
      title: 'Price',
      width: widthFor('Price', rows.map((r) => `${r.price} ${r.tick}`), 7),
      align: 'right',
      cell: (r) => ({ text: `${r.price} ${r.tick}`, token: tone(r), bold: r.big }),
    },
    {
      key: 'size',
      title: 'Size',
      width: widthFor('Size', rows.map((r) => (r.big ? `★${r.size}` : r.size)), 6),
      align: 'right',
      cell: (r) => ({ text: r.big ? `★${r.size}` : r.size, token: 'text', bold: r.big }),
    },
    { key: 'time', title: 'Time', width: 8, align: 'right', cell: (r) => ({ text: r.time, token: 'muted' }) },
    filler(),
  ], DROP_FIRST);
}

export const TradesPane = memo(function TradesPane({ width, height, focused, tabs }: PaneProps) {
  const contract = useAppState(selectSelectedContract);
  const trades = useAppState((s) => (contract ? (s.market.trades[contract.contractId] ?? EMPTY) : EMPTY));
  const staleMs = usePaneStale('trades');
  // j/k and y act on this row: the tape shows it like every other list (the newest by default).
  const selected = useViewState((s) => s.selection.trades);
  const inner = panelInner(width, height);
  const limit = Math.max(0, inner.height - 1);
  const filter = usePaneFilter('trades');
  // Filtered, the whole ring is looked through and the count says how many of it pass; the tape shows as many as fit.
  const matching = useMemo(() => (filter.query.trim() === '' ? undefined : shownTradeRows(trades, contract, filter.query)), [trades, contract, filter.query]);
  const rows = useMemo(() => (matching ? matching.slice(0, limit) : shownTradeRows(trades, contract, '', limit)), [matching, trades, contract, limit]);
  const columns = useMemo(() => tradeColumns(rows), [rows]);
  const title = filterTitle(filter, matching?.length ?? trades.length, trades.length);
  return (
    <Panel tabs={tabs} title={contract ? `Trades ${contract.name}` : 'Trades'} width={width} height={height} focused={focused} staleMs={staleMs} filter={title}>
      <RowTable
        columns={columns}
        rows={rows}
        width={inner.width}
        height={inner.height}
        focused={focused}
        selected={selected}
        empty={filterEmpty(filter, trades.length, contract ? 'waiting for trades…' : 'no contract selected')}
      />
    </Panel>
  );
});
