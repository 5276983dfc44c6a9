import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/index.js';
import { SignerSet } from '../../src/client/signers.js';
import { selectTopOverlay } from '../../src/ui/view/viewStore.js';
import { KEYS } from '../support/terminal.js';
import { fullStore } from './support/paneFixtures.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * A row's menu (`.`) on screen, through ink in a virtual terminal over fixture stores: it
 * lists the row's commands with their keys, and choosing one (↑↓ Enter, or its own key) does
 * what the key does on the pane: the same form and confirm step, the same refusals.
 */

let apps: RenderedApp[] = [];
afterEach(() => {
  for (const a of apps) a.unmount();
  apps = [];
});

function start(o: Parameters<typeof renderApp>[0]): RenderedApp {
  const a = renderApp(o);
  apps.push(a);
  return a;
}

let submits = 0;
function quietExchange(): Session {
  const exchange = {
    signers: new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' }),
    newCloid: () => '1234',
    submit: async () => {
      submits += 1;
      return { ok: false };
    },
  };
  return { exchange, watchCandles: () => () => {} } as unknown as Session;
}

/** The top box on screen (a form's confirm step, a menu), as its rows read between its borders. */
function topBox(screen: string, title: string): string[] {
  const lines = screen.split('\n');
  const top = lines.findIndex((l) => l.includes(title));
  if (top < 0) return [];
  const left = lines[top]!.lastIndexOf('┏', lines[top]!.indexOf(title));
  const right = lines[top]!.indexOf('┓', left);
  const out: string[] = [];
  for (let i = top; i < lines.length; i++) {
    const row = [...lines[i]!].slice(left, right + 1).join('');
    out.push(row);
    if (row.startsWith('┗')) break;
  }
  return out;
}

/** What the form on top is, without the instance number each opening draws anew. */
function formNow(a: RenderedApp) {
  const f = a.view.getState().form;
  return f && { formId: f.formId, stage: f.stage, texts: f.texts, captured: f.captured, review: f.review };
}

async function closeAll(a: RenderedApp): Promise<void> {
  while (a.view.getState().overlays.length > 0) await a.vt.press(KEYS.escape);
  await a.vt.waitFor((s) => !s.includes(': confirm'));
}

/** Presses `keys` (the pane's own key, or `.` and a choice in the menu); returns the confirm box and the form that follow. */
async function confirmAfter(a: RenderedApp, confirmTitle: string, keys: string[], shown = confirmTitle) {
  await a.vt.press(...keys);
  const s = await a.vt.waitFor((x) => x.includes(confirmTitle) && x.includes(shown));
  const out = { box: topBox(s, confirmTitle), form: formNow(a) };
  await closeAll(a);
  return out;
}

