import { describe, expect, it } from 'vitest';
import { createViewStore, view } from '../view/viewStore.js';
import { fullStore, openOrders } from '../../../test/ui/support/paneFixtures.js';
import {
  bookCursorPrice,
  bookLadder,
  clampSelection,
  moveBookCursorIn,
  orderRowsOf,
  paneRowCount,
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
