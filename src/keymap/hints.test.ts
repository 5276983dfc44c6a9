import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from './bindings.js';
import { activeContexts } from './contexts.js';
import { hintEntries } from './hints.js';
import { applyOverrides } from './overrides.js';

const ids = (e: { id: string }[]) => e.map((x) => x.id);

describe('hintEntries', () => {
  it('lists the focused pane before lists and global, signing commands first in each', () => {
    const e = hintEntries(DEFAULT_BINDINGS, activeContexts({ focused: 'orders' }));
    expect(ids(e).slice(0, 6)).toEqual(['order.modify', 'order.cancel', 'orders.scope', 'list.filter', 'row.menu', 'row.copy']);
    expect(ids(e)).toContain('help');
    expect(e.find((x) => x.id === 'order.cancel')).toEqual({ id: 'order.cancel', key: 'x', label: 'cancel' });
  });

  it('drops what signs in monitor mode, and keys the user unbound', () => {
    expect(hintEntries(DEFAULT_BINDINGS, activeContexts({ focused: 'orders' }), { readOnly: true }).some((x) => x.id === 'order.cancel')).toBe(false);
    const unbound = applyOverrides({ 'order.cancel': [] });
    expect(hintEntries(unbound.bindings, activeContexts({ focused: 'orders' })).some((x) => x.id === 'order.cancel')).toBe(false);
  });

  it('never offers a key an earlier context took', () => {
    // In the book, B buys at the cursor; no other B may appear, and every key appears once.
    const e = hintEntries(DEFAULT_BINDINGS, activeContexts({ focused: 'book' }));
    const keys = e.map((x) => x.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('shows only the overlay keys while an overlay is open', () => {
    expect(ids(hintEntries(DEFAULT_BINDINGS, activeContexts({ overlay: 'palette' }), { textInput: true }))).toEqual(['palette.run', 'palette.close']);
    expect(ids(hintEntries(DEFAULT_BINDINGS, activeContexts({ overlay: 'filter' }), { textInput: true }))).toEqual(['filter.apply', 'filter.clear']);
  });
});
