import { describe, expect, it } from 'vitest';
import { createViewStore, view, type ViewState } from '../view/viewStore.js';
import { fullStore, openOrders } from '../../../test/ui/support/paneFixtures.js';
import { renderPane, tick } from '../../../test/ui/support/renderPane.js';
import { selectSelectedContract } from '../../state/selectors.js';
import { ORDERS_PANE } from './orders/ordersPaneDef.js';
import { orderRows } from './orders/orderRows.js';
import { TRADES_PANE } from './trades/tradesPaneDef.js';
import {
  bookCursorPrice,
  bookLadder,
  clampSelection,
  FILTER_PANES,
  isFilterPane,
  moveBookCursorIn,
  orderRowsOf,
  paneRowCount,
  paneRowFilters,
  selectedAccountRow,
  selectedAgent,
  selectedFill,
  selectedJournalEntry,
  selectedOrder,
  selectedPosition,
  selectedShareGroupId,
} from './selection.js';

const NOW = 1_700_000_000_000;

describe('selection', () => {
  it('counts what each pane lists', () => {
    const app = fullStore(NOW).getState();
    const v = createViewStore().getState();
    expect(paneRowCount('book', app, v)).toBe(10);
    expect(paneRowCount('trades', app, v)).toBe(30);
    expect(paneRowCount('orders', app, v)).toBe(2);
    expect(paneRowCount('orders', app, { ...v, ordersScope: 'all' })).toBe(3);
    expect(paneRowCount('positions', app, v)).toBe(2);
    expect(paneRowCount('account', app, v)).toBe(3);
    expect(paneRowCount('shareGroups', app, v)).toBe(2);
    expect(paneRowCount('fills', app, v)).toBe(3);
    expect(paneRowCount('agents', app, v)).toBe(3);
    expect(paneRowCount('journal', app, v)).toBe(3);
    expect(paneRowCount('chart', app, v)).toBe(0);
    expect(paneRowCount('header', app, v)).toBe(0);
  });
  it('returns the selected row of each list, clamped to what is there', () => {
    const app = fullStore(NOW).getState();
    const vs = createViewStore();
    expect(selectedOrder(app, vs.getState())?.oid).toBe(11);
    view.setSelection(vs, 'orders', 1);
    expect(selectedOrder(app, vs.getState())?.oid).toBe(12);
    view.setSelection(vs, 'orders', 9);
    expect(selectedOrder(app, vs.getState())?.oid).toBe(12);
    view.toggleOrdersScope(vs);
    expect(vs.getState().selection.orders).toBe(0);
    view.setSelection(vs, 'orders', 2);
    expect(selectedOrder(app, vs.getState())?.oid).toBe(13);

    view.setSelection(vs, 'positions', 1);
    expect(selectedPosition(app, vs.getState())?.contractId).toBe(2);
    view.setSelection(vs, 'agents', 1);
    expect(selectedAgent(app, vs.getState())?.name).toBe('desk');
    expect(selectedFill(app, vs.getState())?.tid).toBe(503); // newest first
    expect(selectedJournalEntry(app, vs.getState())?.seq).toBe(3);
    view.setSelection(vs, 'shareGroups', 1);
    expect(selectedShareGroupId(app, vs.getState())).toBe(2);
    view.setSelection(vs, 'account', 1);
    expect(selectedAccountRow(app, vs.getState())?.where).toBe('MD1 perpdesk');
  });
  it('has no selection in an empty list', () => {
    const store = fullStore(NOW);
    store.setState({ orders: { ...store.getState().orders, open: {} } });
    expect(selectedOrder(store.getState(), createViewStore().getState())).toBeUndefined();
    expect(clampSelection(5, 0)).toBeUndefined();
    expect(clampSelection(undefined, 3)).toBe(0);
    expect(clampSelection(-2, 3)).toBe(0);
  });
  it('reads and moves the book cursor on the book the pane shows', () => {
    const app = fullStore(NOW).getState();
    const vs = createViewStore();
    expect(bookCursorPrice(app, vs.getState())).toBeUndefined();
    view.setBookCursor(vs, moveBookCursorIn(app, vs.getState(), 1));
    expect(bookCursorPrice(app, vs.getState())).toBe(150n);
    view.setBookCursor(vs, moveBookCursorIn(app, vs.getState(), -2));
    expect(bookCursorPrice(app, vs.getState())).toBe(153n);
    // grouping resets the cursor to the spread and changes the levels it moves over
    view.setGrouping(vs, 5);
    expect(bookCursorPrice(app, vs.getState())).toBeUndefined();
    expect(bookLadder(app, vs.getState())!.bids.map((l) => l.px)).toEqual([150n, 145n]);
    expect(moveBookCursorIn(app, vs.getState(), 2)).toBe(145n);
  });
  it('gives the same rows for the same store state, and new rows when it changes', () => {
    const store = fullStore(NOW);
    const v = createViewStore().getState();
    const a = orderRowsOf(store.getState(), v);
    expect(orderRowsOf(store.getState(), v)).toBe(a);
    // an unrelated slice changing keeps the rows
    store.setState({ journal: { entries: [] } });
    expect(orderRowsOf(store.getState(), v)).toBe(a);
    const o = openOrders(NOW)[0]!;
    store.setState({ orders: { ...store.getState().orders, open: { ...store.getState().orders.open, 20: { ...o, oid: 20 } } } });
    const b = orderRowsOf(store.getState(), v);
    expect(b).not.toBe(a);
    expect(b.map((r) => r.order.oid)).toEqual([11, 12, 20]);
  });
});

