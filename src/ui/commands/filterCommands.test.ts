import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS, DEFAULT_KEYMAP, type CommandId } from '../../keymap/index.js';
import { fullStore } from '../../../test/ui/support/paneFixtures.js';
import type { AppContextValue } from '../context/AppContext.js';
import { inputStateOf } from '../input/inputContexts.js';
import { handleInput } from '../input/useKeyboard.js';
import { helpLines } from '../overlays/overlayLists.js';
import { paneRowCount, selectedOrder } from '../panes/selection.js';
import { createViewStore, filterQueryOf, selectTopOverlay, view } from '../view/viewStore.js';
import { runCommand } from './registry.js';
import { commandContext } from '../../../test/ui/support/commandContext.js';

/** Keys through the real keymap and command handlers, over real stores. */
function setup() {
  const store = fullStore();
  const viewStore = createViewStore();
  const app: AppContextValue = {
    store,
    view: viewStore,
    session: null,
    mode: { readOnly: false, embedded: true, signer: 'agent', address: null },
    staleAfterMs: {},
  };
  const ran: CommandId[] = [];
  const ctx = commandContext(app);
  const o = { keymap: DEFAULT_KEYMAP, view: viewStore, run: (id: CommandId) => (ran.push(id), runCommand(id, ctx)) };
  const press = (...keys: (string | { escape: true } | { return: true } | { backspace: true })[]) => {
    for (const k of keys) typeof k === 'string' ? handleInput(k, {}, o) : handleInput('', k, o);
  };
  return { store, viewStore, ran, press, v: () => viewStore.getState(), rows: () => paneRowCount('orders', store.getState(), viewStore.getState()) };
}

const ESC = { escape: true } as const;
const ENTER = { return: true } as const;
const BACKSPACE = { backspace: true } as const;

describe('/ filters the focused list', () => {
  it('opens a text line: printable keys are the filter, rows narrow as it is typed, Enter keeps it', () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    view.setSelection(t.viewStore, 'orders', 1);
    t.press('/');
    expect(selectTopOverlay(t.v())).toEqual({ kind: 'filter', pane: 'orders' });
    expect(inputStateOf(t.v()).textInput).toBe(true);
    // x and q are text here, not cancel or quit.
    t.press('s', 'x');
    expect(t.ran).toEqual(['list.filter']);
    expect(t.v().overlayQuery).toBe('sx');
    expect(t.rows()).toBe(0);
    t.press(BACKSPACE, 'e', 'l', 'l');
    expect(t.rows()).toBe(1);
    // The selection starts over on the rows the filter shows.
    expect(t.v().selection.orders).toBe(0);
    t.press(ENTER);
    expect(t.v().overlays).toEqual([]);
    expect(t.v().filters.orders).toBe('sell');
    expect(t.rows()).toBe(1);
    expect(selectedOrder(t.store.getState(), t.v())?.oid).toBe(12);
  });

  it('reopens with the kept filter to edit; Esc clears it and the rows come back', () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    t.press('/', 'b', 'u', 'y', ENTER);
    expect(t.rows()).toBe(1);
    t.press('/');
    expect(t.v().overlayQuery).toBe('buy');
    t.press(ESC);
    expect(t.v().overlays).toEqual([]);
    expect(t.v().filters.orders).toBeUndefined();
    expect(filterQueryOf(t.v(), 'orders')).toBe('');
    expect(t.rows()).toBe(2);
  });

  it('keeps one filter per pane', () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    t.press('/', 's', 'e', 'l', 'l', ENTER);
    view.focus(t.viewStore, 'fills');
    t.press('/', 's', 'o', 'l', ENTER);
    expect(t.v().filters).toEqual({ orders: 'sell', fills: 'sol' });
    expect(paneRowCount('fills', t.store.getState(), t.v())).toBe(2);
  });

  it('on the book, says there is nothing to filter and which key picks a contract', () => {
    const t = setup();
    expect(t.v().focus).toBe('book');
    t.press('/');
    expect(t.v().overlays).toEqual([]);
    expect(t.v().notice?.text).toBe('the book has no rows to filter (/ filters lists) · p picks a contract');
    // p is the contract picker now.
    t.press('p');
    expect(selectTopOverlay(t.v())?.kind).toBe('picker');
  });
});

describe('/ in help searches the keys', () => {
  it('narrows help to matching entries while typed, keeps the search on Enter, clears it on Esc', () => {
    const t = setup();
    const all = helpLines(DEFAULT_BINDINGS, false).length;
    t.press('?', '/');
    expect(t.v().overlays.map((o) => o.kind)).toEqual(['help', 'filter']);
    t.press('c', 'a', 'n', 'c', 'e', 'l');
    const shown = helpLines(DEFAULT_BINDINGS, false, filterQueryOf(t.v(), 'help'));
    expect(shown.length).toBeLessThan(all);
    const descriptions = shown.flatMap((l) => (l.kind === 'entry' ? [l.description] : []));
    expect(descriptions).toContain('Cancel the selected order');
    // By its command id (form.cancel).
    expect(descriptions).toContain('Close the form');
    expect(descriptions).not.toContain('Buy (new order)');
    t.press(ENTER);
    expect(t.v().overlays.map((o) => o.kind)).toEqual(['help']);
    expect(filterQueryOf(t.v(), 'help')).toBe('cancel');
    // `/` again edits it; Esc clears it and help lists everything again.
    t.press('/');
    expect(t.v().overlayQuery).toBe('cancel');
    t.press(ESC);
    expect(t.v().overlays.map((o) => o.kind)).toEqual(['help']);
    expect(filterQueryOf(t.v(), 'help')).toBe('');
  });

  it('a kept search ends with help: the next ? lists every key', () => {
    const t = setup();
    t.press('?', '/', 'z', 'o', 'o', 'm', ENTER, ESC);
    expect(t.v().overlays).toEqual([]);
    expect(t.v().filters.help).toBeUndefined();
    t.press('?');
    expect(filterQueryOf(t.v(), 'help')).toBe('');
  });

  it('matches section titles, command ids and keys too', () => {
    const titles = (q: string) => helpLines(DEFAULT_BINDINGS, false, q).filter((l) => l.kind === 'title').map((l) => l.kind === 'title' && l.text);
    expect(titles('journal.export')).toEqual(['Global']);
    // "orders" is the Orders section's title, the other terms are in its entries' words; the
    // Algos section's cancel says all three ("the selected algo and its resting orders").
    expect(titles('orders cancel selected')).toEqual(['Orders', 'Algos']);
    expect(titles('esc').length).toBeGreaterThan(3);
    expect(helpLines(DEFAULT_BINDINGS, false, 'nothing-like-this')).toEqual([]);
  });
});
