import { describe, expect, it } from 'vitest';
import type { OpenOrder } from '../../protocol/wire/index.js';
import { fullStore } from '../../../test/ui/support/paneFixtures.js';
import { renderPane } from '../../../test/ui/support/renderPane.js';
import { createViewStore, view, type ViewState } from '../view/viewStore.js';
import { countInfo, listedRows, listPaneDef, type ListPaneSpec, type ListSource } from './listPaneDef.js';
import { listPane } from './ListPane.js';
import { memoLast } from './memo.js';
import { listRowsOf, paneRowCount } from './selection.js';

interface Row {
  key: string;
  side: string;
}

/** A made-up list over the store's open orders: one row per order, its side in words. */
const rowsOf = memoLast((open: Readonly<Record<string, OpenOrder>>): readonly Row[] =>
  Object.values(open).map((o) => ({ key: String(o.oid), side: o.isBuy ? 'buy' : 'sell' })),
);

function record(over: Partial<ListPaneSpec<Row>> = {}) {
  const limits: number[] = [];
  const def = listPaneDef<Row>({
    id: 'orders',
    title: () => 'Made up',
    rows: ({ app }, limit) => (limits.push(limit), rowsOf(app.orders.open)),
    words: (r) => [r.key, r.side],
    columns: () => [{ key: 'side', title: 'Side', width: 4, cell: (r) => r.side }],
    empty: () => 'nothing here',
    ...over,
  });
  return { def, limits };
}

const app = fullStore().getState();
const at = (view: Partial<ViewState> = {}): ListSource => ({ app, view: { ...createViewStore().getState(), ...view }, screen: {}, now: 0 });

describe('list records', () => {
  it('lists the record\'s own rows while no filter is in force, counting them all', () => {
    const { def } = record();
    const l = listedRows(def, at());
    expect(l.rows).toBe(rowsOf(app.orders.open));
    expect(l).toMatchObject({ matching: 3, total: 3 });
    expect(l.all).toBe(l.rows);
  });

  it('narrows by the words, to one array for every caller (the pane and the shell agree)', () => {
    const { def } = record();
    const src = at({ filters: { orders: 'buy' } });
    const a = listedRows(def, src);
    expect(a.rows.map((r) => r.key)).toEqual(['11', '13']);
    expect(a).toMatchObject({ matching: 2, total: 3 });
    expect(listedRows(def, src).rows).toBe(a.rows);
    expect(listRowsOf(def, src.app, src.view)).toBe(a.rows);
  });

  it('bounds a list to the limit: the record may stop there unfiltered, and is asked for all of it filtered', () => {
    const { def, limits } = record({ total: () => 99 });
    const blank = listedRows(def, at(), 2);
    expect(blank.rows.map((r) => r.key)).toEqual(['11', '12']);
    expect(listedRows(def, at(), 2).rows).toBe(blank.rows);
    expect(blank).toMatchObject({ matching: 3, total: 99 });
    const filtered = listedRows(def, at({ filters: { orders: '1' } }), 2);
    expect(filtered.rows).toHaveLength(2);
    expect(filtered.matching).toBe(3);
    expect(limits).toEqual([2, 2, Infinity]);
  });

  it('counts a list pane\'s rows for j/k from its record', () => {
    const src = at({ filters: { orders: 'sell' }, ordersScope: 'all' });
    expect(paneRowCount('orders', src.app, src.view)).toBe(1);
  });

  it('draws title, count, head lines, rows and the empty words of a record', () => {
    const { def } = record({ info: countInfo, head: () => [{ text: 'over the table', token: 'muted' }] });
    const p = renderPane(listPane(def), fullStore(), { width: 30, height: 8, focused: false });
    const lines = p.lines();
    expect(lines[0]).toContain('Made up');
    expect(lines[0]).toContain('3');
    expect(lines[1]).toContain('over the table');
    expect(lines[2]).toContain('Side');
    expect(lines.slice(3, 6).map((l) => l.replace(/[│\s]/g, ''))).toEqual(['buy', 'sell', 'buy']);
    p.unmount();
    const none = renderPane(listPane(def), fullStore(), { width: 30, height: 8, focused: false }, { view: { filters: { orders: 'zzz' } } });
    expect(none.frame()).toContain('no rows match /zzz');
    expect(none.frame()).toContain('0 of 3');
    none.unmount();
  });

  it('redraws on what it shows, not on every change of the screen\'s view', async () => {
    let draws = 0;
    const { def } = record({ head: () => (draws++, []) });
    const p = renderPane(listPane(def), fullStore(), { width: 30, height: 8, focused: true });
    const settle = () => new Promise((r) => setTimeout(r, 20));
    await settle();
    const first = draws;
    // A notice, another pane's cursor and filter: nothing this pane shows.
    view.notify(p.view, 'hello', 'info');
    view.setSelection(p.view, 'fills', 2);
    p.view.setState((v) => ({ filters: { ...v.filters, fills: 'x' } }));
    await settle();
    expect(draws).toBe(first);
    // Its own cursor and filter: drawn again.
    view.setSelection(p.view, 'orders', 1);
    await settle();
    expect(draws).toBe(first + 1);
    p.view.setState((v) => ({ filters: { ...v.filters, orders: 'buy' } }));
    await settle();
    expect(draws).toBeGreaterThan(first + 1);
    p.unmount();
  });

  it('shows its unavailable words instead of the list', () => {
    const { def } = record({ unavailable: () => 'not here' });
    const p = renderPane(listPane(def), fullStore(), { width: 30, height: 6, focused: false });
    expect(p.frame()).toContain('not here');
    expect(p.frame()).not.toContain('Side');
    p.unmount();
  });
});
