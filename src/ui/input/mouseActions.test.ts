import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS, type CommandId } from '../../keymap/index.js';
import { fullStore } from '../../../test/ui/support/paneFixtures.js';
import { computeLayout, type Layout, type PaneId } from '../app/layout.js';
import type { AppContextValue } from '../context/AppContext.js';
import { runCommand } from '../commands/registry.js';
import type { CommandContext } from '../commands/types.js';
import { panelInner } from '../components/Panel.js';
import { bookRows } from '../panes/book/bookRows.js';
import { bookLadder } from '../panes/selection.js';
import { createViewStore, view, type ViewState } from '../view/viewStore.js';
import { areaAt, handleMouse, WHEEL_ROWS } from './mouseActions.js';
import type { MouseEvent } from './mouseInput.js';

/** handleMouse over real stores, a computed layout and the real command table, as the screen runs it. */
function setup(cols = 120, rows = 40, init: Partial<ViewState> = {}) {
  const store = fullStore();
  const viewStore = createViewStore(init);
  const app: AppContextValue = { store, view: viewStore, session: null, mode: { readOnly: false, embedded: true, signer: 'agent', address: null }, staleAfterMs: {} };
  const layout = computeLayout(cols, rows);
  const ran: CommandId[] = [];
  const ctx: CommandContext = {
    app,
    layout,
    bindings: DEFAULT_BINDINGS,
    themeNames: ['dark'],
    quit: () => {},
    run: (id) => runCommand(id, ctx),
    now: Date.now,
  };
  const mouse = (e: Partial<MouseEvent> & Pick<MouseEvent, 'x' | 'y'>) =>
    handleMouse({ kind: 'press', button: 'left', shift: false, meta: false, ctrl: false, ...e }, {
      app,
      layout,
      run: (id) => {
        ran.push(id);
        runCommand(id, ctx);
      },
    });
  return { store, viewStore, layout, mouse, ran, v: () => viewStore.getState() };
}

function area(layout: Layout, id: PaneId) {
  const a = layout.panes.find((p) => p.tabs.includes(id));
  if (!a) throw new Error(`no area for ${id} in ${layout.template}`);
  return a;
}

/** A cell inside an area's content (below its top border). */
const inside = (layout: Layout, id: PaneId, dy = 2) => ({ x: area(layout, id).x + 2, y: area(layout, id).y + dy });

describe('mouse: clicks', () => {
  it('a left click in a pane focuses it', () => {
    const t = setup();
    expect(t.v().focus).toBe('book');
    for (const pane of ['orders', 'chart', 'journal', 'agents', 'trades'] as const) {
      expect(t.mouse(inside(t.layout, pane))).toEqual({ kind: 'focus', pane });
      expect(t.v().focus).toBe(pane);
    }
    // Borders belong to their pane too.
    const pos = area(t.layout, 'positions');
    t.mouse({ x: pos.x, y: pos.y + pos.height - 1 });
    expect(t.v().focus).toBe('positions');
  });

  it('finds the area under every cell of the body, and none on the terminal last row', () => {
    const t = setup();
    for (let y = 0; y < t.layout.height; y++) for (let x = 0; x < t.layout.cols; x += 7) expect(areaAt(t.layout, x, y), `${x},${y}`).toBeDefined();
    expect(areaAt(t.layout, 5, t.layout.rows - 1)).toBeUndefined();
    expect(t.mouse({ x: 5, y: t.layout.rows - 1 })).toEqual({ kind: 'none' });
  });

  it('the header and status rows ignore clicks', () => {
    const t = setup();
    view.focus(t.viewStore, 'fills');
    for (const id of ['header', 'status'] as const) {
      const a = area(t.layout, id);
      for (let dy = 0; dy < a.height; dy++) expect(t.mouse({ x: a.x + 10, y: a.y + dy })).toEqual({ kind: 'none' });
    }
    expect(t.v().focus).toBe('fills');
  });

  it('in a shared area a click focuses the tab it shows', () => {
    const t = setup(80, 24, { activeTab: { orders: 'fills' } });
    expect(t.mouse(inside(t.layout, 'orders'))).toEqual({ kind: 'focus', pane: 'fills' });
    expect(t.v().focus).toBe('fills');
  });

  it('a click on a tab title in the top border switches to that tab, unless a filter moved the titles', () => {
    const t = setup(80, 24);
    const shared = area(t.layout, 'positions');
    let x = shared.x;
    for (; x < shared.x + shared.width; x++) {
      const r = setup(80, 24).mouse({ x, y: shared.y });
      if (r.kind === 'tab' && r.pane === 'positions') break;
    }
    expect(x).toBeLessThan(shared.x + shared.width);
    expect(t.mouse({ x, y: shared.y })).toEqual({ kind: 'tab', pane: 'positions' });
    expect(t.v()).toMatchObject({ focus: 'positions', activeTab: { [shared.id]: 'positions' } });
    // The corner and the border line before the titles only focus.
    expect(t.mouse({ x: shared.x, y: shared.y })).toEqual({ kind: 'focus', pane: 'positions' });

    const f = setup(80, 24, { filters: { orders: 'BTC' } });
    expect(f.mouse({ x, y: shared.y })).toEqual({ kind: 'focus', pane: 'orders' });
  });

  it('right, middle, releases and drags do nothing', () => {
    const t = setup();
    const target = inside(t.layout, 'orders');
    for (const e of [
      { button: 'right' as const },
      { button: 'middle' as const },
      { kind: 'release' as const },
      { kind: 'drag' as const },
      { kind: 'move' as const, button: 'none' as const },
    ]) {
      expect(t.mouse({ ...target, ...e })).toEqual({ kind: 'none' });
    }
    expect(t.v().focus).toBe('book');
  });

  it('does nothing while the terminal is too small', () => {
    const t = setup(60, 20);
    expect(t.layout.template).toBe('tooSmall');
    expect(t.mouse({ x: 3, y: 3 })).toEqual({ kind: 'none' });
    expect(t.mouse({ x: 3, y: 3, kind: 'wheel', button: 'wheelDown' })).toEqual({ kind: 'none' });
  });
});

