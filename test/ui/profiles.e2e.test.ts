import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { KEYS } from '../support/terminal.js';
import { trader, type Trader } from '../exchange/traders.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';
import { writeProfiles } from './support/profileConfig.js';
import { keys, settled } from './support/tradingDashboard.js';

/**
 * `P` switches the running dashboard to another profile of the config file: two accounts on
 * one exchange (2,000 and 3,000 USDC locked), each with its own agent key. After every switch
 * the header names the account in view and no figure of the other account is on screen; an
 * order placed after a switch lands on the account in view, none on the other.
 */
let ex: TestExchange;
let d: Dashboard | undefined;
const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-profiles-'));
let alice: Trader;
let bob: Trader;

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

beforeAll(async () => {
  ex = await startTestExchange();
  [alice, bob] = await Promise.all([trader(ex, 2_000n), trader(ex, 3_000n)]);
}, 30_000);
afterAll(async () => {
  await d?.stop();
  await ex?.close();
  rmSync(home, { recursive: true, force: true });
});

async function openOrders(who: Trader): Promise<unknown[]> {
  return (await ex.info<unknown[]>({ type: 'userOrders', user: who.address, marketDeployerId: 1 })).body;
}

describe('switching profiles live', () => {
  it('shows only the account in view, over several switches, and trades for it', async () => {
    await writeProfiles(ex, home, [['alice', alice], ['bob', bob]]);
    d = launchDashboard([], { cols: 120, rows: 40, home });
    const t = d.term;
    const showing = (who: Trader, other: Trader, equity: string) => (s: string) =>
      s.includes(`${who === alice ? 'alice' : 'bob'} ${short(who.address)}`) && !s.includes(short(other.address)) && s.includes(`equity ${equity}`) && s.includes('● ws');
    await settled(t, showing(alice, bob, '2,000.00'), 30_000);
    for (const [to, from, equity] of [[bob, alice, '3,000.00'], [alice, bob, '2,000.00'], [bob, alice, '3,000.00']] as const) {
      await keys(t, ['P'], 'Profile');
      const name = to === alice ? 'alice' : 'bob';
      await keys(t, [...name], new RegExp(`›?\\s*${name}\\s`));
      await keys(t, [KEYS.enter], showing(to, from, equity), 30_000);
    }
    // On bob now: an order goes to bob's account.
    await keys(t, ['b', '1', '0', '0'], 'Buy 1 SOL1 @ 100 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    await keys(t, [KEYS.enter], /Buy\s+100\s+1\/1/);
    expect(await openOrders(bob)).toHaveLength(1);
    expect(await openOrders(alice)).toHaveLength(0);
  }, 120_000);
});