/** A view with kept filters, or with `typing` on the filter line of `pane`. */
function filtered(filters: ViewState['filters'], typing?: { pane: keyof ViewState['filters']; query: string }): ViewState {
  const v = createViewStore({ filters }).getState();
  return typing ? { ...v, overlays: [{ kind: 'filter', pane: typing.pane }], overlayQuery: typing.query } : v;
}

describe('the / filter of a list', () => {
  it('filters the text lists, not the book or the chart', () => {
    expect(FILTER_PANES.filter((p) => !isFilterPane(p))).toEqual([]);
    expect(isFilterPane('book')).toBe(false);
    expect(isFilterPane('chart')).toBe(false);
    expect(isFilterPane('orders')).toBe(true);
  });

  it('narrows the row count by the kept filter, and live by the line being typed', () => {
    const app = fullStore(NOW).getState();
    expect(paneRowCount('orders', app, filtered({ orders: 'sell' }))).toBe(1);
    expect(paneRowCount('orders', app, filtered({}, { pane: 'orders', query: 'buy' }))).toBe(1);
    // The line being typed wins over the kept filter it started from.
    expect(paneRowCount('orders', app, filtered({ orders: 'sell' }, { pane: 'orders', query: '' }))).toBe(2);
    // Another pane's filter line leaves this pane's kept filter in force.
    expect(paneRowCount('orders', app, filtered({ orders: 'sell' }, { pane: 'fills', query: 'x' }))).toBe(1);
    expect(paneRowCount('fills', app, filtered({ fills: 'sol1' }))).toBe(2);
    expect(paneRowCount('journal', app, filtered({ journal: 'rejected' }))).toBe(2);
    expect(paneRowCount('agents', app, filtered({ agents: 'desk' }))).toBe(1);
    expect(paneRowCount('positions', app, filtered({ positions: 'short' }))).toBe(1);
    expect(paneRowCount('shareGroups', app, filtered({ shareGroups: 'frozen' }))).toBe(1);
    expect(paneRowCount('account', app, filtered({ account: 'chain' }))).toBe(1);
    expect(paneRowCount('trades', app, filtered({ trades: 'sell' }))).toBe(10);
    expect(paneRowCount('orders', app, filtered({ orders: 'doge' }))).toBe(0);
  });

  it('selects among the rows that pass: the selected row is a filtered row everywhere', () => {
    const app = fullStore(NOW).getState();
    const at = (filters: ViewState['filters'], selection: ViewState['selection']) => ({ ...filtered(filters), selection });
    expect(selectedOrder(app, at({ orders: 'sell' }, { orders: 0 }))?.oid).toBe(12);
    // Clamped to what passes: row 5 of one row is that row.
    expect(selectedOrder(app, at({ orders: 'sell' }, { orders: 5 }))?.oid).toBe(12);
    expect(selectedOrder(app, at({ orders: 'doge' }, {}))).toBeUndefined();
    expect(selectedFill(app, at({ fills: 'sol1' }, { fills: 1 }))?.tid).toBe(501);
    expect(selectedJournalEntry(app, at({ journal: 'req-42' }, {}))?.seq).toBe(2);
    expect(selectedAgent(app, at({ agents: '0xcccc' }, {}))?.name).toBe('old-bot');
    expect(selectedPosition(app, at({ positions: 'short' }, {}))?.contractId).toBe(2);
    expect(selectedShareGroupId(app, at({ shareGroups: '#2' }, {}))).toBe(2);
    expect(selectedAccountRow(app, at({ account: 'md1' }, {}))?.where).toBe('MD1 perpdesk');
    // While the line is typed, the live text is the filter.
    expect(selectedOrder(app, { ...filtered({}, { pane: 'orders', query: 'Sell' }), selection: { orders: 0 } })?.oid).toBe(12);
  });

  it('is one array for the pane and the shell: the pane filters the same memoised rows with the same query', () => {
    const app = fullStore(NOW).getState();
    const v = filtered({ orders: 'buy' });
    const paneRows = paneRowFilters.orders(orderRows(app.orders.open, app.market.configs, selectSelectedContract(app)?.contractId, v.ordersScope), 'buy');
    expect(orderRowsOf(app, v)).toBe(paneRows);
  });

  it('draws only the passing rows, the filter and its count in the title, and says when none passes', async () => {
    const store = fullStore(NOW);
    const p = renderPane(ORDERS_PANE.component, store, { width: 80, height: 8, focused: true }, { view: { ordersScope: 'all', filters: { orders: 'buy' } } });
    await tick();
    let frame = p.frame();
    expect(frame).toMatch(/Orders all contracts \/buy 2 of 3/);
    expect(frame).toContain('59,000.5');
    expect(frame).not.toContain('155');
    // The line being typed: the title shows it with a cursor, and the rows narrow as it grows.
    view.openFilter(p.view, 'orders');
    view.typeFilter(p.view, 'orders', 'buy btc');
    await tick();
    frame = p.frame();
    expect(frame).toMatch(/\/buy btc▏ 1 of 3/);
    expect(frame).not.toContain('149');
    view.typeFilter(p.view, 'orders', 'xyz');
    await tick();
    expect(p.frame()).toContain('no rows match /xyz');
    view.endFilter(p.view, 'orders', '');
    await tick();
    frame = p.frame();
    expect(frame.split('\n')[0]).toMatch(/Orders all contracts ━+ 3 ━/);
    expect(frame).toContain('155');
    p.unmount();
  });

  it('looks through the whole tape, not only the trades on screen', async () => {
    const store = fullStore(NOW);
    const p = renderPane(TRADES_PANE.component, store, { width: 40, height: 6, focused: true }, { view: { filters: { trades: '400' } } });
    await tick();
    // The big trade is the second newest of 30, but one of the few lines of a short pane either way.
    expect(p.frame()).toContain('/400 1 of 30');
    expect(p.frame()).toContain('★400');
    p.unmount();
  });
});
