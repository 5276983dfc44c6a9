import { afterEach, describe, expect, it } from 'vitest';
import { readAlertFile } from '../../src/alerts/alertFile.js';
import type { AppStore } from '../../src/state/store.js';
import { startDeskAlerts, type DeskAlerts } from '../../src/ui/alerts/deskAlerts.js';
import { view } from '../../src/ui/view/viewStore.js';
import { KEYS } from '../support/terminal.js';
import { tempDirs } from '../support/tempDirs.js';
import { ACCOUNT, fullStore } from './support/paneFixtures.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * The Alerts pane and the alert keys, by keys on the whole dashboard (the real renderer, the
 * real alert file in a state directory, one desk's runner for the process): add, pause, edit
 * and remove a rule; `!` on an order, a position and the chart opens the form on a rule made
 * from the row; a rule set on one screen shows on another screen of the same process; a
 * read-only screen changes nothing.
 */

const tempDir = tempDirs('perpdesk-alerts-pane-');
const account = ACCOUNT.address;
const opened: RenderedApp[] = [];
const desks: DeskAlerts[] = [];
afterEach(() => {
  for (const a of opened.splice(0)) a.unmount();
  for (const d of desks.splice(0)) d.stop();
});

function desk(store: AppStore, stateDir = tempDir()): DeskAlerts {
  const d = startDeskAlerts({
    session: { store, address: account, holdContract: () => ({ ok: false, error: { kind: 'unknown', message: 'not in this test' } }) as never },
    stateDir,
    config: undefined,
    configFile: 'config.json',
    desktop: false,
  });
  desks.push(d);
  return d;
}

function screen(store: AppStore, alerts: DeskAlerts, o: { readOnly?: boolean; cols?: number; rows?: number } = {}): RenderedApp {
  const app = renderApp({ cols: o.cols ?? 120, rows: o.rows ?? 40, store, alerts, ...(o.readOnly ? { mode: { readOnly: true } } : {}) });
  opened.push(app);
  return app;
}

const rules = (d: DeskAlerts) => readAlertFile(d.stateDir, account).rules;
const erase = (n: number) => Array.from({ length: n }, () => KEYS.backspace);

describe('the Alerts pane', () => {
  it('adds, pauses, edits and removes a rule by keys, the alert file and the pane agreeing at each step', async () => {
    const store = fullStore();
    const d = desk(store);
    const app = screen(store, d);
    await app.vt.waitFor('Book SOL1');
    view.focus(app.view, 'alerts');
    await app.vt.waitFor('no alert rules: a adds one');
    // a: the form opens on a price rule at the mark, its level to type.
    await app.vt.press('a');
    await app.vt.waitFor('Rule  price SOL1 above 151');
    await app.vt.press(...erase(3), ...'160'.split(''), KEYS.enter);
    await app.vt.waitFor(/a1 +armed +SOL1 mark above 160/);
    expect(rules(d)).toEqual([{ kind: 'price', contract: 'SOL1', direction: 'above', level: '160', id: 'a1' }]);
    expect(d.runner.rules.map((r) => r.id)).toEqual(['a1']);
    // Space pauses it: kept, not evaluated.
    await app.vt.press(' ');
    await app.vt.waitFor(/a1 +paused +SOL1 mark above 160/);
    expect(rules(d)[0]!.paused).toBe(true);
    // e: the form on the rule's own words; the change keeps its id and its pause.
    await app.vt.press('e');
    await app.vt.waitFor('Rule  price SOL1 above 160');
    await app.vt.press(...erase(3), ...'158'.split(''), KEYS.tab, 'y', KEYS.enter);
    await app.vt.waitFor(/a1 +paused +SOL1 mark above 158/);
    expect(rules(d)).toEqual([{ kind: 'price', contract: 'SOL1', direction: 'above', level: '158', rearm: 'once', id: 'a1', paused: true }]);
    // A rule in wrong words is refused in the form, in the command line's words, and nothing is written.
    await app.vt.press('a');
    await app.vt.waitFor('Rule  price SOL1 above 151');
    await app.vt.press(...erase(25), ...'move SOL1 2% soon'.split(''), KEYS.enter);
    await app.vt.waitFor('not saved: Rule: move window: give a duration such as 30s or 5m');
    await app.vt.press(KEYS.escape);
    expect(rules(d)).toHaveLength(1);
    // x asks, Enter removes.
    await app.vt.press('x');
    await app.vt.waitFor('Remove alert a1: SOL1 mark above 158?');
    expect(rules(d)).toHaveLength(1);
    await app.vt.press(KEYS.enter);
    await app.vt.waitFor('no alert rules: a adds one');
    expect(rules(d)).toEqual([]);
    expect(d.runner.rules).toEqual([]);
  });

  it('! on an order, a position and the chart opens the form on a rule made from the row', async () => {
    const store = fullStore();
    const d = desk(store);
    const app = screen(store, d);
    await app.vt.waitFor('Book SOL1');
    // The first SOL1 order: a buy at 149 under the mark 151, so the mark falling to it.
    view.focus(app.view, 'orders');
    await app.vt.press('!');
    await app.vt.waitFor("Rule  price SOL1 below 149");
    await app.vt.waitFor("the mark reaching this order's price");
    await app.vt.press(KEYS.enter);
    await app.vt.waitFor('alert a1 set: SOL1 mark below 149');
    // The SOL1 long of 10 at 148: its PnL below minus 1% of 1,480.
    view.focus(app.view, 'positions');
    await app.vt.press('!');
    await app.vt.waitFor('Rule  pnl SOL1 below -14.8');
    await app.vt.press(KEYS.enter);
    await app.vt.waitFor('alert a2 set: SOL1 PnL below -14.8');
    view.focus(app.view, 'chart');
    await app.vt.press('!');
    await app.vt.waitFor('Rule  price SOL1 above 151');
    await app.vt.waitFor('the mark is 151: type the level');
    await app.vt.press(KEYS.escape);
    expect(rules(d).map((r) => [r.id, r.kind])).toEqual([
      ['a1', 'price'],
      ['a2', 'pnl'],
    ]);
  });

  it('two screens of one process share the rules; a read-only screen changes none', async () => {
    const store = fullStore();
    const d = desk(store);
    const trader = screen(store, d);
    const viewer = screen(store, d, { readOnly: true, cols: 80, rows: 24 });
    await trader.vt.waitFor('Book SOL1');
    await viewer.vt.waitFor('Book SOL1');
    view.focus(viewer.view, 'alerts');
    await viewer.vt.waitFor('no alert rules');
    view.focus(trader.view, 'orders');
    await trader.vt.press('!');
    await trader.vt.waitFor('Rule  price SOL1 below 149');
    await trader.vt.press(KEYS.enter);
    // The viewer's pane lists the trader's rule; its own keys open no form and write nothing.
    await viewer.vt.waitFor(/a1 +armed +SOL1 mark below 149/);
    for (const key of ['a', 'e', ' ', 'x']) await viewer.vt.press(key);
    expect(viewer.view.getState().overlays).toEqual([]);
    expect(rules(d)).toEqual([{ kind: 'price', contract: 'SOL1', direction: 'below', level: '149', id: 'a1' }]);
    // The trader's form never showed on the viewer's screen.
    expect(await viewer.vt.text()).not.toContain('Alert rule');
  });
});
