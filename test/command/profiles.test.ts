import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from '../../src/protocol/index.js';
import { build, type UserAccount } from '../../src/protocol/wire/index.js';
import { newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { account, act, trader, type Trader } from '../exchange/traders.js';
import { markCents } from './support/cliTrader.js';
import { runCli, tempHome } from './support/runCli.js';

/**
 * `--profile` on the headless face, run as a user runs it (`node dist/cli.js`, a fresh HOME
 * whose config file names two accounts) against one embedded exchange over loopback: each
 * profile reads and trades its own account, signed with its own agent key.
 */
let ex: TestExchange;
let home: string;
let alice: Trader;
let bob: Trader;
const agentKeys: string[] = [];
const VAULT = '0x' + '5a'.repeat(20);

beforeAll(async () => {
  ex = await startTestExchange();
  home = tempHome();
  [alice, bob] = await Promise.all([trader(ex, 2_000n), trader(ex, 3_000n)]);
  const dir = path.join(home, '.config', 'perpdesk');
  mkdirSync(path.join(dir, 'keys'), { recursive: true });
  const profiles: Record<string, object> = {};
  for (const [name, who] of [['alice', alice], ['bob', bob]] as const) {
    // Each account's own agent, approved by its master key; the master key is not in the config.
    const agent = newKey();
    agentKeys.push(agent);
    await act(ex, who, build.approveAgent(addressOf(agent), `${name}-agent`, 0));
    writeFileSync(path.join(dir, 'keys', `${name}.hex`), `${agent}\n`, { mode: 0o600 });
    profiles[name] = { url: ex.url, address: who.address, agentKeyFile: `keys/${name}.hex` };
  }
  profiles['watch'] = { url: ex.url, address: bob.address, readOnly: true };
  // Its keystore does not exist: only a command that opens it would notice.
  profiles['vaulted'] = { url: ex.url, address: alice.address, agentKeystore: 'keys/absent.json', vault: VAULT };
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles }, null, 2));
}, 30_000);

afterAll(async () => {
  await ex?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

const equityOf = (a: UserAccount) => a.marketDeployers.find((m) => m.marketDeployerId === 1)?.equity;

describe('perpdesk <command> --profile NAME', () => {
  it('reads each profile\'s own account, the one the exchange reports for its address', async () => {
    const [a, b, unknown] = await Promise.all([
      runCli(['account', '--profile', 'alice', '--json'], { home }),
      runCli(['account', '--profile', 'bob', '--json'], { home }),
      runCli(['account', '--profile', 'carol', '--json'], { home }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const [ja, jb] = [a.json as UserAccount, b.json as UserAccount];
    expect(ja).toEqual(await account(ex, alice));
    expect(jb).toEqual(await account(ex, bob));
    expect(ja.address.toLowerCase()).toBe(alice.address.toLowerCase());
    expect(jb.address.toLowerCase()).toBe(bob.address.toLowerCase());
    // 2,000 and 3,000 USDC locked: two accounts, not one shown twice.
    expect(equityOf(ja)).toBe('2000000000');
    expect(equityOf(jb)).toBe('3000000000');

    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('perpdesk: --profile carol: no such profile (profiles: alice, bob, watch, vaulted)');
  });

  it('perpdesk profiles lists them from the file alone, opening no key', async () => {
    const r = await runCli(['profiles', '--json'], { home });
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(home, '.config', 'perpdesk', 'keys');
    expect(r.json).toEqual([
      { name: 'alice', default: false, target: 'url', url: ex.url, address: alice.address, readOnly: false, agentKey: { kind: 'key file', file: path.join(dir, 'alice.hex') } },
      { name: 'bob', default: false, target: 'url', url: ex.url, address: bob.address, readOnly: false, agentKey: { kind: 'key file', file: path.join(dir, 'bob.hex') } },
      { name: 'watch', default: false, target: 'url', url: ex.url, address: bob.address, readOnly: true },
      { name: 'vaulted', default: false, target: 'url', url: ex.url, address: alice.address, readOnly: false, agentKey: { kind: 'keystore', file: path.join(dir, 'absent.json') }, vault: VAULT },
    ]);
    for (const k of agentKeys) expect(r.stdout + r.stderr).not.toContain(k.slice(2));
  });

  it('sends an order for the profile\'s account, signed by its agent; a read-only profile refuses to sign', async () => {
    const px = String((await markCents(ex, 1, 80n, 100n)) / 100n);
    const [placed, refused] = await Promise.all([
      runCli(['order', 'buy', '1', '@', px, '--contract', 'SOL1', '--profile', 'bob', '--yes', '--json'], { home }),
      runCli(['order', 'buy', '1', '@', px, '--contract', 'SOL1', '--profile', 'watch', '--yes', '--json'], { home }),
    ]);
    expect(placed.code, placed.stderr).toBe(0);
    const open = async (who: Trader) => (await ex.info<{ oid: number; limitPx: string }[]>({ type: 'userOrders', user: who.address, marketDeployerId: 1 })).body;
    expect((await open(bob)).map((o) => o.limitPx)).toEqual([px]);
    expect(await open(alice)).toEqual([]);

    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/profile watch: read-only: order signs and sends/);
    expect(await open(bob)).toHaveLength(1);
  });
});
