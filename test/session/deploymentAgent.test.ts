import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentAgentFile, openTarget, type Target } from '../../src/session/target.js';
import { PrivateKey } from '../../src/wallet/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { act, trader, type Trader } from '../exchange/traders.js';

/**
 * perpdesk keeps an agent key of its own for a master account on a deployment. An agent serves
 * one master only, so two accounts on one deployment need two keys: one shared file made the
 * second account's approval fail, and its orders were signed by the master key.
 */
let ex: TestExchange;
let alice: Trader;
let bob: Trader;
const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-agentfile-'));
const hooks = { onProgress: () => {}, log: () => {} };

beforeAll(async () => {
  ex = await startTestExchange();
  [alice, bob] = await Promise.all([trader(ex, 1_000n), trader(ex, 1_000n)]);
  for (const [name, who] of [['alice', alice], ['bob', bob]] as const) writeFileSync(path.join(home, `${name}.key`), `${who.key}\n`, { mode: 0o600 });
}, 30_000);
afterAll(async () => {
  await ex?.close();
  rmSync(home, { recursive: true, force: true });
});

const open = (name: string, stateDir: string) => openTarget({ url: ex.url, keyFile: path.join(home, `${name}.key`), readOnly: false }, stateDir, hooks);

async function agentsOf(who: Trader): Promise<string[]> {
  const id = (await ex.info<{ accountId: number }>({ type: 'userAccount', user: who.address })).body.accountId;
  return (await ex.info<{ address: string }[]>({ type: 'userAgents', accountId: String(id) })).body.map((a) => a.address.toLowerCase());
}

const agentAddress = (t: Target) => (t.keys.agent as PrivateKey).address.toLowerCase();

describe("perpdesk's own agent key on a deployment", () => {
  it('is one per account: two accounts on one deployment each get an approved agent of their own', async () => {
    const stateDir = path.join(home, 'state');
    const a = await open('alice', stateDir);
    const b = await open('bob', stateDir);
    expect(a.warnings).toEqual([]);
    expect(b.warnings).toEqual([]);
    expect(agentAddress(a)).not.toBe(agentAddress(b));
    expect(await agentsOf(alice)).toContain(agentAddress(a));
    expect(await agentsOf(bob)).toContain(agentAddress(b));
    // The next start of each finds its own key again.
    expect(agentAddress(await open('alice', stateDir))).toBe(agentAddress(a));
    expect(agentAddress(await open('bob', stateDir))).toBe(agentAddress(b));
    expect(existsSync(deploymentAgentFile(stateDir, ex.url, alice.address))).toBe(true);
  }, 30_000);

  it('signs with a key handed over in memory (one approved on the dashboard) before any file', async () => {
    const stateDir = path.join(home, 'state-handover');
    const first = await open('alice', stateDir);
    const fresh = PrivateKey.generate();
    await act(ex, alice, build.approveAgent(fresh.address, 'fresh', 0));
    const t = await openTarget({ url: ex.url, keyFile: path.join(home, 'alice.key'), readOnly: false, agentKey: fresh }, stateDir, hooks);
    expect(t.warnings).toEqual([]);
    expect(agentAddress(t)).toBe(fresh.address.toLowerCase());
    // Both stay approved: the one before is kept until revoked.
    expect(await agentsOf(alice)).toEqual(expect.arrayContaining([agentAddress(first), agentAddress(t)]));
  }, 30_000);

  it("adopts the one file of earlier versions for the account it serves, and makes the other account a key of its own", async () => {
    const stateDir = path.join(home, 'state-legacy');
    const a = await open('alice', stateDir);
    // As an earlier version left it: one file per deployment.
    const legacy = path.join(stateDir, 'agents', `${new URL(ex.url).hostname}-${new URL(ex.url).port}.key`);
    renameSync(deploymentAgentFile(stateDir, ex.url, alice.address), legacy);
    const b = await open('bob', stateDir);
    expect(b.warnings).toEqual([]);
    expect(agentAddress(b)).not.toBe(agentAddress(a));
    const again = await open('alice', stateDir);
    expect(again.warnings).toEqual([]);
    expect(agentAddress(again)).toBe(agentAddress(a));
    expect(existsSync(legacy)).toBe(false);
  }, 30_000);
});
