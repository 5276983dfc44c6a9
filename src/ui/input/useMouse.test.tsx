import { afterEach, describe, expect, it } from 'vitest';
import { render, type Instance } from 'ink';
import { DEFAULT_BINDINGS } from '../../keymap/index.js';
import { fullStore } from '../../../test/ui/support/paneFixtures.js';
import { createVirtualTerminal, type VirtualTerminal } from '../../../test/ui/support/virtualTerminal.js';
import { App } from '../app/App.js';
import { computeLayout, type PaneId } from '../app/layout.js';
import type { AppContextValue } from '../context/AppContext.js';
import { listThemes } from '../theme/loadTheme.js';
import { createViewStore, type ViewStore } from '../view/viewStore.js';
import { MouseStdin } from './mouseStdin.js';

/**
 * The whole dashboard in a virtual terminal with its stdin behind a MouseStdin, as
 * runDashboard wires it: clicks go where the screen shows things.
 */

const click = (x: number, y: number) => `\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`;
const wheelDown = (x: number, y: number) => `\x1b[<65;${x + 1};${y + 1}M`;

let mounted: { instance: Instance; vt: VirtualTerminal } | undefined;
afterEach(() => {
  mounted?.instance.unmount();
  mounted?.vt.dispose();
  mounted = undefined;
});

function mount(cols: number, rows: number): { vt: VirtualTerminal; view: ViewStore } {
  const vt = createVirtualTerminal(cols, rows);
  const view = createViewStore();
  const ctx: AppContextValue = {
    store: fullStore(),
    view,
    session: null,
    mode: { readOnly: false, embedded: true, signer: 'agent', address: '0x1111111111111111111111111111111111111111' },
    staleAfterMs: {},
  };
  const stdin = new MouseStdin(vt.stdin as unknown as ConstructorParameters<typeof MouseStdin>[0]);
  const instance = render(<App ctx={ctx} bindings={DEFAULT_BINDINGS} level="truecolor" themeNames={listThemes()} onQuit={() => {}} />, {
    stdout: vt.stdout,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: vt.stdout,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 30,
  });
  mounted = { instance, vt };
  return { vt, view };
}

/** Column and row of the first `text` on screen inside an area's columns and rows. */
async function find(vt: VirtualTerminal, text: string, within: { x: number; y: number; width: number; height: number }): Promise<{ x: number; y: number }> {
  const lines = await vt.screen();
  for (let y = within.y; y < within.y + within.height; y++) {
    const x = (lines[y] ?? '').indexOf(text, within.x);
    if (x >= 0 && x < within.x + within.width) return { x, y };
  }
  throw new Error(`"${text}" not on screen in ${JSON.stringify(within)}:\n${lines.join('\n')}`);
}

const area = (cols: number, rows: number, pane: PaneId) => computeLayout(cols, rows).panes.find((p) => p.tabs.includes(pane))!;
const waitForState = async (view: ViewStore, test: (s: ReturnType<ViewStore['getState']>) => boolean) => {
  const deadline = Date.now() + 3_000;
  while (!test(view.getState())) {
    if (Date.now() > deadline) throw new Error(`view state never matched: ${JSON.stringify(view.getState())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the mouse on the dashboard', () => {
  it('a click on a pane focuses it (its frame turns heavy) and a click on a book price puts the cursor there', async () => {
    const { vt, view } = mount(120, 40);
    await vt.waitFor('Book SOL1');
    const orders = area(120, 40, 'orders');
    await vt.press(click(orders.x + 5, orders.y + 3));
    await waitForState(view, (s) => s.focus === 'orders');
    await vt.waitFor((s) => s.split('\n')[orders.y]!.slice(orders.x, orders.x + 1) === '┏');

    const book = area(120, 40, 'book');
    const level = await find(vt, ' 149', { ...book, y: book.y + 1, height: book.height - 2 });
    await vt.press(click(level.x + 2, level.y));
    await waitForState(view, (s) => s.focus === 'book' && s.bookCursorRaw === '149');
  });

  it('a click on a tab title in a shared area switches to that tab', async () => {
    const { vt, view } = mount(80, 24);
    await vt.waitFor('[Orders');
    const shared = area(80, 24, 'positions');
    const title = await find(vt, 'Positions', { ...shared, height: 1 });
    await vt.press(click(title.x + 1, title.y));
    await waitForState(view, (s) => s.focus === 'positions' && s.activeTab[shared.id] === 'positions');
    await vt.waitFor('[Positions');
  });

  it('the wheel over a list scrolls its selection', async () => {
    const { vt, view } = mount(120, 40);
    await vt.waitFor('Book SOL1');
    const journal = area(120, 40, 'journal');
    await vt.press(wheelDown(journal.x + 4, journal.y + 3));
    await waitForState(view, (s) => s.focus === 'journal' && s.selection.journal === 2);
  });

  it('keys still work between clicks, and no report turns into a key', async () => {
    const { vt, view } = mount(120, 40);
    await vt.waitFor('Book SOL1');
    const orders = area(120, 40, 'orders');
    // '?' opens help; a report read as keys would type '[', '<', digits and 'M' (commands).
    await vt.press(click(orders.x + 5, orders.y + 3), '?');
    await vt.waitFor('Help: keys');
    await waitForState(view, (s) => s.focus === 'orders' && s.overlays.length === 1);
    await vt.press(click(3, 20), '\x1b');
    await vt.waitFor((s) => !s.includes('Help: keys'));
    expect(view.getState()).toMatchObject({ focus: 'orders', zoom: null, activeTab: {} });
  });
});
