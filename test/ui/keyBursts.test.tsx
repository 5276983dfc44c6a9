import { afterEach, describe, expect, it } from 'vitest';
import { render, Text, type Instance } from 'ink';
import { DEFAULT_KEYMAP, type CommandId } from '../../src/keymap/index.js';
import { runCommand } from '../../src/ui/commands/registry.js';
import type { AppContextValue } from '../../src/ui/context/AppContext.js';
import { handleInput, useKeyboard } from '../../src/ui/input/useKeyboard.js';
import { paletteStartRow } from '../../src/ui/overlays/overlayLists.js';
import { createViewStore, view } from '../../src/ui/view/viewStore.js';
import { commandContext } from './support/commandContext.js';
import { fullStore } from './support/paneFixtures.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';
import { FakeStdin } from './support/virtualTerminal.js';
import { NullStdout } from '../support/nullStdout.js';

/**
 * Keys whole: a read that holds several keys (a slow link, SSH, tmux `send-keys Enter C-c`)
 * is every one of those keys, each with its modifiers. Ctrl-C among them quits; while a
 * signed request is in flight it asks once, as q does.
 */

function harness() {
  const viewStore = createViewStore();
  const ran: CommandId[] = [];
  const run = (id: CommandId) => {
    ran.push(id);
    if (id === 'palette') view.openListOverlay(viewStore, { kind: 'palette' }, paletteStartRow(''));
  };
  const send = (input: string, key: Record<string, boolean> = {}) => handleInput(input, key, { keymap: DEFAULT_KEYMAP, view: viewStore, run });
  return { viewStore, ran, send };
}

describe('a burst of keys in one read', () => {
  it('Ctrl-C after Enter, Tab or j in the same read is still Ctrl-C', () => {
    for (const [burst, first] of [
      ['\r\x03', []],
      ['\t\x03', ['focus.next']],
      ['j\x03', ['list.down']],
      ['jk\x03', ['list.down', 'list.up']],
    ] as const) {
      const h = harness();
      h.send(burst);
      expect(h.ran, JSON.stringify(burst)).toEqual([...first, 'app.forceQuit']);
    }
  });

  it('Ctrl-C inside typed text of a text field quits and the text stays text', () => {
    const h = harness();
    h.send(':');
    h.send('ab\x03');
    expect(h.viewStore.getState().overlayQuery).toBe('ab');
    expect(h.ran).toEqual(['palette', 'app.forceQuit']);
  });

  it('Ctrl+U and Ctrl+D keep ctrl in a burst', () => {
    const h = harness();
    h.send('\x15j\x04\x04');
    expect(h.ran).toEqual(['list.pageUp', 'list.down', 'list.pageDown', 'list.pageDown']);
  });
});

let app: RenderedApp | undefined;
let inked: Instance | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  inked?.unmount();
  inked = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(test: () => boolean, what: string): Promise<void> {
  for (const end = Date.now() + 10_000; !test(); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('the dashboard under ink', () => {
  it('quits on Enter+Ctrl-C, Tab+Ctrl-C and j+Ctrl-C read at once', async () => {
    for (const burst of ['\r\x03', '\t\x03', 'j\x03']) {
      app = renderApp({ cols: 120, rows: 40 });
      await app.vt.waitFor('Book');
      // One write holding both keys.
      await app.vt.press(burst);
      await until(() => app!.quits() === 1, `a quit after ${JSON.stringify(burst)}`);
      app.unmount();
      app = undefined;
    }
  });

  it('asks once while a signed request is in flight: a second Ctrl-C quits', async () => {
    app = renderApp({ cols: 120, rows: 40 });
    await app.vt.waitFor('Book');
    view.beginRequest(app.view);
    await app.vt.press('j\x03');
    await app.vt.waitFor('A signed request is still waiting');
    expect(app.quits()).toBe(0);
    await app.vt.press('\x03');
    await until(() => app!.quits() === 1, 'the quit after the second Ctrl-C');
  });
});


describe('one write of mixed keys through ink and the keyboard handler', () => {
  it('arrows, Shift-Tab, Ctrl+U/D, Tab, Enter and Ctrl-C each arrive whole and in order', async () => {
    const stdin = new FakeStdin();
    const viewStore = createViewStore();
    const ran: CommandId[] = [];
    function Keys() {
      useKeyboard({ keymap: DEFAULT_KEYMAP, view: viewStore, run: (id) => ran.push(id) });
      return <Text>keys</Text>;
    }
    inked = render(<Keys />, { stdout: new NullStdout() as unknown as NodeJS.WriteStream, stdin: stdin as unknown as NodeJS.ReadStream, patchConsole: false, exitOnCtrlC: false });
    await sleep(10);
    stdin.send('j\x1b[A\x1b[Bk\x15\x04\x1b[Z\t\x1b[6~\x03');
    await until(() => ran.length >= 10, 'ten commands');
    expect(ran).toEqual(['list.down', 'list.up', 'list.down', 'list.up', 'list.pageUp', 'list.pageDown', 'focus.prev', 'focus.next', 'list.pageDown', 'app.forceQuit']);
  });
});

describe('Ctrl-C as a command', () => {
  function setup() {
    const viewStore = createViewStore();
    const a: AppContextValue = {
      store: fullStore(),
      view: viewStore,
      session: null,
      mode: { readOnly: false, embedded: true, signer: 'agent', address: null },
      staleAfterMs: {},
    };
    let quits = 0;
    const ctx = commandContext(a, { quit: () => (quits += 1) });
    return { viewStore, run: (id: CommandId) => runCommand(id, ctx), quits: () => quits };
  }

  it('quits at once with nothing in flight', () => {
    const t = setup();
    t.run('app.forceQuit');
    expect(t.quits()).toBe(1);
  });

  it('with a request in flight asks as q does; asked, Ctrl-C or y quits, n stays', () => {
    const t = setup();
    view.beginRequest(t.viewStore);
    t.run('app.forceQuit');
    expect(t.quits()).toBe(0);
    expect(t.viewStore.getState().overlays).toEqual([{ kind: 'quitConfirm', inFlight: true }]);
    t.run('confirm.no');
    expect(t.viewStore.getState().overlays).toEqual([]);
    t.run('app.forceQuit');
    t.run('app.forceQuit');
    expect(t.quits()).toBe(1);
    // Over any other overlay (a form sending, help) it asks too, on top.
    const u = setup();
    view.beginRequest(u.viewStore);
    view.openListOverlay(u.viewStore, { kind: 'help' });
    u.run('app.forceQuit');
    expect(u.quits()).toBe(0);
    expect(u.viewStore.getState().overlays.at(-1)).toEqual({ kind: 'quitConfirm', inFlight: true });
    u.run('confirm.yes');
    expect(u.quits()).toBe(1);
  });
});
