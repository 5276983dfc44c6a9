import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/client/session.js';
import { SignerSet } from '../../src/client/signers.js';
import type { FormSettings } from '../../src/forms/index.js';
import { DEFAULT_BINDINGS, type CommandId } from '../../src/keymap/index.js';
import type { Action, OrderSpec } from '../../src/protocol/wire/index.js';
import { computeLayout } from '../../src/ui/app/layout.js';
import type { AppContextValue } from '../../src/ui/app/AppContext.js';
import { runCommand } from '../../src/ui/commands/registry.js';
import type { CommandContext } from '../../src/ui/commands/types.js';
import { READ_ONLY_REFUSAL } from '../../src/ui/commands/writeCommands.js';
import { formKey, formTakesText, formText, resolveForm } from '../../src/ui/forms/formActions.js';
import { formScreen } from '../../src/ui/forms/formScreen.js';
import { fullStore } from '../../src/ui/panes/testing/fixtures.js';
import { createViewStore, selectTopOverlay, view } from '../../src/ui/view/viewStore.js';
import { decryptKeystore } from '../../src/wallet/index.js';

/**
 * The form controller as the keyboard drives it (commands and typed text), over the real
 * stores filled from fixtures and an exchange double that records what it was asked to
 * send. Nothing here needs a network: the double stands in only for the answer.
 */

type Sent = { kind: string; payload: unknown };

const MASTER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const AGENT_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

function exchangeDouble(sent: Sent[], o: { master?: boolean; agent?: boolean } = {}) {
  const signers = new SignerSet({ ...(o.master !== false ? { master: MASTER_KEY } : {}), ...(o.agent !== false ? { agent: AGENT_KEY } : {}) });
  const ok = { nonce: 1, signer: { role: 'agent' as const, address: '0x0' } };
  return {
    signers,
    order: async (specs: OrderSpec[]) => {
      sent.push({ kind: 'order', payload: specs });
      return { ok: true as const, statuses: specs.map((_, i) => ({ resting: { oid: 900 + i } })), requestId: 'req-1', cloids: [], ...ok };
    },
    cancel: async (cancels: unknown) => {
      sent.push({ kind: 'cancel', payload: cancels });
      return { ok: true as const, statuses: ['success' as const], requestId: 'req-2', ...ok };
    },
    cancelByCloid: async (cancels: unknown) => {
      sent.push({ kind: 'cancelByCloid', payload: cancels });
      return { ok: true as const, statuses: ['success' as const], requestId: 'req-3', ...ok };
    },
    modify: async (params: unknown) => {
      sent.push({ kind: 'modify', payload: params });
      return { ok: true as const, data: { orderId: 11, limitPrice: 148, totalSize: 5, leavesSize: 3, clientOrderId: 0 }, requestId: 'req-4', ...ok };
    },
    cancelAll: async (contractId: number) => {
      sent.push({ kind: 'cancelAll', payload: contractId });
      return { ok: true as const, data: { cancelledOrders: 2, cancelledConditionals: 1 }, requestId: 'req-5', ...ok };
    },
    send: async (action: Action) => {
      sent.push({ kind: 'send', payload: action });
      if (action.type === 'updateMarginMode') {
        return { ok: false as const, error: { kind: 'business' as const, message: 'open positions or orders on contract', code: 3011, requestId: 'req-7' }, outcomeUnknown: false };
      }
      return { ok: true as const, data: { leverage: 3, asset: 1 }, requestId: 'req-6', ...ok };
    },
  };
}

function setup(o: { settings?: FormSettings; readOnly?: boolean; master?: boolean; agent?: boolean; stateDir?: string } = {}) {
  const store = fullStore();
  const viewStore = createViewStore();
  const sent: Sent[] = [];
  const app: AppContextValue = {
    store,
    view: viewStore,
    session: o.readOnly ? null : ({ exchange: exchangeDouble(sent, o) } as unknown as Session),
    mode: { readOnly: o.readOnly ?? false, embedded: true, signer: o.readOnly ? 'none' : 'agent', address: null },
    staleAfterMs: {},
    settings: o.settings ?? {},
    ...(o.stateDir ? { stateDir: o.stateDir } : {}),
  };
  const ctx: CommandContext = {
    app,
    layout: computeLayout(120, 40),
    bindings: DEFAULT_BINDINGS,
    themeNames: ['dark'],
    quit: () => {},
    run: (id) => runCommand(id, ctx),
    now: Date.now,
  };
  const run = (...ids: CommandId[]) => ids.forEach((id) => runCommand(id, ctx));
  const type = (text: string) => [...text].forEach((ch) => (formTakesText(app) ? formText(app, ch) : formKey(app, ch)));
  const form = () => viewStore.getState().form;
  const screen = () => {
    const st = form();
    if (!st) return '';
    return formScreen(st, resolveForm(app, st), 80).rows.map((r) => r.map((s) => s.text).join('')).join('\n');
  };
  /** Lets the send's promise settle. */
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { app, store, viewStore, sent, run, type, form, screen, settle };
}

