import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from './bindings.js';
import { activeContexts } from './contexts.js';
import { dispatchInput, effectiveContexts, Keymap, resolve } from './dispatcher.js';
import { normalizeInput, normalizeKeySpec } from './keys.js';

const none = {};

describe('normalizeKeySpec', () => {
  it('canonicalises what people write', () => {
    expect(normalizeKeySpec('b')).toBe('b');
    expect(normalizeKeySpec('shift+b')).toBe('B');
    expect(normalizeKeySpec('Ctrl+C')).toBe('ctrl+c');
    expect(normalizeKeySpec('ctrl+B')).toBe('ctrl+b');
    expect(normalizeKeySpec('Esc')).toBe('escape');
    expect(normalizeKeySpec('return')).toBe('enter');
    expect(normalizeKeySpec('Shift+Tab')).toBe('shift+tab');
    expect(normalizeKeySpec('alt+x')).toBe('meta+x');
    expect(normalizeKeySpec(' ')).toBe('space');
    expect(normalizeKeySpec('PgDn')).toBe('pagedown');
  });
  it('rejects what is not a key', () => {
    for (const bad of ['', 'ctrl+', 'bb', 'shift+space', 'ctrl+1', 'hyper+x', 'f13', '\t']) {
      expect(normalizeKeySpec(bad), bad).toBeUndefined();
    }
  });
});

describe('normalizeInput', () => {
  it('maps ink key flags to names', () => {
    expect(normalizeInput('', { upArrow: true }).keys).toEqual(['up']);
    expect(normalizeInput('', { tab: true, shift: true }).keys).toEqual(['shift+tab']);
    expect(normalizeInput('', { return: true }).keys).toEqual(['enter']);
    expect(normalizeInput('', { escape: true, meta: true }).keys).toEqual(['escape']);
    expect(normalizeInput('', { delete: true }).keys).toEqual(['backspace']);
    expect(normalizeInput('c', { ctrl: true }).keys).toEqual(['ctrl+c']);
    expect(normalizeInput('x', { meta: true }).keys).toEqual(['meta+x']);
    expect(normalizeInput(' ', none).keys).toEqual(['space']);
    expect(normalizeInput('B', { shift: true }).keys).toEqual(['B']);
  });
  it('splits several printable keys that arrived in one read', () => {
    expect(normalizeInput('jj', none).keys).toEqual(['j', 'j']);
    expect(normalizeInput('k\rq', none).keys).toEqual(['k', 'enter', 'q']);
    expect(normalizeInput('古b', none).keys).toEqual(['古', 'b']);
  });
  it('treats a multi-character chunk in a text field as a paste', () => {
    expect(normalizeInput('123.5', none, { textInput: true })).toEqual({ keys: [], paste: '123.5' });
    expect(normalizeInput('\x1b[200~42\n\x1b[201~', none, { textInput: true })).toEqual({ keys: [], paste: '42' });
    expect(normalizeInput('7', none, { textInput: true })).toEqual({ keys: ['7'] });
  });
});

