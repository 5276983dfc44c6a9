import { describe, expect, it } from 'vitest';
import { type CommandId, DEFAULT_BINDINGS, READ_ONLY_REFUSAL } from '../../src/keymap/index.js';
import { computeLayout } from '../../src/ui/app/layout.js';
import type { AppContextValue } from '../../src/ui/context/AppContext.js';
import { runCommand } from '../../src/ui/commands/registry.js';
import type { CommandContext } from '../../src/ui/commands/types.js';
import { NO_ROW } from '../../src/ui/overlays/overlayLists.js';
import { fullStore } from './support/paneFixtures.js';
import { createViewStore, selectTopOverlay, view } from '../../src/ui/view/viewStore.js';
import { screenStore } from '../../src/ui/view/screenStore.js';

/** Command handlers over real stores and a real layout, as the keyboard runs them. */
function setup(o: { cols?: number; rows?: number; readOnly?: boolean } = {}) {
  const viewStore = createViewStore();
  // The session's store as this screen sees it (its own contract in view), as mountDashboard builds it.
  const store = screenStore(fullStore(), viewStore);
  const app: AppContextValue = {
    store,
    view: viewStore,
    session: null,
    mode: { readOnly: o.readOnly ?? false, embedded: true, signer: o.readOnly ? 'none' : 'agent', address: null },
    staleAfterMs: {},
  };
  let quits = 0;
  const ctx: CommandContext = {
    app,
    layout: computeLayout(o.cols ?? 120, o.rows ?? 40),
    bindings: DEFAULT_BINDINGS,
    themeNames: ['dark', 'high-contrast', 'light', 'mono'],
    quit: () => (quits += 1),
    run: (id) => runCommand(id, ctx),
    now: Date.now,
  };
  const run = (...ids: CommandId[]) => ids.forEach((id) => runCommand(id, ctx));
  return { store, viewStore, ctx, run, v: () => viewStore.getState(), quits: () => quits };
}

describe('focus and tabs', () => {
  it('Tab walks the areas in reading order and wraps; Shift-Tab goes back', () => {
    const t = setup();
    const order = computeLayout(120, 40).focusOrder;
    const seen: string[] = [];
    for (let i = 0; i < order.length; i++) {
      t.run('focus.next');
      seen.push(t.v().focus);
    }
    expect(seen).toEqual([...order.slice(1), order[0]]);
    t.run('focus.prev');
    expect(t.v().focus).toBe(order[order.length - 1]);
  });

  it('h / l move to the neighbouring pane', () => {
    const t = setup();
    expect(t.v().focus).toBe('book');
    t.run('focus.right');
    expect(t.v().focus).toBe('chart');
    t.run('focus.right', 'focus.right');
    expect(t.v().focus).toBe('trades');
    t.run('focus.left');
    expect(t.v().focus).toBe('chart');
  });

  it('] and [ switch the tab of a shared area and keep focus on the shown pane', () => {
    const t = setup({ cols: 80, rows: 24 });
    view.focus(t.viewStore, 'orders');
    t.run('tab.next');
    expect(t.v().focus).toBe('positions');
    t.run('tab.prev', 'tab.prev');
    expect(t.v().focus).toBe('journal');
    // Focus moving away and back lands on the tab last shown.
    t.run('focus.prev', 'focus.next');
    expect(t.v().focus).toBe('journal');
  });

  it('z zooms the focused pane and z again restores the layout', () => {
    const t = setup();
    t.run('pane.zoom');
    expect(t.v().zoom).toBe('book');
    t.run('pane.zoom');
    expect(t.v().zoom).toBeNull();
  });
});

describe('lists', () => {
  it('j/k move the selection of the focused list within its rows', () => {
    const t = setup();
    view.focus(t.viewStore, 'journal');
    t.run('list.down', 'list.down', 'list.down', 'list.down');
    expect(t.v().selection.journal).toBe(2); // three entries
    t.run('list.up');
    expect(t.v().selection.journal).toBe(1);
    t.run('list.top');
    expect(t.v().selection.journal).toBe(0);
    t.run('list.bottom');
    expect(t.v().selection.journal).toBe(2);
  });

  it('j/k in the book move the price cursor level by level, c returns it to the spread', () => {
    const t = setup();
    t.run('list.down');
    expect(t.v().bookCursorRaw).toBe('150'); // best bid
    t.run('list.down');
    expect(t.v().bookCursorRaw).toBe('149');
    t.run('list.up', 'list.up');
    expect(t.v().bookCursorRaw).toBe('152'); // best ask
    t.run('book.center');
    expect(t.v().bookCursorRaw).toBeNull();
  });

  it('g / G step the book grouping through 1, 2, 5, 10 ticks and back', () => {
    const t = setup();
    t.run('book.groupingCoarser', 'book.groupingCoarser', 'book.groupingCoarser');
    expect(t.v().bookGroupTicks).toBe(10);
    t.run('book.groupingFiner');
    expect(t.v().bookGroupTicks).toBe(5);
    t.run('book.groupingFiner', 'book.groupingFiner', 'book.groupingFiner');
    expect(t.v().bookGroupTicks).toBe(1);
  });
});

