import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formKey } from '../../src/ui/forms/formActions.js';
import { view } from '../../src/ui/view/viewStore.js';
import { decryptKeystore } from '../../src/wallet/keystore.js';
import { setup } from './support/formHarness.js';
import { tempDirs } from '../support/tempDirs.js';

const algoDir = tempDirs('perpdesk-algoform-');

/** Forms on the selected order, position and agent, book keys, menus and agent key generation. */

let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
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
    expect(t.viewStore.getState().toast?.text).toContain('#1 cancelled');
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

  it('Escape on the confirm step of a form without fields closes it', () => {
    const t = setup();
    t.run('order.cancelAll', 'form.cancel');
    expect(t.form()).toBeNull();
    expect(t.viewStore.getState().overlays).toEqual([]);
    expect(t.sent).toEqual([]);
  });

  it('cancel all always confirms and shows the counts the exchange returns', async () => {
    const t = setup({ settings: { confirm: { policy: 'never' } } });
    t.run('order.cancelAll');
    expect(t.form()?.stage).toBe('confirm');
    t.run('form.submit');
    await t.settle();
    expect(t.viewStore.getState().toast?.text).toContain('cancelled 2 orders and 1 conditional order [req-5]');
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
    // The note says what the key does; the order is said once, on its own line.
    expect(t.screen()).toContain('Flatten: closes the position with an Ioc bounded 5% through the mark');
    expect(t.screen()).toContain('Sell 10 SOL1 @ 144 Ioc, reduce-only');
  });

  it('the scale key proposes five buys from the cursor down in the scale form, each of the default size', async () => {
    const t = setup({ algosIn: algoDir() });
    await t.settle();
    view.setBookCursor(t.viewStore, 148n);
    t.run('book.scale');
    expect(t.form()?.formId).toBe('algoScale');
    expect(t.form()?.texts).toMatchObject({ side: 'buy', size: '5', orders: '5', from: '148', to: '144' });
    // Five orders of 1 from 148 down to 144: the preview lists each, the total and the average.
    expect(t.screen()).toContain('5 Gtc buys, 5 SOL1 in all at an average of 146');
    expect(t.screen()).toContain('#5 buy 1 @ 144');
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
    expect(menu).toContain('chain balance: 8,000.00 USDC');
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
