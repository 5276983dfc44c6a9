import type { Column } from '../../components/Table.js';
import { formatAge } from '../../format/time.js';
import { dropOrder, widthFor } from '../columns.js';
import { memoLast } from '../memo.js';
import { countInfo, listPaneDef } from '../listPaneDef.js';
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

export const ORDERS_LIST = listPaneDef<OrderRow>({
  id: 'orders',
  title: ({ app, view }) => `Orders ${view.ordersScope === 'all' ? 'all contracts' : (selectSelectedContract(app)?.name ?? '')}`.trim(),
  rows: ({ app, view }) => orderRows(app.orders.open, app.market.configs, selectSelectedContract(app)?.contractId, view.ordersScope),
  words: (r) => [r.key, r.contract, r.side, r.price, r.size, r.filled, r.tif, r.reduceOnly, r.cloid, r.order.cloid ?? ''],
  columns: (rows, { now, src }) => orderColumns(rows, src.view.ordersScope, now),
  columnsBy: ({ view }) => view.ordersScope,
  empty: ({ app, view }) => {
    const contract = selectSelectedContract(app);
    return view.ordersScope === 'all' || !contract ? 'no open orders' : `no open orders on ${contract.name}`;
  },
  info: countInfo,
  stale: true,
  clock: true,
});