describe('mouse: the book', () => {
  /** The screen row of each level, from the rows the pane draws (inner row r is at area.y + 1 + r). */
  function levelRows(t: ReturnType<typeof setup>) {
    const a = area(t.layout, 'book');
    const inner = panelInner(a.width, a.height);
    const lines = bookRows({
      ladder: bookLadder(t.store.getState(), t.v()),
      priceScale: 0,
      qtyScale: 0,
      width: inner.width,
      height: inner.height,
      cursor: null,
      own: { bids: new Set(), asks: new Set() },
      emptyText: '',
    });
    return { a, rowOf: (kind: string, px?: bigint) => a.y + 1 + lines.findIndex((l) => l.kind === kind && (px === undefined || l.px === px)) };
  }

  it('a click on a level focuses the book and puts the cursor on that price, on both sides', () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    const { a, rowOf } = levelRows(t);
    expect(t.mouse({ x: a.x + 5, y: rowOf('bid', 149n) })).toEqual({ kind: 'bookLevel', px: 149n });
    expect(t.v()).toMatchObject({ focus: 'book', bookCursorRaw: '149' });
    // The cursor row does not move the rows (the level exists), so the ask is where it was.
    expect(t.mouse({ x: a.x + a.width - 2, y: rowOf('ask', 155n) })).toEqual({ kind: 'bookLevel', px: 155n });
    expect(t.v().bookCursorRaw).toBe('155');
  });

  it('the spread line puts the cursor back at the spread; the column titles and borders only focus', () => {
    const t = setup(120, 40, { bookCursorRaw: '149' });
    const { a, rowOf } = levelRows(t);
    expect(t.mouse({ x: a.x + 3, y: rowOf('header') })).toEqual({ kind: 'focus', pane: 'book' });
    expect(t.mouse({ x: a.x, y: rowOf('bid', 149n) })).toEqual({ kind: 'focus', pane: 'book' });
    expect(t.v().bookCursorRaw).toBe('149');
    expect(t.mouse({ x: a.x + 3, y: rowOf('spread') })).toEqual({ kind: 'bookLevel', px: null });
    expect(t.v().bookCursorRaw).toBeNull();
  });

  it('follows a window the cursor has scrolled (the deepest bid at the bottom)', () => {
    // A short book pane at 100x24: the cursor on the deepest bid scrolls the ladder.
    const t = setup(100, 24, { bookCursorRaw: '145' });
    const a = area(t.layout, 'book');
    const inner = panelInner(a.width, a.height);
    const lines = bookRows({ ladder: bookLadder(t.store.getState(), t.v()), priceScale: 0, qtyScale: 0, width: inner.width, height: inner.height, cursor: 145n, own: { bids: new Set(), asks: new Set() }, emptyText: '' });
    const row = lines.findIndex((l) => l.px === 146n);
    const unscrolled = bookRows({ ladder: bookLadder(t.store.getState(), t.v()), priceScale: 0, qtyScale: 0, width: inner.width, height: inner.height, cursor: null, own: { bids: new Set(), asks: new Set() }, emptyText: '' });
    expect(row).toBeGreaterThan(0);
    expect(unscrolled.findIndex((l) => l.px === 146n)).not.toBe(row);
    expect(t.mouse({ x: a.x + 4, y: a.y + 1 + row })).toEqual({ kind: 'bookLevel', px: 146n });
  });
});

