import { describe, expect, it } from 'vitest';
import type { OrderSpec } from '../../src/protocol/wire/index.js';
import { formKey, formTakesText } from '../../src/ui/forms/formActions.js';
import { view, selectTopOverlay } from '../../src/ui/view/viewStore.js';
import { setup } from './support/formHarness.js';
import { READ_ONLY_REFUSAL } from '../../src/keymap/index.js';

/** Typing, validation as typed, the confirm step, guards and policies: what is (not) sent. */

describe('typing into a form', () => {
  it('opens on the prefilled price, which the first key replaces; text goes in, Backspace takes it out', () => {
    const t = setup();
    t.run('order.buy');
    expect(t.form()?.focus).toBe('price');
    expect(t.form()?.replace).toBe(true);
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
    // The prefilled price, taken out.
    formKey(t.app, 'backspace');
    t.run('form.nextField');
    expect(t.form()?.focus).toBe('size');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toEqual([]);
    expect(t.form()?.stage).toBe('edit');
    expect(t.form()?.focus).toBe('price');
    expect(t.screen()).toContain('not sent: Price: required');
  });

  it('Enter shows the confirm step with the pre-trade facts; Enter again signs, the answer is a toast and the form closes', async () => {
    const t = setup();
    t.run('order.buy');
    t.type('140');
    t.run('form.submit');
    expect(t.form()?.stage).toBe('confirm');
    const confirm = t.screen();
    expect(confirm).toContain('Notional: 140.00 USDC');
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
    expect(t.sent).toEqual([{ kind: 'order', payload: [{ contractId: 1, isBuy: true, size: '1', reduceOnly: false, tif: 'Gtc', price: '140', cloid: expect.stringMatching(/^\d+$/) }] }]);
    expect(t.form()).toBeNull();
    expect(t.viewStore.getState().overlays).toEqual([]);
    expect(t.viewStore.getState().toast).toMatchObject({ text: 'order answered [req-1]: #1 resting oid 900', tone: 'success' });
  });

  it('while the request is in flight the form says so and q asks before quitting', async () => {
    const t = setup({ settings: { confirm: { policy: 'never' } } });
    let release: () => void = () => {};
    const exchange = (t.app.session as unknown as { exchange: { order: (specs: OrderSpec[]) => Promise<unknown> } }).exchange;
    const answer = exchange.order;
    exchange.order = (specs) => new Promise((r) => (release = () => r(answer(specs))));
    t.run('order.buy');
    t.type('140');
    t.run('form.submit');
    expect(t.screen()).toContain('sending… waiting for the exchange’s answer');
    formKey(t.app, 'q');
    expect(selectTopOverlay(t.viewStore.getState())).toEqual({ kind: 'quitConfirm', inFlight: true });
    t.run('confirm.no');
    release();
    await t.settle();
    await t.settle();
    expect(t.form()).toBeNull();
    expect(t.viewStore.getState().toast?.text).toContain('#1 resting oid 900');
  });

  it('n on the confirm step goes back to the fields with the values kept; Escape closes it all at once', () => {
    const t = setup();
    t.run('order.buy');
    t.type('140');
    t.run('form.submit');
    formKey(t.app, 'n');
    expect(t.form()?.stage).toBe('edit');
    expect(t.form()?.texts['price']).toBe('140');
    t.run('form.submit', 'form.cancel');
    expect(t.form()).toBeNull();
    expect(t.viewStore.getState().overlays).toEqual([]);
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
    expect(t.screen()).toContain('notional 280.00 USDC is above the 100.00 USDC guard (guards.maxNotional)');
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
    for (const id of ['order.buy', 'order.batch', 'collateral.move', 'book.scale', 'algo.menu', 'algos.cancel', 'agents.generate', 'form.override'] as const) {
      t.run(id);
      expect(t.viewStore.getState().notice?.text).toBe(READ_ONLY_REFUSAL);
    }
    expect(t.viewStore.getState().overlays).toEqual([]);
  });
});

