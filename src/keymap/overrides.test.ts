import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from './bindings.js';
import { findConflicts } from './conflicts.js';
import { resolve, Keymap } from './dispatcher.js';
import { applyOverrides } from './overrides.js';

const keysOf = (bindings: ReturnType<typeof applyOverrides>['bindings'], id: string) =>
  bindings.find((b) => b.id === id)?.keys;

describe('applyOverrides', () => {
  it('applies valid overrides, normalising key names', () => {
    const r = applyOverrides({ 'order.buy': ['b', 'shift+b'], quit: 'Ctrl+Q' });
    // shift+b is B, which only the book context uses; global b/B do not collide with it
    // while the book is unfocused, but they do when it is focused.
    expect(r.errors).toEqual([
      'keymap."order.buy": key "B" is already bound to "book.buyAtCursor" (Buy at the cursor price); override not applied',
    ]);
    expect(keysOf(r.bindings, 'order.buy')).toEqual(['b']);
    expect(keysOf(r.bindings, 'quit')).toEqual(['ctrl+q']);
  });

  it('names unknown commands with a suggestion', () => {
    const r = applyOverrides({ 'order.buyy': ['b'] });
    expect(r.errors).toEqual(['keymap: unknown command "order.buyy" (did you mean "order.buy"?)']);
  });

  it('names malformed keys and value types', () => {
    const r = applyOverrides({ 'order.sell': ['ctrl+'], quit: 5 });
    expect(r.errors[0]).toMatch(/^keymap\."order\.sell": "ctrl\+" is not a key name/);
    expect(r.errors[1]).toBe('keymap."quit": expected a key name or a list of key names');
    expect(keysOf(r.bindings, 'order.sell')).toEqual(['s']);
  });

  it('refuses an override that collides with a live command', () => {
    const r = applyOverrides({ 'order.sell': ['q'] });
    expect(r.errors).toEqual(['keymap."order.sell": key "q" is already bound to "quit" (Quit); override not applied']);
    expect(findConflicts(r.bindings)).toEqual([]);
  });

  it('allows swapping keys between two commands', () => {
    const r = applyOverrides({ 'order.buy': ['s'], 'order.sell': ['b'] });
    expect(r.errors).toEqual([]);
    const keymap = new Keymap(r.bindings);
    expect(resolve('s', ['global'], { keymap })).toBe('order.buy');
    expect(resolve('b', ['global'], { keymap })).toBe('order.sell');
  });

  it('allows unbinding and binding a palette-only command', () => {
    const r = applyOverrides({ 'theme.cycle': [], 'fees.set': ['ctrl+f'] });
    expect(r.errors).toEqual([]);
    expect(keysOf(r.bindings, 'theme.cycle')).toEqual([]);
    expect(keysOf(r.bindings, 'fees.set')).toEqual(['ctrl+f']);
  });

  it('rejects a non-object section', () => {
    expect(applyOverrides(['b']).errors[0]).toMatch(/expected an object/);
    expect(applyOverrides(undefined)).toEqual({ bindings: [...DEFAULT_BINDINGS], errors: [] });
  });
});
