import { memo, useMemo } from 'react';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Column } from '../../components/Table.js';
import { formatAge } from '../../format/time.js';
import { dropOrder, widthFor } from '../columns.js';
import { memoLast } from '../memo.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { useNow } from '../useNow.js';
import { usePaneStale } from '../usePaneStale.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { paneRowFilters } from '../selection.js';
import { usePaneFilter } from '../usePaneFilter.js';
import { orderRows, type OrderRow, type OrdersScope } from './orderRows.js';
import { selectSelectedContract } from '../../../state/selectors.js';

/**
 * The widths the rows need, worked out once per list: the age column's clock ticks every
 * second and rebuilds the columns, and a thousand orders need not be measured again for it.
 */
const orderColumnWidths = memoLast((rows: readonly OrderRow[], scope: OrdersScope) => ({
  contract: scope === 'all' ? widthFor('Contract', rows.map((r) => r.contract), 4, 12) : 0,
  contractShort: scope === 'all' ? widthFor('Ctr', rows.map((r) => r.contract), 3, 12) : 0,
  price: widthFor('Price', rows.map((r) => r.price), 5),
  size: widthFor('Size/Orig', rows.map((r) => r.size), 5),
  filled: widthFor('Filled', rows.map((r) => r.filled), 4),
}));

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['cloid', 'age', 'filled', 'tif', 'ro', 'contract', 'size', 'side', 'price'] as const;

export function orderColumns(rows: readonly OrderRow[], scope: OrdersScope, now: number): Column<OrderRow>[] {
  const w = orderColumnWidths(rows, scope);
  const cols: Column<OrderRow>[] = [];
  if (scope === 'all') cols.push({ key: 'contract', title: 'Contract', width: w.contract, short: { title: 'Ctr', width: w.contractShort }, cell: (r) => r.contract });
  cols.push(
    { key: 'side', title: 'Side', width: 4, cell: (r) => ({ text: r.side, token: r.isBuy ? 'bid' : 'ask' }) },
    { key: 'price', title: 'Price', width: w.price, align: 'right', cell: (r) => r.price },
    { key: 'size', title: 'Size/Orig', width: w.size, align: 'right', cell: (r) => r.size },
    { key: 'filled', title: 'Filled', width: w.filled, align: 'right', cell: (r) => ({ text: r.filled, token: 'muted' }) },
    { key: 'tif', title: 'TIF', width: 3, cell: (r) => r.tif },
    { key: 'ro', title: 'RO', width: 2, cell: (r) => ({ text: r.reduceOnly, token: 'warning' }) },
    { key: 'age', title: 'Age', width: 4, align: 'right', cell: (r) => ({ text: formatAge(now - r.placedAt), token: 'muted' }) },
    { key: 'cloid', title: 'Cloid', width: 6, grow: true, cell: (r) => ({ text: r.cloid, token: 'muted' }) },
  );
  return dropOrder(cols, DROP_FIRST);
}

export const OrdersPane = memo(function OrdersPane({ width, height, focused, tabs }: PaneProps) {
  const contract = useAppState(selectSelectedContract);
  const open = useAppState((s) => s.orders.open);
  const configs = useAppState((s) => s.market.configs);
  const scope = useViewState((s) => s.ordersScope);
  const selected = useViewState((s) => s.selection.orders);
  const staleMs = usePaneStale('orders');
  const now = useNow(1000);
  const filter = usePaneFilter('orders');
  const all = orderRows(open, configs, contract?.contractId, scope);
  const rows = paneRowFilters.orders(all, filter.query);
  const title = filterTitle(filter, rows.length, all.length);
  const columns = useMemo(() => orderColumns(rows, scope, now), [rows, scope, now]);
  const inner = panelInner(width, height);
  const where = scope === 'all' ? 'all contracts' : (contract?.name ?? '');
  return (
    <Panel tabs={tabs} title={`Orders ${where}`.trim()} width={width} height={height} focused={focused} staleMs={staleMs} info={title ? undefined : String(rows.length)} filter={title}>
      <RowTable
        columns={columns}
        rows={rows}
        width={inner.width}
        height={inner.height}
        focused={focused}
        selected={selected}
        empty={filterEmpty(filter, all.length, scope === 'all' || !contract ? 'no open orders' : `no open orders on ${contract.name}`)}
      />
    </Panel>
  );
});