describe('mouse: the wheel', () => {
  it(`scrolls the list under the pointer ${WHEEL_ROWS} rows a notch, focusing it, through the j/k commands`, () => {
    const t = setup();
    const fills = inside(t.layout, 'journal');
    expect(t.mouse({ ...fills, kind: 'wheel', button: 'wheelDown' })).toEqual({ kind: 'scroll', pane: 'journal', rows: WHEEL_ROWS });
    expect(t.v().focus).toBe('journal');
    // Three journal entries: the selection stops at the last.
    expect(t.v().selection.journal).toBe(2);
    expect(t.ran).toEqual(['list.down', 'list.down', 'list.down']);
    t.mouse({ ...fills, kind: 'wheel', button: 'wheelUp' });
    expect(t.v().selection.journal).toBe(0);
  });

  it('moves the book cursor like j and k', () => {
    const t = setup();
    const book = inside(t.layout, 'book');
    t.mouse({ ...book, kind: 'wheel', button: 'wheelDown' });
    // From the spread, j lands on the best bid: three notches of j, the third bid.
    expect(t.v().bookCursorRaw).toBe('148');
    t.mouse({ ...book, kind: 'wheel', button: 'wheelUp' });
    expect(t.v().bookCursorRaw).toBe('152');
  });

  it('does nothing over the chart, the header or the status bar', () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    for (const id of ['chart', 'header', 'status'] as const) {
      const a = area(t.layout, id);
      expect(t.mouse({ x: a.x + 3, y: a.y + 1, kind: 'wheel', button: 'wheelDown' })).toEqual({ kind: 'none' });
    }
    expect(t.v().focus).toBe('orders');
    expect(t.ran).toEqual([]);
  });
});

describe('mouse: overlays', () => {
  it('clicks on the panes do nothing while a form, help, the palette, the picker or a message is open', () => {
    for (const overlay of [
      { kind: 'form', form: 'order' },
      { kind: 'help' },
      { kind: 'palette' },
      { kind: 'picker' },
      { kind: 'quitConfirm' },
      { kind: 'message', title: 't', body: 'b' },
    ] as const) {
      const t = setup();
      view.openOverlay(t.viewStore, overlay);
      expect(t.mouse(inside(t.layout, 'orders'))).toEqual({ kind: 'none' });
      expect(t.mouse({ ...inside(t.layout, 'book'), y: area(t.layout, 'book').y + 5 })).toEqual({ kind: 'none' });
      expect(t.v()).toMatchObject({ focus: 'book', bookCursorRaw: null });
    }
  });

  it('the wheel moves the list of help, the palette and the picker, and nothing under a form', () => {
    const t = setup();
    view.openListOverlay(t.viewStore, { kind: 'help' });
    expect(t.mouse({ x: 10, y: 10, kind: 'wheel', button: 'wheelDown' })).toEqual({ kind: 'scroll', pane: 'overlay', rows: WHEEL_ROWS });
    expect(t.v().overlayCursor).toBe(WHEEL_ROWS);
    t.mouse({ x: 10, y: 10, kind: 'wheel', button: 'wheelUp' });
    expect(t.v().overlayCursor).toBe(0);
    expect(t.v().selection).toEqual({});

    const f = setup();
    view.openOverlay(f.viewStore, { kind: 'form', form: 'order' });
    expect(f.mouse({ x: 10, y: 10, kind: 'wheel', button: 'wheelDown' })).toEqual({ kind: 'none' });
    expect(f.ran).toEqual([]);
  });
});
