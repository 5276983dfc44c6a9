import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../src/state/store.js';
import { view } from '../../src/ui/view/viewStore.js';
import { setup } from './support/formHarness.js';

/**
 * Issue 30: an open form stays on the contract it was opened for, whatever the screen shows
 * next; once that contract stops trading the form says why, and neither Enter on its fields
 * nor Enter on its confirm step signs anything.
 */
function halt(store: AppStore, name: string, status = 'Halted'): void {
  const s = store.getState();
  const { [name]: _gone, ...contracts } = s.market.contracts;
  const configs = { ...s.market.configs!, contracts: s.market.configs!.contracts.map((c) => (c.name === name ? { ...c, status } : c)) };
  store.setState({ market: { ...s.market, configs: configs as typeof s.market.configs, contracts } });
}

function orderOnSol(t: ReturnType<typeof setup>): void {
  t.run('order.buy');
  expect(t.form()?.captured.contract).toBe('SOL1');
}

describe('a form keeps its contract', () => {
  it('the screen moving to another contract leaves an open order form on the one it opened for', () => {
    const t = setup();
    orderOnSol(t);
    view.setContract(t.viewStore, 'ETH1');
    expect(t.store.getState().market.selected).toBe('ETH1');
    t.run('form.submit');
    expect(t.form()?.stage).toBe('confirm');
    expect(t.form()?.confirm?.built.action).toMatchObject({ type: 'order', orders: [{ a: 1 }] });
    expect(t.screen()).toContain('SOL1');
    expect(t.screen()).not.toContain('ETH1');
  });

  it('its contract halted while it is on its fields: the form says why and Enter signs nothing', () => {
    const t = setup();
    orderOnSol(t);
    halt(t.store, 'SOL1');
    expect(t.screen()).toContain('SOL1 is not tradable now: its status is Halted');
    t.run('form.submit');
    t.run('form.submit');
    expect(t.sent).toEqual([]);
    expect(t.form()?.message?.text).toBe('not sent: SOL1 is not tradable now: its status is Halted');
  });

  it('its contract delisted at the confirm step: Enter signs nothing and says why; back to Active, it signs', async () => {
    const t = setup();
    orderOnSol(t);
    t.run('form.submit');
    expect(t.form()?.stage).toBe('confirm');
    const before = t.store.getState().market;
    halt(t.store, 'SOL1', 'Delisted');
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toEqual([]);
    expect(t.form()?.message?.text).toBe('not sent: SOL1 is not tradable now: its status is Delisted');
    t.store.setState({ market: before });
    t.run('form.submit');
    if (t.form()?.stage === 'confirm') t.run('form.submit');
    await t.settle();
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]).toMatchObject({ kind: 'order', payload: [{ contractId: 1 }] });
  });

  it('a contract gone from the configs altogether is named as such', () => {
    const t = setup();
    orderOnSol(t);
    const s = t.store.getState();
    const { SOL1: _sol, ...contracts } = s.market.contracts;
    t.store.setState({ market: { ...s.market, contracts, configs: { ...s.market.configs!, contracts: s.market.configs!.contracts.filter((c) => c.name !== 'SOL1') } } });
    t.run('form.submit');
    expect(t.sent).toEqual([]);
    expect(t.form()?.message?.text).toBe('not sent: SOL1 is no longer listed by the exchange');
  });
});

describe("another screen's contract does not make this one's book stale", () => {
  it('the book is judged on the channels of the contract in view, and the form on those of its own contract', async () => {
    const t = setup();
    const s = t.store.getState();
    // SOL1's book is live; ETH1's (another screen's pick) is still subscribing.
    t.store.setState({ session: { ...s.session, channels: { 'l2Book:1': 'live', 'bbo:1': 'live', 'trades:1': 'live', 'l2Book:3': 'subscribing', 'bbo:3': 'subscribing' } } });
    t.store.setState({ session: { ...t.store.getState().session, staleness: { ...t.store.getState().session.staleness, book: true } } });
    expect(t.store.getState().session.staleness.book).toBe(false);
    orderOnSol(t);
    t.run('form.submit');
    expect(t.form()?.stage).toBe('confirm');
    expect(t.form()?.confirm?.plan.staleBook).toBeUndefined();
    view.setContract(t.viewStore, 'ETH1');
    expect(t.store.getState().session.staleness.book).toBe(true);
    // The form is on SOL1, whose book is live: one Enter signs.
    t.run('form.submit');
    await t.settle();
    expect(t.sent).toHaveLength(1);
  });
});
