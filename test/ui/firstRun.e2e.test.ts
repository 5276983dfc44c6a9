import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from '../../src/protocol/index.js';
import { newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { KEYS } from '../support/terminal.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';

/**
 * A first run against a deployment as a person meets it, in a real pty: the key comes from
 * PERPDESK_PRIVATE_KEY, the address is new. Before the screen is taken perpdesk says what it
 * is about to do, warns about the key on the plain terminal, asks again after a mistyped
 * invite code, and asks how much collateral to lock.
 */
let ex: TestExchange;
let dash: Dashboard | undefined;

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'calm' });
});
afterEach(async () => {
  await dash?.stop();
  dash = undefined;
});
afterAll(async () => {
  await ex?.close();
});

describe('first run against a deployment', () => {
  it('explains the steps, asks again after a wrong code, asks the collateral, and warns about the env key on both screens', async () => {
    const key = newKey();
    dash = launchDashboard(['--url', ex.url, '--contract', 'SOL1'], { env: { PERPDESK_PRIVATE_KEY: key } });
    const t = dash.term;
    await t.waitFor(/Invite code/, 20_000);
    const plain = await t.text();
    expect(plain).toMatch(/has no account on http:\/\/127\.0\.0\.1:\d+ yet\. perpdesk will now:/);
    expect(plain).toMatch(/lock part of the credit as collateral/);
    await t.type('ZZZZZZ');
    await t.press(KEYS.enter);
    await t.waitFor(/2 more tries/, 10_000);
    await t.type(ex.inviteCode());
    await t.press(KEYS.enter);
    await t.waitFor(/USDC to lock as collateral in deployer 1 \(10000 available\) \[5000\]/, 20_000);
    await t.type('4000');
    await t.press(KEYS.enter);
    // The amount is echoed and asked about once more before it is locked.
    await t.waitFor(/Lock 4000 USDC as collateral in deployer 1\? \[Y\/n\]/, 20_000);
    await t.press(KEYS.enter);
    // The warning is written before the screen is taken, so it stays in the plain output.
    await t.waitFor(() => /perpdesk: warning: using a private key from PERPDESK_PRIVATE_KEY/.test(t.output()), 20_000);
    // And on the status bar of the screen.
    await t.waitFor((s) => s.includes('SOL1') && s.includes('using a private key'), 20_000);
    expect(t.output().toLowerCase()).not.toContain(key.slice(2).toLowerCase());
    const info = await ex.info({ type: 'userAccount', user: addressOf(key).toLowerCase() });
    expect(JSON.stringify(info.body)).toContain('"4000');
  }, 90_000);
});