describe("a row's menu", () => {
  it('on an order: lists its commands with their keys; Enter on cancel and its x bring the confirm x brings on the pane', async () => {
    submits = 0;
    const a = start({ cols: 120, rows: 40, session: quietExchange(), view: { focus: 'orders' } });
    await a.vt.waitFor('Orders SOL1');
    await a.vt.press('.');
    const menu = topBox(await a.vt.waitFor('Orders: oid 11'), 'Orders: oid 11').join('\n');
    expect(menu).toMatch(/›Modify the selected order +m \/ Enter/);
    expect(menu).toMatch(/Cancel the selected order +x \/ d/);
    expect(menu).toMatch(/Copy the selected row's id .* y/);
    expect(menu).not.toMatch(/Buy|Sell/);
    // The hint line says the menu's own keys.
    expect((await a.vt.screen()).at(-2)).toMatch(/^Enter run +Esc close/);
    await a.vt.press(KEYS.escape);
    await a.vt.waitFor((s) => !s.includes('Orders: oid 11'));
    expect(a.view.getState().overlays).toEqual([]);

    const direct = await confirmAfter(a, 'Cancel order: confirm', ['x']);
    expect(direct.box.join('\n')).toContain('Cancel buy 3 SOL1 @ 149 (oid 11');
    expect(await confirmAfter(a, 'Cancel order: confirm', ['.', KEYS.down, KEYS.enter])).toEqual(direct);
    expect(await confirmAfter(a, 'Cancel order: confirm', ['.', 'x'])).toEqual(direct);
    expect(await confirmAfter(a, 'Cancel order: confirm', ['.', 'd'])).toEqual(direct);
    // On the second order, the menu acts on the second order.
    await a.vt.press('j');
    const second = await confirmAfter(a, 'Cancel order: confirm', ['.', KEYS.down, KEYS.enter]);
    expect(second.box.join('\n')).toContain('Cancel sell 2 SOL1 @ 155');
    expect(submits).toBe(0);
  });

  it('on a position: Flatten from the menu (arrows or F) is the confirm F brings on the pane', async () => {
    const a = start({ cols: 120, rows: 40, session: quietExchange(), view: { focus: 'positions' } });
    await a.vt.waitFor('Positions');
    await a.vt.press('.');
    const s = await a.vt.waitFor('Flatten the position');
    const menu = topBox(s, 'Positions: contract SOL1').join('\n');
    expect(menu).toMatch(/Cancel the TP\/SL of the selected position +x \/ d/);
    expect(menu).toMatch(/Flatten the position \(reduce-only\) +F/);
    expect(menu).toMatch(/Reverse the position +R/);
    await a.vt.press(KEYS.escape);
    await a.vt.waitFor((x) => !x.includes('Flatten the position'));

    const direct = await confirmAfter(a, 'New order: confirm', ['F'], 'Notional:');
    expect(direct.form?.formId).toBe('order');
    expect(direct.box.join('\n')).toContain('Flatten: closes the position');
    const viaMenu = await confirmAfter(a, 'New order: confirm', ['.', KEYS.down, KEYS.down, KEYS.down, KEYS.down, KEYS.enter], 'Notional:');
    expect(viaMenu).toEqual(direct);
    expect(await confirmAfter(a, 'New order: confirm', ['.', 'F'], 'Notional:')).toEqual(direct);
  });

  it('on an agent and an empty algo list: revoke from the menu is x; no rows, no menu', async () => {
    const a = start({ cols: 120, rows: 40, session: quietExchange(), view: { focus: 'agents' } });
    await a.vt.waitFor('Agents');
    await a.vt.press('.');
    const menu = topBox(await a.vt.waitFor('Revoke the selected agent'), 'Agents: agent address').join('\n');
    expect(menu).toMatch(/›Revoke the selected agent +x \/ d/);
    await a.vt.press(KEYS.escape);
    await a.vt.press('x');
    await a.vt.waitFor((x) => a.view.getState().form !== null && !x.includes('Revoke the selected agent'));
    const direct = { top: selectTopOverlay(a.view.getState()), form: formNow(a) };
    await closeAll(a);
    await a.vt.press('.', KEYS.enter);
    await a.vt.waitFor(() => a.view.getState().form !== null);
    expect({ top: selectTopOverlay(a.view.getState()), form: formNow(a) }).toEqual(direct);
    expect(direct.form?.formId).toBe('revokeAgent');
    await closeAll(a);
    a.view.setState({ focus: 'algos' });
    await a.vt.press('.');
    await a.vt.waitFor('Algos: no row to act on');
    expect(a.view.getState().overlays).toEqual([]);
  });

  it('a read-only screen lists no write and runs none: its keys are refused as on the pane', async () => {
    submits = 0;
    const a = start({ cols: 120, rows: 40, session: quietExchange(), view: { focus: 'orders' }, mode: { readOnly: true, signer: 'none', readOnlyWhy: 'read-only SSH key SHA256:test' } });
    await a.vt.waitFor('Orders SOL1');
    await a.vt.press('.');
    const s = await a.vt.waitFor('Orders: oid 11');
    const menu = topBox(s, 'Orders: oid 11').join('\n');
    expect(menu).toContain('1 command ');
    expect(menu).toMatch(/›Copy the selected row's id/);
    expect(menu).not.toMatch(/Cancel|Modify/);
    expect(menu).toContain('monitor mode: writes hidden');
    await a.vt.press('x');
    await a.vt.waitFor('read-only SSH key SHA256:test');
    expect(selectTopOverlay(a.view.getState())).toBeUndefined();
    expect(a.view.getState().form).toBeNull();
    // Enter runs what is listed: the copy (no clipboard in this test terminal).
    await a.vt.press('.', KEYS.enter);
    await a.vt.waitFor('not copied: no terminal clipboard here');
    expect(a.view.getState().overlays).toEqual([]);
    expect(submits).toBe(0);
  });

  it("is the screen's own: another screen of the same session sees no menu and keeps its keys", async () => {
    const store = fullStore();
    const one = start({ cols: 120, rows: 40, store, session: quietExchange(), view: { focus: 'orders' } });
    const two = start({ cols: 120, rows: 40, store, session: quietExchange(), view: { focus: 'orders' } });
    await one.vt.waitFor('Orders SOL1');
    await two.vt.waitFor('Orders SOL1');
    await one.vt.press('.');
    await one.vt.waitFor('Orders: oid 11');
    expect(two.view.getState().overlays).toEqual([]);
    expect(await two.vt.screen()).not.toContain('Orders: oid 11');
    await two.vt.press('x');
    await two.vt.waitFor('Cancel order: confirm');
    expect(selectTopOverlay(one.view.getState())).toEqual({ kind: 'rowMenu', pane: 'orders' });
  });
});
