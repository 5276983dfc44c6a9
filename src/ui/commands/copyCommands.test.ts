import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../state/store.js';
import { fullStore } from '../../../test/ui/support/paneFixtures.js';
import { osc52Clipboard } from '../clipboard/osc52.js';
import type { AppContextValue } from '../context/AppContext.js';
import { createViewStore, view } from '../view/viewStore.js';
import { runCommand } from './registry.js';
import { commandContext } from '../../../test/ui/support/commandContext.js';

/** `y` through the registry, as the keyboard runs it, onto a clipboard that records what reached the terminal. */
function setup(o: { clipboard?: boolean; empty?: boolean; maxBytes?: number; readOnly?: boolean } = {}) {
  const written: string[] = [];
  const viewStore = createViewStore({ focus: 'orders' });
  const app: AppContextValue = {
    store: o.empty ? createAppStore() : fullStore(),
    view: viewStore,
    session: null,
    mode: { readOnly: o.readOnly ?? false, embedded: true, signer: o.readOnly ? 'none' : 'agent', address: null },
    staleAfterMs: {},
    ...(o.clipboard === false ? {} : { clipboard: osc52Clipboard((d) => written.push(d), o.maxBytes) }),
  };
  const ctx = commandContext(app);
  return { written, viewStore, copy: () => runCommand('row.copy', ctx), notice: () => viewStore.getState().notice };
}

describe('row.copy (y)', () => {
  it('writes OSC 52 with the selected order\'s oid and names it in the status bar', () => {
    const t = setup();
    view.setSelection(t.viewStore, 'orders', 1);
    t.copy();
    expect(t.written).toEqual([`\x1b]52;c;${Buffer.from('12').toString('base64')}\x07`]);
    expect(t.notice()).toMatchObject({ text: 'copied oid 12', tone: 'success' });
  });

  it('works in monitor mode too: copying signs nothing', () => {
    const t = setup({ readOnly: true });
    t.copy();
    expect(t.written).toHaveLength(1);
    expect(t.notice()).toMatchObject({ text: 'copied oid 11' });
  });

  it('nothing selected: says so and writes nothing', () => {
    const t = setup({ empty: true });
    t.copy();
    expect(t.written).toEqual([]);
    expect(t.notice()).toMatchObject({ text: 'nothing to copy: no order selected', tone: 'info' });
  });

  it('without a terminal clipboard, or past its size cap: a warning, never a crash', () => {
    const none = setup({ clipboard: false });
    none.copy();
    expect(none.notice()).toMatchObject({ text: 'not copied: no terminal clipboard here', tone: 'warning' });
    const tiny = setup({ maxBytes: 9 });
    tiny.copy();
    expect(tiny.written).toEqual([]);
    expect(tiny.notice()).toMatchObject({ text: 'not copied: 2 bytes is too long for the terminal clipboard (at most 0)', tone: 'warning' });
  });
});

describe('row.copy (y) on a filtered tape', () => {
  it('copies the selected row the pane shows, not the row at that place in the whole tape', () => {
    const t = setup();
    // The fixture's tape: tids 1000..1029, every third a sell; the newest sell is 1027, the newest trade 1029.
    t.viewStore.setState({ focus: 'trades', filters: { trades: 'sell' } });
    t.copy();
    expect(t.notice()).toMatchObject({ text: 'copied tid 1027' });
  });
});
