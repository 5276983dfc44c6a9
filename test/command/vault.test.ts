import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { runCli, tempHome } from './support/runCli.js';

/**
 * `--vault` from the command line, as a vault's agent runs it: the collateral movement is
 * sent for the vault (its balances move), the confirm text says so, and the same command
 * from a key that is not the vault's agent is refused with the exchange's words.
 */
let ex: TestExchange;
let vault: Registered;
let agent: Hex;

beforeAll(async () => {
  ex = await startTestExchange();
  vault = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), vault.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '1000000000'), vault.key));
  agent = newKey();
  exchangeData(await ex.signedPost(build.approveAgent(addressOf(agent), 'desk', 0), vault.key));
  expect((await ex.control({ type: 'setVault', address: vault.address, enabled: true })).status).toBe(200);
}, 30_000);
afterAll(() => ex?.close());

async function pool(): Promise<string> {
  const a = (await ex.info<{ marketDeployers: { marketDeployerId: number; equity: string }[] }>({ type: 'userAccount', user: vault.address, marketDeployerId: 1 })).body;
  return a.marketDeployers.find((p) => p.marketDeployerId === 1)!.equity;
}

function asAgent(key: Hex, args: string[]) {
  const home = tempHome();
  const keyFile = path.join(home, 'agent.key');
  writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  return runCli(['--url', ex.url, '--agent-key-file', keyFile, '--vault', vault.address, ...args], { home });
}

describe('--vault', () => {
  it("moves the vault's collateral with its agent's key, and is refused for a stranger", async () => {
    const before = await pool();
    const done = await asAgent(agent, ['collateral', 'unlock', '10', '--yes', '--json']);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.stringify(done.json)).toContain(`for vault ${vault.address}`);
    expect(BigInt(await pool())).toBeLessThan(BigInt(before));

    const stranger = await asAgent(newKey(), ['collateral', 'unlock', '10', '--yes', '--json']);
    expect(stranger.code).not.toBe(0);
    expect(stranger.stderr + stranger.stdout).toMatch(/expected an agent of 0x[0-9a-f]{40}|agent not authorized/i);
  }, 30_000);
});
