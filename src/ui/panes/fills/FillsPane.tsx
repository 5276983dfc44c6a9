import { memo, useMemo } from 'react';
import { Text } from 'ink';
import { fit } from '../../format/width.js';
import { wrapText } from '../../forms/wrapText.js';
import { useApp, useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Column } from '../../components/Table.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { dropOrder, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { usePaneStale } from '../usePaneStale.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { paneRowFilters } from '../selection.js';
import { usePaneFilter } from '../usePaneFilter.js';
import { fillRows, type FillRow } from './fillRows.js';

/**
 * The order the columns drop in as the pane narrows, first to go first: time, contract,
 * side, price and size are kept at 120x40 with prices of five digits (the contract's short
 * title makes the room).
 */
const DROP_FIRST = ['liq', 'fee', 'pnl', 'time', 'contract', 'size', 'price', 'side'] as const;

export function fillColumns(rows: readonly FillRow[]): Column<FillRow>[] {
  const w = (title: string, pick: (r: FillRow) => string, min = 4) => widthFor(title, rows.map(pick), min, 20);
  return dropOrder([
    { key: 'time', title: 'Time', width: 8, cell: (r) => ({ text: r.time, token: 'muted' }) },
    { key: 'contract', title: 'Contract', width: w('Contract', (r) => r.contract), short: { title: 'Ctr', width: widthFor('Ctr', rows.map((r) => r.contract)) }, cell: (r) => r.contract },
    { key: 'side', title: 'Side', width: 4, cell: (r) => ({ text: r.side, token: r.isBuy ? 'bid' : 'ask' }) },
    { key: 'price', title: 'Price', width: w('Price', (r) => r.price, 5), align: 'right', cell: (r) => r.price },
    { key: 'size', title: 'Size', width: w('Size', (r) => r.size), align: 'right', cell: (r) => r.size },
    { key: 'fee', title: 'Fee', width: w('Fee', (r) => r.fee), align: 'right', cell: (r) => ({ text: r.fee, token: 'muted' }) },
    { key: 'pnl', title: 'Closed PnL', width: w('Closed PnL', (r) => r.pnl), align: 'right', cell: (r) => ({ text: r.pnl, token: r.pnlTone }) },
    { key: 'liq', title: 'Role', width: 5, grow: true, cell: (r) => ({ text: r.liquidity, token: r.liquidity === 'liq' ? 'error' : 'muted' }) },
  ], DROP_FIRST);
}

/** Monitor mode has no signature, and fills come only on the authenticated stream. */
export const MONITOR_FILLS = 'fills are not available in monitor mode (no fills query without a signature)';

export const FillsPane = memo(function FillsPane({ width, height, focused, tabs }: PaneProps) {
  const { mode } = useApp();
  const muted = useTheme().tokens.muted;
  const fills = useAppState((s) => s.orders.fills);
  const configs = useAppState((s) => s.market.configs);
  const selected = useViewState((s) => s.selection.fills);
  const staleMs = usePaneStale('fills');
  const filter = usePaneFilter('fills');
  const all = fillRows(fills, configs);
  const rows = paneRowFilters.fills(all, filter.query);
  const title = mode.readOnly ? undefined : filterTitle(filter, rows.length, all.length);
  const columns = useMemo(() => fillColumns(rows), [rows]);
  const inner = panelInner(width, height);
  return (
    <Panel tabs={tabs} title="Fills" width={width} height={height} focused={focused} staleMs={mode.readOnly ? undefined : staleMs} info={rows.length && !title ? String(rows.length) : undefined} filter={title}>
      {mode.readOnly ? (
        wrapText(MONITOR_FILLS, inner.width)
          .slice(0, inner.height)
          .map((line, i) => (
            <Text key={i} {...muted} wrap="truncate">
              {fit(line, inner.width, 'center')}
            </Text>
          ))
      ) : (
        <RowTable
          columns={columns}
          rows={rows}
          width={inner.width}
          height={inner.height}
          focused={focused}
          selected={selected}
          empty={filterEmpty(filter, all.length, 'no fills yet')}
        />
      )}
    </Panel>
  );
});
