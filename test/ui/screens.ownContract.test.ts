import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { waitFor } from '../support/waitFor.js';
import { screensForFile, type TestScreen } from './support/screens.js';

/**
 * Issue 30: two screens in one process (as `perpdesk serve` mounts them) over one session.
 * Each picks its own contract and types its own order form at the same time; each signed
 * order carries its own screen's contract, price and size. One screen leaving does not take
 * the other's typing with it; a read-only screen's picks never reach a trading screen's form.
 */
const s = screensForFile({ contract: 'SOL1' });

const BS = '\x7f';
const formOf = (t: TestScreen) => t.view.getState().form;
const contractIdOf = (name: string) => s().session.store.getState().market.contracts[name]!.contractId;

async function pick(t: TestScreen, name: string): Promise<void> {
  await t.press('p');
  await waitFor(() => t.view.getState().overlays.some((o) => o.kind === 'picker'), `${t.name}: the contract picker`);
  await t.press(...name, KEYS.enter);
  await t.vt.waitFor(new RegExp(`${name}`), 15_000);
}

/** Tab until the form's focus is on `key` (the form opens where typing is needed). */
async function focusField(t: TestScreen, key: string): Promise<void> {
  for (let i = 0; i < 12 && formOf(t)?.focus !== key; i++) await t.press(KEYS.tab);
  expect(formOf(t)?.focus, `${t.name}: focus on ${key}`).toBe(key);
}

async function typeField(t: TestScreen, key: string, text: string): Promise<void> {
  await focusField(t, key);
  await t.press(...Array<string>(12).fill(BS), ...text);
  expect(formOf(t)?.texts[key], `${t.name}: ${key} as typed`).toBe(text);
}

/** Enter to the confirm step, Enter again to sign (once more if the book was stale that moment). */
async function submit(t: TestScreen): Promise<void> {
  await t.press(KEYS.enter);
  await waitFor(() => formOf(t)?.stage === 'confirm', `${t.name}: the confirm step (${JSON.stringify(formOf(t)?.message)})`, 15_000);
  await t.press(KEYS.enter);
  if (formOf(t)?.stage === 'confirm' && formOf(t)?.confirm?.staleAck) await t.press(KEYS.enter);
}

describe('two screens in one process', () => {
  it('each types its own order form on its own contract at the same time; each signed order is its own', async () => {
    const a = s().mount('screen-a');
    const b = s().mount('screen-b');
    await a.vt.waitFor('SOL1', 15_000);
    await b.vt.waitFor('SOL1', 15_000);
    await pick(a, 'ETH1');
    // B did not move.
    expect((await b.vt.text()).split('\n')[0]).toContain('SOL1');
    expect((await b.vt.text()).split('\n')[0]).not.toContain('ETH1');

    // Both forms open at once, typed in turns.
    await a.press('b');
    await b.press('b');
    await waitFor(() => formOf(a) !== null && formOf(b) !== null, 'both order forms');
    await typeField(a, 'price', '2000');
    await typeField(b, 'price', '100');
    await typeField(a, 'size', '0.5');
    await typeField(b, 'size', '3');
    expect(formOf(a)?.texts['price']).toBe('2000');
    expect(formOf(b)?.texts['price']).toBe('100');

    await submit(a);
    await submit(b);
    await waitFor(() => s().signed.length >= 2, 'two signed orders', 15_000);
    const byA = s().signed.filter((o) => o.by === 'screen-a');
    const byB = s().signed.filter((o) => o.by === 'screen-b');
    expect(byA).toHaveLength(1);
    expect(byB).toHaveLength(1);
    expect(byA[0]!.specs).toMatchObject([{ contractId: contractIdOf('ETH1'), isBuy: true, price: '2000', size: '0.5' }]);
    expect(byB[0]!.specs).toMatchObject([{ contractId: contractIdOf('SOL1'), isBuy: true, price: '100', size: '3' }]);

    // B leaves; A still types into a form of its own.
    b.unmount();
    await waitFor(() => formOf(a) === null || formOf(a)?.stage === 'result', 'A: its answer');
    if (formOf(a)) await a.press(KEYS.escape);
    await a.press('s');
    await waitFor(() => formOf(a) !== null, 'A: a sell form');
    await typeField(a, 'price', '4321');
    expect(formOf(a)?.texts['price']).toBe('4321');
    await a.press(KEYS.escape);
    a.unmount();
  }, 120_000);

  it("on one contract, each screen's keys type into its own form, and the first one mounted still types after the second leaves", async () => {
    const first = s().mount('first');
    const second = s().mount('second');
    await first.vt.waitFor('SOL1', 15_000);
    await second.vt.waitFor('SOL1', 15_000);
    await first.press('b');
    await second.press('s');
    await waitFor(() => formOf(first) !== null && formOf(second) !== null, 'both order forms');
    await typeField(first, 'price', '111');
    await typeField(second, 'price', '222');
    expect(formOf(first)?.texts['price']).toBe('111');
    expect(formOf(second)?.texts['price']).toBe('222');
    await second.press(KEYS.escape);
    second.unmount();
    await typeField(first, 'size', '7');
    await first.press(KEYS.escape);
    first.unmount();
  }, 120_000);

  it("a read-only screen's pick while a trading screen's form is at its confirm step: what is signed is unchanged", async () => {
    const before = s().signed.length;
    const trader = s().mount('trader');
    const watcher = s().mount('watcher', { readOnly: true });
    await trader.vt.waitFor('SOL1', 15_000);
    await watcher.vt.waitFor('SOL1', 15_000);
    await trader.press('s');
    await waitFor(() => formOf(trader) !== null, 'the sell form');
    await typeField(trader, 'price', '190');
    await typeField(trader, 'size', '1');
    await trader.press(KEYS.enter);
    await waitFor(() => formOf(trader)?.stage === 'confirm', 'the confirm step', 15_000);
    const shown = await trader.vt.text();
    expect(shown).toMatch(/Sell 1(\.0+)? SOL1 @ 190/);

    await pick(watcher, 'ETH1');
    expect((await trader.vt.text()).split('\n')[0]).toContain('SOL1');
    expect(await trader.vt.text()).toMatch(/Sell 1(\.0+)? SOL1 @ 190/);
    await trader.press(KEYS.enter);
    if (formOf(trader)?.stage === 'confirm' && formOf(trader)?.confirm?.staleAck) await trader.press(KEYS.enter);
    await waitFor(() => s().signed.length > before, 'the trader’s order signed', 15_000);
    const mine = s().signed.slice(before);
    expect(mine.map((o) => o.by)).toEqual(['trader']);
    expect(mine[0]!.specs).toMatchObject([{ contractId: contractIdOf('SOL1'), isBuy: false, price: '190', size: '1' }]);
    trader.unmount();
    watcher.unmount();
  }, 120_000);
});
