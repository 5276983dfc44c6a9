import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSpec } from '../../src/protocol/wire/index.js';
import { loadConfig } from '../../src/startup/config.js';
import { newestMessage } from '../../src/ui/app/StatusBar.js';
import { cyclePriceSource, formKey } from '../../src/ui/forms/formActions.js';
import { saveConfirmPolicy } from '../../src/ui/forms/saveConfirmPolicy.js';
import { view } from '../../src/ui/view/viewStore.js';
import { setup } from './support/formHarness.js';

/**
 * Order entry in two keystrokes, as the keys drive it over the fixture stores (book 150 /
 * 152, last trade 151): the price source key, percent sizes, the answer as a toast, and
 * "don't ask again" writing the config file.
 */
let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});
const tempDir = () => (tmp = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-entry-')));

describe('the price and its source', () => {
  it('b opens at the best bid; Ctrl+P walks last, mid, best; the side carries the source; a typed price stops following', () => {
    const t = setup();
    t.run('order.buy');
    expect(t.form()).toMatchObject({ texts: { price: '150', size: '1' }, priceSource: 'best', focus: 'price', replace: true });
    expect(t.screen()).toContain('150  best bid · Ctrl+P mid/best/last/cursor');
    const walk: [string | undefined, string | undefined][] = [];
    for (let i = 0; i < 3; i++) {
      cyclePriceSource(t.app);
      walk.push([t.form()?.priceSource, t.form()?.texts['price']]);
    }
    // No cursor: the form was not opened from the book.
    expect(walk).toEqual([['last', '151'], ['mid', '151'], ['best', '150']]);
    t.run('form.prevField', 'form.prevField');
    formKey(t.app, 'right');
    expect(t.form()?.texts).toMatchObject({ side: 'Sell', price: '152' });
    expect(t.screen()).toContain('best ask');
    t.run('form.nextField', 'form.nextField');
    t.type('151');
    expect(t.form()?.priceSource).toBeUndefined();
    expect(t.screen()).toMatch(/151▏? +typed · Ctrl\+P/);
    formKey(t.app, 'left');
    expect(t.form()?.texts['price']).toBe('151');
  });

  it('opened from the book, the cursor\'s level is a source; a book key\'s price says it came from the cursor', () => {
    const t = setup();
    view.focus(t.viewStore, 'book');
    view.setBookCursor(t.viewStore, 146n);
    t.run('order.buy');
    expect(t.form()?.captured.cursorPx).toBe('146');
    cyclePriceSource(t.app);
    cyclePriceSource(t.app);
    expect(t.form()).toMatchObject({ priceSource: 'cursor', texts: { price: '146' } });
    expect(t.screen()).toContain('book cursor');
    t.run('form.cancel', 'book.sellAtCursor');
    expect(t.form()).toMatchObject({ priceSource: 'cursor', texts: { side: 'Sell', price: '146' } });
  });
});

describe('sizes as a percentage', () => {
  it('"25%" shows the size it stands for, the maximum and the notional as typed', () => {
    const t = setup();
    t.run('order.buy', 'form.nextField');
    t.type('25%');
    expect(t.screen()).toMatch(/25% of max \d+ = \d+ · notional [\d,.]+ USDC/);
    formKey(t.app, 'backspace');
    t.type('0%');
    expect(t.screen()).toContain('✕ Size: a percentage above 0% and at most 100%');
  });
});

describe('the answer', () => {
  it('a refusal keeps the form open with the answer, and as a toast; n goes back to the fields', async () => {
    const t = setup();
    const exchange = (t.app.session as unknown as { exchange: { order: (specs: OrderSpec[]) => Promise<unknown> } }).exchange;
    exchange.order = async () => ({ ok: true, statuses: [{ error: 'insufficient margin' }], requestId: 'req-8', nonce: 1, signer: { role: 'agent', address: '0x0' }, cloids: ['5'] });
    t.run('order.buy', 'form.submit', 'form.submit');
    await t.settle();
    expect(t.form()?.stage).toBe('result');
    expect(t.screen()).toContain('#1 error: insufficient margin');
    expect(t.viewStore.getState().toast).toMatchObject({ tone: 'error', text: 'order answered [req-8]: #1 error: insufficient margin' });
    formKey(t.app, 'n');
    expect(t.form()).toMatchObject({ stage: 'edit', texts: { price: '150' } });
  });

  it('the status bar holds a toast a moment, then shows the newest of toast, notice and error; an expired toast hides what came before it', () => {
    const toast = { text: 'order answered', tone: 'success' as const, at: 1_000, ms: 8_000 };
    const old = { text: 'old notice', tone: 'info' as const, at: 500 };
    expect(newestMessage(old, null, toast, 2_000)).toEqual({ text: 'order answered', tone: 'success', toast: true, at: 1_000 });
    // The fill its order caused at once waits until the toast has been readable for a moment.
    expect(newestMessage({ ...old, at: 1_100, text: 'Filled: buy 1' }, null, toast, 2_000)?.text).toBe('order answered');
    expect(newestMessage({ ...old, at: 1_100, text: 'Filled: buy 1' }, null, toast, 4_100)?.text).toBe('Filled: buy 1');
    expect(newestMessage(old, { message: 'ws down', time: 900 }, toast, 20_000)).toBeUndefined();
    expect(newestMessage(old, { message: 'ws down', time: 9_500 }, toast, 20_000)).toEqual({ text: 'ws down', tone: 'error', at: 9_500 });
    expect(newestMessage(old, undefined, null, 20_000)).toEqual({ text: 'old notice', tone: 'info', at: 500 });
  });
});

describe('"don\'t ask again for orders up to N"', () => {
  it('sends this order, writes confirm.order into the config file (other keys kept, 0600) and applies at once', async () => {
    const file = path.join(tempDir(), 'config.json');
    writeFileSync(file, `${JSON.stringify({ theme: 'mono', guards: { maxDistancePct: '50' }, confirm: { policy: 'always' } }, null, 2)}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    const config = loadConfig(file);
    const t = setup({ settings: { confirm: config.confirm, guards: config.guards } });
    t.run('order.buy', 'form.submit');
    expect(t.form()?.confirm?.plan.skipUnder).toEqual({ above: '200', coin: 'USDC' });
    expect(t.screen()).toContain("a: send, and don't ask again for orders up to 200 USDC");
    t.run('form.skipConfirm');
    await t.settle();
    expect(t.sent).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'mono', guards: { maxDistancePct: '50' }, confirm: { policy: 'always', order: { above: '200' } } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(t.viewStore.getState().notice?.text).toBe(`orders up to 200 USDC now send without asking (confirm.order saved to ${file})`);
    // At once: an order under 200 goes on the first Enter, one above still asks.
    t.run('order.buy', 'form.submit');
    await t.settle();
    expect(t.sent).toHaveLength(2);
    t.run('order.buy', 'form.nextField');
    t.type('2');
    t.run('form.submit');
    expect(t.form()?.stage).toBe('confirm');
  });

  it('a config file that does not parse is left as it was; a missing one is created; a link is written through', () => {
    const dir = tempDir();
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"theme": "mono",');
    expect(() => saveConfirmPolicy(broken, 'order', { above: '200' })).toThrow('not valid JSON, left unchanged');
    expect(readFileSync(broken, 'utf8')).toBe('{"theme": "mono",');
    const fresh = path.join(dir, 'new', 'config.json');
    saveConfirmPolicy(fresh, 'cancel', 'never');
    expect(JSON.parse(readFileSync(fresh, 'utf8'))).toEqual({ confirm: { cancel: 'never' } });
    const target = path.join(dir, 'dotfiles.json');
    writeFileSync(target, '{"contract":"ETH1"}');
    const link = path.join(dir, 'link.json');
    symlinkSync(target, link);
    saveConfirmPolicy(link, 'order', 'always');
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ contract: 'ETH1', confirm: { order: 'always' } });
  });
});
