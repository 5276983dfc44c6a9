import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { startCapturingProxy, type CapturingProxy } from './support/capturingProxy.js';
import { centsText, markCents } from './support/cliTrader.js';
import { runCli, tempHome } from './support/runCli.js';

/**
 * A dry run sends nothing and is what the real send signs: each command runs against a
 * capturing proxy in front of the embedded exchange, which sees every envelope that leaves.
 */
let ex: TestExchange;
let proxy: CapturingProxy;
let home: string;
let acct: Registered;
let keyHex: `0x${string}`;
let base: string[];

const envelopesOf = (p: CapturingProxy) => p.posts.filter((b) => typeof b['action'] === 'object');
/** An envelope without what differs between two signings of the same request. */
const unsigned = (e: Record<string, unknown>) => {
  const { nonce: _n, signature: _s, ...rest } = e;
  return rest;
};

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'calm' });
  proxy = await startCapturingProxy(ex.url);
  home = tempHome();
  keyHex = newKey();
  acct = await ex.registerFunded(keyHex);
  const keyFile = path.join(home, 'master.key');
  writeFileSync(keyFile, `${keyHex}\n`, { mode: 0o600 });
  base = ['--url', proxy.url, '--key-file', keyFile, '--contract', 'ETH1'];
  for (const md of [1, 2]) {
    exchangeData(await ex.signedPost(build.enroll(md), keyHex));
    exchangeData(await ex.signedPost(build.lockCollateral(md, 0, '3000000000'), keyHex));
  }
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await ex?.close();
});

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli([...base, ...args], { home, env });

describe('a dry run is the request the send signs', () => {
  it('order --dry-run prints the envelope that order --yes then sends (cloid included), and sends nothing itself', async () => {
    const px = centsText(await markCents(ex, 3, 80n));
    proxy.clear();
    const dry = await cli(['order', 'buy', '0.1', '@', px, '--dry-run'], { PERPDESK_TEST_CLOID_BASE: '9000001' });
    expect(dry.code, dry.stderr).toBe(0);
    expect(envelopesOf(proxy)).toEqual([]);
    const shown = (dry.json as { request: Record<string, unknown> }).request;
    const sent = await cli(['order', 'buy', '0.1', '@', px, '--yes'], { PERPDESK_TEST_CLOID_BASE: '9000001' });
    expect(sent.code, sent.stderr).toBe(0);
    const posted = envelopesOf(proxy);
    expect(posted).toHaveLength(1);
    expect(unsigned(posted[0]!)).toEqual(unsigned(shown));
    expect((shown['action'] as { orders: { c?: string }[] }).orders[0]!.c).toBe('9000001');
  }, 60_000);
});

describe('register keeps the write contract', () => {
  it('register --dry-run signs and prints the registration, sends nothing, and the invite code is not used up', async () => {
    const fresh = newKey();
    const freshHome = tempHome();
    const keyFile = path.join(freshHome, 'master.key');
    writeFileSync(keyFile, `${fresh}\n`, { mode: 0o600 });
    const code = ex.inviteCode();
    proxy.clear();
    const words = ['register', '--url', proxy.url, '--key-file', keyFile, '--contract', 'ETH1', '--invite-code', code];
    const dry = await runCli([...words, '--dry-run'], { home: freshHome });
    expect(dry.code, dry.stderr).toBe(0);
    expect(envelopesOf(proxy)).toEqual([]);
    expect(dry.json).toMatchObject({ dryRun: true, request: { action: { type: 'registerAccount', address: addressOf(fresh).toLowerCase() } } });

    // From a script without --yes: the confirm policy asks, nobody can answer: exit 4, nothing sent.
    const unconfirmed = await runCli(words, { home: freshHome });
    expect(unconfirmed.code, unconfirmed.stderr).toBe(4);
    expect(unconfirmed.json).toMatchObject({ ok: false, exitCode: 4 });
    expect(envelopesOf(proxy)).toEqual([]);

    const sent = await runCli([...words, '--yes'], { home: freshHome });
    expect(sent.code, sent.stderr).toBe(0);
    const posted = envelopesOf(proxy);
    expect(posted).toHaveLength(1);
    expect(unsigned(posted[0]!)).toEqual(unsigned((dry.json as { request: Record<string, unknown> }).request));
  }, 60_000);
});

describe('cancel --cloid', () => {
  it('finds the order on whichever contract it rests, without --contract', async () => {
    // ETH1 is the base's contract; this order rests on BTC1 (contract 2, deployer 1).
    const px = centsText(await markCents(ex, 2, 80n, 50n));
    const placed = await runCli([...base.filter((w, i, all) => w !== '--contract' && all[i - 1] !== '--contract'), 'order', 'buy', '0.001', '@', px, '--cloid', '4242', '--contract', 'BTC1', '--yes'], { home });
    expect(placed.code, placed.stderr).toBe(0);
    const cancelled = await cli(['cancel', '--cloid', '4242', '--yes']);
    expect(cancelled.code, `${cancelled.stderr}${cancelled.stdout}`).toBe(0);
    expect(cancelled.json).toMatchObject({ ok: true, action: 'cancelByCloid', answer: { statuses: ['success'] } });
    const open = await ex.info<{ cloid?: string }[]>({ type: 'userOrders', user: acct.address, marketDeployerId: 1 });
    expect(open.body.filter((o) => o.cloid === '4242')).toEqual([]);
  }, 60_000);
});