describe('resolve', () => {
  it('uses the focused pane, then lists, then global', () => {
    expect(resolve('q', activeContexts({ focused: 'book' }))).toBe('quit');
    expect(resolve('B', activeContexts({ focused: 'book' }))).toBe('book.buyAtCursor');
    expect(resolve('B', activeContexts({ focused: 'orders' }))).toBeUndefined();
    expect(resolve('j', activeContexts({ focused: 'orders' }))).toBe('list.down');
    expect(resolve('x', activeContexts({ focused: 'orders' }))).toBe('order.cancel');
    expect(resolve('x', activeContexts({ focused: 'agents' }))).toBe('agents.revoke');
    expect(resolve('enter', activeContexts({ focused: 'journal' }))).toBe('journal.details');
  });
  it('lets overlays capture keys and ctrl+c work everywhere', () => {
    expect(resolve('q', activeContexts({ overlay: 'help' }))).toBe('help.close');
    expect(resolve('b', activeContexts({ overlay: 'help' }))).toBeUndefined();
    expect(resolve('tab', activeContexts({ overlay: 'form' }))).toBe('form.nextField');
    expect(resolve('ctrl+c', activeContexts({ overlay: 'form' }))).toBe('app.forceQuit');
  });
  it("gives a confirm-step key to the form's fields on every other step", () => {
    const form = activeContexts({ overlay: 'form' });
    expect(resolve('a', form, { formStep: 'confirm' })).toBe('form.skipConfirm');
    expect(resolve('o', form, { formStep: 'confirm' })).toBe('form.override');
    for (const formStep of ['edit', 'sending', 'result', undefined]) {
      expect(resolve('a', form, formStep ? { formStep } : {})).toBeUndefined();
      expect(resolve('o', form, formStep ? { formStep } : {})).toBeUndefined();
      expect(dispatchInput('a', {}, form, formStep ? { formStep } : {})).toEqual([{ kind: 'key', key: 'a' }]);
    }
    // Keys of no step act on every step.
    expect(resolve('tab', form, { formStep: 'edit' })).toBe('form.nextField');
    expect(resolve('ctrl+p', form, { formStep: 'edit' })).toBe('form.priceSource');
  });
  it('applies precedence whatever order the contexts come in', () => {
    expect(effectiveContexts(['global', 'list', 'palette', 'always'])).toEqual(['always', 'palette', 'list']);
    expect(resolve('enter', ['global', 'orders', 'form'])).toBe('form.submit');
  });
  it('never turns printable keys into commands inside a text field', () => {
    expect(resolve('q', activeContexts({ overlay: 'palette' }), { textInput: true })).toBeUndefined();
    expect(resolve('enter', activeContexts({ overlay: 'palette' }), { textInput: true })).toBe('palette.run');
  });
  it('reads a custom keymap', () => {
    const keymap = new Keymap(DEFAULT_BINDINGS.map((b) => (b.id === 'quit' ? { ...b, keys: ['Q'] } : b)));
    expect(resolve('Q', ['global'], { keymap })).toBe('quit');
    expect(resolve('q', ['global'], { keymap })).toBeUndefined();
  });
});

describe('dispatchInput', () => {
  it('runs one command per typed key', () => {
    expect(dispatchInput('jj', none, activeContexts({ focused: 'orders' }))).toEqual([
      { kind: 'command', id: 'list.down', key: 'j' },
      { kind: 'command', id: 'list.down', key: 'j' },
    ]);
  });
  it('passes unbound keys through for field editors', () => {
    expect(dispatchInput('', { leftArrow: true }, activeContexts({ overlay: 'form' }))).toEqual([{ kind: 'key', key: 'left' }]);
  });
  it('types text in a text field and still honours named keys', () => {
    const ctx = activeContexts({ overlay: 'palette' });
    expect(dispatchInput('q', none, ctx, { textInput: true })).toEqual([{ kind: 'text', text: 'q' }]);
    expect(dispatchInput(' ', none, ctx, { textInput: true })).toEqual([{ kind: 'text', text: ' ' }]);
    expect(dispatchInput('buy', none, ctx, { textInput: true })).toEqual([{ kind: 'text', text: 'buy' }]);
    expect(dispatchInput('', { escape: true }, ctx, { textInput: true })).toEqual([
      { kind: 'command', id: 'palette.close', key: 'escape' },
    ]);
  });
  it('acts on the allowed commands alone when told which: every other key, text included, is dropped', () => {
    const only = new Set(['quit', 'app.forceQuit'] as const);
    const ctx = activeContexts({});
    expect(dispatchInput('bLHq', none, ctx, { only })).toEqual([{ kind: 'command', id: 'quit', key: 'q' }]);
    expect(dispatchInput('c', { ctrl: true }, ctx, { only })).toEqual([{ kind: 'command', id: 'app.forceQuit', key: 'ctrl+c' }]);
    expect(dispatchInput('', { leftArrow: true }, ctx, { only })).toEqual([]);
    expect(dispatchInput('abc', none, activeContexts({ overlay: 'palette' }), { textInput: true, only })).toEqual([]);
    expect(resolve('b', ctx, { only })).toBeUndefined();
  });
});