let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

describe('typing into a form', () => {
  it('opens on the first field that needs input; text goes in, Backspace takes it out', () => {
    const t = setup();
    t.run('order.buy');
    expect(t.form()?.focus).toBe('price');
    t.type('14x');
    expect(t.form()?.texts['price']).toBe('14x');
    expect(t.screen()).toContain('✕ Price: "14x" is not a decimal number');
    formKey(t.app, 'backspace');
    expect(t.form()?.texts['price']).toBe('14');
    expect(t.screen()).not.toContain('✕ Price');
    expect(t.screen()).toContain('Buy 1 SOL1 @ 14 Gtc');
  });

  it('a price off the tick or past maxTicks says why and where, as typed', () => {
    const t = setup();
    t.run('order.sell');
    t.type('20000');
    expect(t.screen()).toContain('✕ Price: price 20000 exceeds maxTicks 10000');
  });

  it('Tab and Shift-Tab walk the visible fields; Space cycles a choice; a letter jumps to it', () => {
    const t = setup();
    t.run('order.buy');
    t.run('form.prevField');
    expect(t.form()?.focus).toBe('type');
    expect(formTakesText(t.app)).toBe(false);
    t.run('form.toggle');
    expect(t.form()?.texts['type']).toBe('Ioc');
    t.type('m');
    expect(t.form()?.texts['type']).toBe('Market');
    // A market order has no price: the field goes and Tab skips it.
    t.run('form.nextField');
    expect(t.form()?.focus).toBe('size');
    t.run('form.prevField', 'form.prevField');
    expect(t.form()?.focus).toBe('side');
    formKey(t.app, 'right');
    expect(t.form()?.texts['side']).toBe('Sell');
  });

  it('a prefilled field is replaced by the first key typed into it', () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    t.run('order.modify');
    expect(t.form()?.focus).toBe('price');
    expect(t.form()?.texts['price']).toBe('149');
    t.type('148');
    expect(t.form()?.texts['price']).toBe('148');
    expect(t.screen()).toContain('Queue: goes to the back of the level (the price changes)');
  });

  it('the batch form takes one order a line; ";" starts a new line', () => {
    const t = setup();
    t.run('order.batch');
    t.type('buy 1 @ 140;sell 2 @ 160 alo');
    expect(t.form()?.texts['lines']).toBe('buy 1 @ 140\nsell 2 @ 160 alo');
    expect(t.screen()).toContain('#2 Sell 2 SOL1 @ 160 Alo');
  });
});

