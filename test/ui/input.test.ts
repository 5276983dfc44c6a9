import { describe, expect, it } from 'vitest';
import { applyOverrides, DEFAULT_KEYMAP, Keymap, type CommandId } from '../../src/keymap/index.js';
import type { FormInputHandler } from '../../src/ui/input/formInput.js';
import { inputStateOf, type ScreenFacts } from '../../src/ui/input/inputContexts.js';
import { handleInput } from '../../src/ui/input/useKeyboard.js';
import { NO_ROW, paletteStartRow } from '../../src/ui/overlays/overlayLists.js';
import { createViewStore, view } from '../../src/ui/view/viewStore.js';

/** The one keyboard handler: ink's (input, key) pairs in, command ids and filter text out. */
function harness(keymap: Keymap = DEFAULT_KEYMAP, screen: ScreenFacts = { tooSmall: false }) {
  const viewStore = createViewStore();
  const ran: CommandId[] = [];
  const run = (id: CommandId) => {
    ran.push(id);
    // The overlay commands the tests lean on, so state changes between keys are real.
    if (id === 'palette') view.openListOverlay(viewStore, { kind: 'palette' }, paletteStartRow(''));
    if (id === 'palette.close') view.closeOverlay(viewStore);
    if (id === 'help') view.openListOverlay(viewStore, { kind: 'help' });
  };
  const send = (input: string, key: Record<string, boolean> = {}) => handleInput(input, key, { keymap, view: viewStore, run, screen: () => screen });
  return { viewStore, ran, send, screen };
}

describe('keyboard', () => {
  it('splits several keys read at once, each in the contexts the previous one left', () => {
    const h = harness();
    h.send('jj');
    expect(h.ran).toEqual(['list.down', 'list.down']);
    h.send(':ord');
    expect(h.ran.slice(2)).toEqual(['palette']);
    expect(h.viewStore.getState().overlayQuery).toBe('ord');
  });

  it('typed text goes to the palette filter, backspace removes a character, Escape closes', () => {
    const h = harness();
    h.send(':');
    h.send('q');
    h.send('x');
    expect(h.viewStore.getState().overlayQuery).toBe('qx');
    h.send('', { backspace: true });
    expect(h.viewStore.getState().overlayQuery).toBe('q');
    // q is text in the palette, not quit.
    expect(h.ran).not.toContain('quit');
    h.send('', { escape: true });
    expect(h.ran).toContain('palette.close');
  });

  it('keeps Enter a key when it arrives in one read with typed text', () => {
    const h = harness();
    h.send(':');
    h.send('zoo\r');
    expect(h.viewStore.getState().overlayQuery).toBe('zoo');
    expect(h.ran).toEqual(['palette', 'palette.run']);
    h.send('x\x7fy');
    expect(h.viewStore.getState().overlayQuery).toBe('zooy');
  });

  it('contexts follow the top overlay, else the focused pane', () => {
    const s = createViewStore({ focus: 'orders' });
    expect(inputStateOf(s.getState()).contexts).toEqual(['always', 'orders', 'list', 'global']);
    view.openOverlay(s, { kind: 'quitConfirm' });
    expect(inputStateOf(s.getState())).toEqual({ contexts: ['always', 'confirm'], textInput: false });
    view.openListOverlay(s, { kind: 'picker' });
    expect(inputStateOf(s.getState())).toEqual({ contexts: ['always', 'picker', 'list'], textInput: true });
  });

  it('pane keys win over global ones only where the pane has focus', () => {
    const h = harness();
    h.send('x');
    expect(h.ran).toEqual([]);
    view.focus(h.viewStore, 'orders');
    h.send('x');
    expect(h.ran).toEqual(['order.cancel']);
  });

  it('user overrides from the config file rebind keys', () => {
    const { bindings, errors } = applyOverrides({ 'order.buy': ['ctrl+b'], help: 'F' });
    expect(errors.length).toBeGreaterThan(0); // F is position.flatten: refused with a message
    const h = harness(new Keymap(bindings));
    h.send('b', { ctrl: true });
    h.send('b');
    h.send('?');
    expect(h.ran).toEqual(['order.buy', 'help']);
  });

  it("hands typed text and unbound keys to the screen's own form handler", () => {
    const got: string[] = [];
    const formInput: FormInputHandler = {
      textInput: () => true,
      onText: (_f, t) => got.push(`text:${t}`),
      onKey: (_f, k) => got.push(`key:${k}`),
    };
    const h = harness(DEFAULT_KEYMAP, { tooSmall: false, formInput });
    {
      view.openOverlay(h.viewStore, { kind: 'form', form: 'order' });
      h.send('1');
      h.send('.5');
      h.send('', { backspace: true });
      h.send('', { return: true });
      expect(got).toEqual(['text:1', 'text:.5', 'key:backspace']);
      expect(h.ran).toEqual(['form.submit']);
    }
  });

  it('Ctrl-C quits from anywhere, even inside an overlay', () => {
    const h = harness();
    h.send(':');
    h.send('c', { ctrl: true });
    expect(h.ran).toEqual(['palette', 'app.forceQuit']);
  });

  it('the palette highlights nothing until something is typed, and nothing again when the filter is empty', () => {
    const h = harness();
    h.send(':');
    expect(h.viewStore.getState().overlayCursor).toBe(NO_ROW);
    h.send('f');
    expect(h.viewStore.getState().overlayCursor).toBe(0);
    h.send('', { backspace: true });
    expect(h.viewStore.getState().overlayCursor).toBe(NO_ROW);
  });

  it('while the terminal is too small only quit and force-quit act, wherever the keyboard was', () => {
    const h = harness(DEFAULT_KEYMAP, { tooSmall: true });
    h.send('bLH:?/');
    h.send('', { return: true });
    h.send('', { tab: true });
    expect(h.ran).toEqual([]);
    h.send('q');
    h.send('c', { ctrl: true });
    expect(h.ran).toEqual(['quit', 'app.forceQuit']);
    // A form or the palette hidden beneath takes no text: q is the way out there too.
    view.openListOverlay(h.viewStore, { kind: 'palette' });
    view.openOverlay(h.viewStore, { kind: 'form', form: 'order' });
    h.send('q1');
    expect(h.ran.slice(2)).toEqual(['quit']);
    expect(h.viewStore.getState().overlayQuery).toBe('');
    // The quit question (shown on the one line) takes its answers.
    view.openOverlay(h.viewStore, { kind: 'quitConfirm' });
    h.send('q');
    h.send('y');
    h.send('n');
    expect(h.ran.slice(3)).toEqual(['confirm.yes', 'confirm.no']);
    // Back at a usable size, keys reach the form again.
    h.screen.tooSmall = false;
    view.closeOverlay(h.viewStore);
    h.send('', { return: true });
    expect(h.ran.slice(5)).toEqual(['form.submit']);
  });

  it('too small is a screen fact the input state reports as the allowed commands', () => {
    const s = createViewStore({ focus: 'orders' });
    expect(inputStateOf(s.getState(), { tooSmall: true })).toEqual({
      contexts: ['always', 'global'],
      textInput: false,
      only: new Set(['quit', 'app.forceQuit']),
    });
    expect(inputStateOf(s.getState(), { tooSmall: false }).only).toBeUndefined();
  });
});
