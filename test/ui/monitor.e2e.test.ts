import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { KEYS } from '../support/terminal.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';

/**
 * Monitor mode end to end: `--read-only --address` against a separately started exchange
 * where another process traded. No key is loaded, yet that account's open orders and
 * positions show, and every write key is refused.
 */

let ex: TestExchange;
let alice: Registered;
let dash: Dashboard | undefined;

async function ok(action: { type: string }, who: Registered): Promise<void> {
  const data = exchangeData<{ statuses?: { error?: string }[]; errorCode?: number; errorMessage?: string }>(await ex.signedPost(action, who.key));
  const err = data.errorMessage ?? data.statuses?.find((s) => s.error)?.error;
  if (err) throw new Error(`${action.type}: ${err}`);
}

describe('perpdesk --read-only --address', () => {
  beforeAll(async () => {
    ex = await startTestExchange({ activity: 'off' });
    alice = await ex.registerFunded();
    const bob = await ex.registerFunded();
    for (const who of [alice, bob]) {
      await ok(build.enroll(1), who);
      await ok(build.lockCollateral(1, 0, '3000000000'), who);
    }
    // Alice bids 5 at 140; Bob sells 2 into it: Alice is long 2 with 3 still resting.
    await ok(build.order([{ contractId: 1, isBuy: true, price: '140', size: '5', tif: 'Gtc' }]), alice);
    await ok(build.order([{ contractId: 1, isBuy: false, price: '140', size: '2', tif: 'Ioc' }]), bob);
  });
  afterAll(async () => {
    await ex?.close();
  });
  afterEach(async () => {
    await dash?.stop();
    dash = undefined;
  });

  it("shows another account's orders and positions without any key", async () => {
    dash = launchDashboard(['--url', ex.url, '--read-only', '--address', alice.address, '--contract', 'SOL1'], { cols: 120, rows: 40 });
    const t = dash.term;
    const s = await t.waitFor((x) => x.includes('READ-ONLY') && /140\s+3\/5/.test(x), 20_000);
    expect(s).not.toContain('EMBEDDED');
    // The position pane lists SOL1 with size 2.
    await t.waitFor((x) => /SOL1\s+Long\s+\+2\b/.test(x), 20_000);

    await t.press('b');
    await t.waitFor('monitor mode (--read-only)');
    // The orders' row menu (.) lists nothing that signs, and its keys stay refused.
    await t.press(KEYS.tab, KEYS.tab, KEYS.tab);
    await t.waitFor('┏━ Orders SOL1');
    await t.press('.');
    const menu = await t.waitFor('Orders: oid');
    expect(menu).toContain("Copy the selected row's id");
    expect(menu).not.toContain('Cancel the selected order');
    await t.press('x');
    const after = await t.waitFor((x) => !x.includes('Orders: oid'));
    expect(after).not.toContain('Cancel order');
    await t.press('?');
    const help = await t.waitFor('Help: keys');
    expect(help).not.toContain('Buy (new order)');
    expect(help).toContain('write commands hidden');
    // Ctrl-C quits from inside an overlay, at once, with the screen given back.
    await t.press(KEYS.ctrlC);
    expect((await t.exited).exitCode).toBe(0);
    expect(t.isAlternateScreen()).toBe(false);
  });
});