describe('nothing is sent unless the form is valid and confirmed', () => {
  it('Escape closes the form and sends nothing', async () => {
    const t = setup();
    t.run('order.buy');
    t.type('140');
    t.run('form.cancel');
    await t.settle();
    expect(selectTopOverlay(t.viewStore.getState())).toBeUndefined();
    expect(t.form()).toBeNull();
    expect(t.sent).toEqual([]);
  });

  it('Enter on an invalid form says why, moves to the field and sends nothing', async () => {
    const t = setup();
    t.run('order.buy');
    t.run('form.nextField');
    expect(t.form()?.focus).toBe('size');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toEqual([]);
    expect(t.form()?.stage).toBe('edit');
    expect(t.form()?.focus).toBe('price');
    expect(t.screen()).toContain('not sent: Price: required');
  });

  it('Enter shows the confirm step with the pre-trade facts; Enter again signs and shows the answer', async () => {
    const t = setup();
    t.run('order.buy');
    t.type('140');
    t.run('form.submit');
    expect(t.form()?.stage).toBe('confirm');
    const confirm = t.screen();
    expect(confirm).toContain('Notional: 140 USDC');
    expect(confirm).toMatch(/Margin: .* required at/);
    expect(confirm).toContain('Est. fill: nothing matches now; 1 would rest at 140');
    expect(confirm).toContain('Est. liquidation:');
    expect(confirm).toContain('Fee:');
    expect(t.sent).toEqual([]);
    t.run('form.submit');
    expect(t.form()?.stage).toBe('sending');
    expect(t.viewStore.getState().inFlight).toBe(1);
    await t.settle();
    expect(t.viewStore.getState().inFlight).toBe(0);
    expect(t.sent).toEqual([{ kind: 'order', payload: [{ contractId: 1, isBuy: true, size: '1', reduceOnly: false, tif: 'Gtc', price: '140' }] }]);
    expect(t.form()?.stage).toBe('result');
    expect(t.screen()).toContain('order answered [req-1]:');
    expect(t.screen()).toContain('#1 resting oid 900');
    t.run('form.submit');
    expect(t.form()).toBeNull();
  });

  it('Escape on the confirm step goes back to the fields with the values kept', () => {
    const t = setup();
    t.run('order.buy');
    t.type('140');
    t.run('form.submit', 'form.cancel');
    expect(t.form()?.stage).toBe('edit');
    expect(t.form()?.texts['price']).toBe('140');
    expect(t.sent).toEqual([]);
  });

  it('a guard needs the explicit override: plain Enter sends nothing, o then Enter sends', async () => {
    const t = setup({ settings: { guards: { maxNotional: '100' } } });
    t.run('order.buy');
    t.type('140');
    t.run('form.nextField');
    formKey(t.app, 'backspace');
    t.type('2');
    t.run('form.submit');
    expect(t.screen()).toContain('notional 280 USDC is above the 100 USDC guard (guards.maxNotional)');
    t.run('form.submit', 'form.submit');
    await t.settle();
    expect(t.sent).toEqual([]);
    expect(t.screen()).toContain('not sent: a guard needs an explicit override: press o, then Enter');
    t.run('form.override');
    expect(t.screen()).toContain('override armed');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toHaveLength(1);
  });

  it('confirm policy "never" sends on the first Enter, "above" only confirms above the notional', async () => {
    const never = setup({ settings: { confirm: { policy: 'never' } } });
    never.run('order.buy');
    never.type('140');
    never.run('form.submit');
    await never.settle();
    expect(never.sent).toHaveLength(1);

    const above = setup({ settings: { confirm: { policy: 'above', notional: '200' } } });
    above.run('order.buy');
    above.type('140');
    above.run('form.submit');
    expect(above.form()?.stage).toBe('sending');
    await above.settle();
    above.run('form.submit', 'order.buy');
    above.type('140');
    above.run('form.nextField');
    above.type('2');
    above.run('form.submit');
    expect(above.form()?.stage).toBe('confirm');
  });

  it('a stale book asks for one more confirmation on order entry', async () => {
    const t = setup();
    const s = t.store.getState();
    t.store.setState({ session: { ...s.session, staleness: { ...s.session.staleness, book: true } } });
    t.run('order.buy');
    t.type('140');
    t.run('form.submit');
    expect(t.screen()).toContain('the order book is stale');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toEqual([]);
    expect(t.screen()).toContain('press Enter once more to send anyway');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toHaveLength(1);
  });

  it('a master-only action with only an agent key says so before anything is signed', async () => {
    const t = setup({ master: false });
    t.run('collateral.lock');
    expect(t.screen()).toContain('lockCollateral needs the master key, but only an agent key is loaded');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toEqual([]);
  });

  it('monitor mode refuses every form key with a notice', () => {
    const t = setup({ readOnly: true });
    for (const id of ['order.buy', 'order.batch', 'collateral.move', 'book.ladder', 'agents.generate', 'form.override'] as const) {
      t.run(id);
      expect(t.viewStore.getState().notice?.text).toBe(READ_ONLY_REFUSAL);
    }
    expect(t.viewStore.getState().overlays).toEqual([]);
  });
});