describe('overlays', () => {
  it('the palette runs the highlighted command of the filtered list', () => {
    const t = setup();
    t.run('palette');
    expect(selectTopOverlay(t.v())?.kind).toBe('palette');
    view.setOverlayQuery(t.viewStore, 'zoom');
    t.run('palette.run');
    expect(t.v().overlays).toEqual([]);
    expect(t.v().zoom).toBe('book');
  });

  it('a fresh palette highlights nothing: Enter runs nothing and the palette stays; a move highlights the first row', () => {
    const t = setup();
    t.run('palette');
    expect(t.v().overlayCursor).toBe(NO_ROW);
    t.run('palette.run');
    expect(t.quits()).toBe(0);
    expect(t.v().overlays).toEqual([{ kind: 'palette' }]);
    t.run('list.down');
    expect(t.v().overlayCursor).toBe(0);
    t.run('palette.run');
    // The first row is Quit: it runs only once highlighted on purpose.
    expect(t.quits()).toBe(1);
  });

  it('Quit from the palette asks while a signed request is in flight, exactly as q does', () => {
    const t = setup();
    view.beginRequest(t.viewStore);
    t.run('palette');
    view.setOverlayQuery(t.viewStore, 'quit');
    t.run('palette.run');
    expect(t.quits()).toBe(0);
    expect(t.v().overlays).toEqual([{ kind: 'quitConfirm', inFlight: true }]);
    t.run('confirm.yes');
    expect(t.quits()).toBe(1);
    // Nothing in flight: it quits at once, as q does.
    const u = setup();
    u.run('palette');
    view.setOverlayQuery(u.viewStore, 'quit');
    u.run('palette.run');
    expect(u.quits()).toBe(1);
  });

  it('the contract picker lists Active contracts and switches to the chosen one', () => {
    const t = setup();
    t.run('contract.pick');
    // Starts on the current contract (SOL1 is last of BTC1, ETH1, SOL1).
    expect(t.v().overlayCursor).toBe(2);
    view.setOverlayQuery(t.viewStore, 'et');
    t.run('picker.choose');
    expect(t.store.getState().market.selected).toBe('ETH1');
    expect(t.v().overlays).toEqual([]);
  });

  it('help scrolls with j/k but never past its last page', () => {
    const t = setup({ cols: 80, rows: 24 });
    t.run('help');
    for (let i = 0; i < 500; i++) t.run('list.down');
    const bottom = t.v().overlayCursor;
    expect(bottom).toBeGreaterThan(0);
    t.run('list.up');
    expect(t.v().overlayCursor).toBe(bottom - 1);
    t.run('help.close');
    expect(t.v().overlays).toEqual([]);
  });

  it('q quits at once, or asks while a signed request is in flight', () => {
    const t = setup();
    t.run('quit');
    expect(t.quits()).toBe(1);
    view.beginRequest(t.viewStore);
    t.run('quit');
    expect(t.quits()).toBe(1);
    expect(selectTopOverlay(t.v())?.kind).toBe('quitConfirm');
    t.run('confirm.no');
    expect(t.v().overlays).toEqual([]);
    t.run('quit', 'confirm.yes');
    expect(t.quits()).toBe(2);
  });

  it('Enter on the journal opens the selected entry, with the exchange words verbatim', () => {
    const t = setup();
    view.focus(t.viewStore, 'journal');
    t.run('journal.details');
    const top = selectTopOverlay(t.v());
    expect(top?.kind).toBe('message');
    // Newest first: the modify rejection.
    expect(top && top.kind === 'message' ? top.body : '').toContain('modified price is marketable');
  });
});

describe('modes', () => {
  it('trading commands open their form', () => {
    const t = setup();
    t.run('order.buy');
    expect(selectTopOverlay(t.v())).toEqual({ kind: 'form', form: 'order', params: { side: 'Buy' } });
    expect(t.v().form?.texts['side']).toBe('Buy');
  });

  it('monitor mode refuses every write command and hides nothing else', () => {
    const t = setup({ readOnly: true });
    for (const id of ['order.buy', 'order.cancel', 'book.buyAtCursor', 'agents.revoke', 'deployer.enroll'] as const) {
      view.notify(t.viewStore, '');
      t.run(id);
      expect(t.v().notice?.text).toBe(READ_ONLY_REFUSAL);
    }
    t.run('theme.cycle');
    expect(t.v().themeName).toBe('high-contrast');
  });

  it('T cycles the themes and i the candle intervals', () => {
    const t = setup();
    t.run('theme.cycle', 'theme.cycle');
    expect(t.v().themeName).toBe('light');
    t.run('chart.interval');
    expect(t.v().chartInterval).toBe('5m');
  });
});