describe('forms on selected rows and from the book', () => {
  it('cancel on the selected order goes straight to its confirm; the answer is per item', async () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    view.setSelection(t.viewStore, 'orders', 1);
    t.run('order.cancel');
    expect(t.form()?.stage).toBe('confirm');
    expect(t.screen()).toContain('Cancel sell 2 SOL1 @ 155 (oid 12)');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toEqual([{ kind: 'cancel', payload: [{ contractId: 1, oid: 12 }] }]);
    expect(t.screen()).toContain('#1 cancelled');
  });

  it('a modify of an order that has gone says so instead of acting on another row', () => {
    const t = setup();
    view.focus(t.viewStore, 'orders');
    t.run('order.modify');
    const s = t.store.getState();
    const { 11: _gone, ...rest } = s.orders.open;
    t.store.setState({ orders: { ...s.orders, open: rest } });
    expect(t.screen()).toContain('order 11 is no longer open (filled or cancelled)');
  });

  it('cancel all always confirms and shows the counts the exchange returns', async () => {
    const t = setup({ settings: { confirm: { policy: 'never' } } });
    t.run('order.cancelAll');
    expect(t.form()?.stage).toBe('confirm');
    t.run('form.submit');
    await t.settle();
    expect(t.screen()).toContain('cancelled 2 orders and 1 conditional order [req-5]');
  });

  it('B at the book cursor fills the order form and runs the same checks', () => {
    const t = setup();
    view.setBookCursor(t.viewStore, 147n);
    t.run('book.buyAtCursor');
    expect(t.form()?.texts).toMatchObject({ side: 'Buy', type: 'Gtc', price: '147' });
    expect(t.form()?.stage).toBe('confirm');
    expect(t.screen()).toContain('Buy at the cursor 147');
  });

  it('without a cursor the book key says what to do and opens nothing', () => {
    const t = setup();
    t.run('book.sellAtCursor');
    expect(t.viewStore.getState().notice?.text).toBe('move the book cursor to a price level first (j/k)');
    expect(t.viewStore.getState().overlays).toEqual([]);
  });

  it('flatten the selected position: a reduce-only Ioc bounded around the mark', () => {
    const t = setup();
    view.focus(t.viewStore, 'positions');
    t.run('position.flatten');
    expect(t.form()?.texts).toMatchObject({ side: 'Sell', type: 'Ioc', size: '10', reduceOnly: 'yes' });
    expect(t.screen()).toContain('Flatten: sell 10 Ioc');
  });

  it('the ladder key proposes five orders from the cursor in the batch form', () => {
    const t = setup();
    view.setBookCursor(t.viewStore, 148n);
    t.run('book.ladder');
    expect(t.form()?.formId).toBe('orderBatch');
    expect(t.form()?.texts['lines']?.split('\n')).toHaveLength(5);
    expect(t.form()?.texts['lines']).toContain('buy 1 @ 148');
  });

  it('a margin-mode refusal is explained before signing; a rejection comes back verbatim', async () => {
    const t = setup();
    t.run('margin.mode');
    expect(t.screen()).toContain('Margin mode: SOL1 has 1 open position and 2 open orders;');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toEqual([]);
  });

  it('leverage: the answer is shown and remembered for the next pre-trade', async () => {
    const t = setup();
    t.run('margin.leverage');
    t.type('3');
    t.run('form.submit', 'form.submit');
    await t.settle();
    expect(t.sent).toEqual([{ kind: 'send', payload: { type: 'updateLeverage', asset: 1, leverage: 3 } }]);
    expect(t.viewStore.getState().leverageOf).toEqual({ 1: 3 });
  });
});

describe('menus and agent keys', () => {
  it('C lists every collateral movement with the balances; a digit opens one', () => {
    const t = setup();
    t.run('collateral.move');
    const menu = t.screen();
    expect(menu).toContain('chain balance: 8,000 USDC');
    expect(menu).toContain('8 Switch margin share type');
    formKey(t.app, '3');
    expect(t.form()?.formId).toBe('transferBetweenDeployers');
    expect(t.viewStore.getState().overlays).toHaveLength(1);
  });

  it('generating an agent key saves it encrypted and opens the approve form with its address', async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-forms-'));
    const t = setup({ stateDir: tmp });
    t.run('agents.manage');
    expect(t.screen()).toContain('slots: anonymous 1/1, named 2/3');
    t.run('form.submit');
    expect(t.form()?.formId).toBe('generateAgent');
    t.type('short');
    t.run('form.nextField');
    t.type('short');
    t.run('form.submit');
    expect(t.screen()).toContain('not saved: Password: at least 8 characters');
    expect(t.screen()).not.toContain('short');
    // Back on a filled field, the first key replaces what was there.
    t.run('form.prevField');
    t.type('long-enough');
    t.run('form.nextField');
    t.type('long-enough');
    t.run('form.submit');
    for (let i = 0; i < 200 && t.form()?.formId !== 'approveAgent'; i++) await new Promise((r) => setTimeout(r, 50));
    const address = t.form()?.texts['address'] ?? '';
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    const file = path.join(tmp, 'agents', `${address}.json`);
    const keystore = JSON.parse(readFileSync(file, 'utf8')) as { address: string; crypto: { kdf: string } };
    expect(keystore.address).toBe(address.slice(2));
    expect(keystore.crypto.kdf).toBe('scrypt');
    await expect(decryptKeystore(keystore, 'long-enough')).resolves.toHaveLength(32);
    expect(t.screen()).toContain('takes the anonymous slot, replacing');
    expect(t.sent).toEqual([]);
  }, 30_000);
});
