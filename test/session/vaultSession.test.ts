/**
 * Issue 22, vault proxy from the session: a session given `vaultAddress` watches the vault,
 * sends every non-trade action with vaultAddress set and trade actions without it, and its
 * journal entries name the vault. Against the embedded exchange over loopback; the envelopes
 * are read where the exchange receives them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JournalFile } from '../../src/session/journalFile.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { addressOf, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session, type SessionOptions } from '../../src/session/index.js';
import { sendCall } from '../../src/session/sendCall.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';

let ex: TestExchange;
let vault: Registered;
let vaultAgent: Hex;
/** Every /exchange body the exchange received, in order. */
const received: Record<string, unknown>[] = [];
const sessions: Session[] = [];
// Registered first, so its clean-up runs last: sessions close before their directories go.
const stateDir = tempDirs('perpdesk-vault-session-');

beforeAll(async () => {
  ex = await startTestExchange();
  const core = ex.running.core;
  const handle = core.handleExchange.bind(core);
  core.handleExchange = (body: unknown) => {
    received.push(body as Record<string, unknown>);
    return handle(body);
  };
  vault = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), vault.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '1000000000'), vault.key));
  vaultAgent = newKey();
  exchangeData(await ex.signedPost(build.approveAgent(addressOf(vaultAgent), 'desk', 0), vault.key));
  expect((await ex.control({ type: 'setVault', address: vault.address, enabled: true })).status).toBe(200);
});
afterAll(() => ex.close());
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

let lastDir = '';
function open(agent: Hex, extra: Partial<SessionOptions> = {}, address?: string): { s: Session; heard: JournalEntry[] } {
  lastDir = stateDir();
  const s = createSession(
    { url: ex.url },
    { agent, ...(address ? { address } : {}) },
    { contractName: 'SOL1', stateDir: lastDir, live: false, flushMs: 0, face: 'cli', vaultAddress: vault.address, ...extra },
  );
  sessions.push(s);
  const heard: JournalEntry[] = [];
  s.exchange.onJournal((e) => heard.push(e));
  return { s, heard };
}

const lastEnvelope = () => received[received.length - 1]!;
const usdc = async (marketDeployerId?: number) => {
  const body = marketDeployerId === undefined ? { type: 'userAccount', user: vault.address } : { type: 'userAccount', user: vault.address, marketDeployerId };
  const a = (await ex.info<{ chainBalances: { coinId: number; total: string }[]; marketDeployers: { balances: { coinId: number; total: string }[] }[] }>(body)).body;
  const rows = marketDeployerId === undefined ? a.chainBalances : a.marketDeployers[0]?.balances;
  return rows?.find((r) => r.coinId === 0)?.total;
};

describe('a session with vaultAddress', () => {
  it("watches the vault, moves its collateral through the normal send path with vaultAddress, and journals the vault", async () => {
    const { s, heard } = open(vaultAgent);
    expect(s.address).toBe(vault.address);
    expect(s.vaultAddress).toBe(vault.address);
    expect((await s.ready).ok).toBe(true);
    const before = { chain: await usdc(), md1: await usdc(1) };

    const sent = await sendCall(s.exchange, build.lockCollateral(1, 0, '250000000'));
    expect(sent.outcome).toMatchObject({ ok: true, signer: { role: 'agent', address: addressOf(vaultAgent) } });
    expect(lastEnvelope()).toMatchObject({ action: { type: 'lockCollateral' }, vaultAddress: vault.address });
    expect({ chain: await usdc(), md1: await usdc(1) }).toEqual({ chain: String(BigInt(before.chain!) - 250_000_000n), md1: String(BigInt(before.md1!) + 250_000_000n) });

    // Both entries of the request, as it left and with its answer, name the vault.
    expect(heard.map((e) => [e.action, e.outcome, e.vault, e.signerRole])).toEqual([
      ['lockCollateral', 'sent', vault.address, 'agent'],
      ['lockCollateral', 'ok', vault.address, 'agent'],
    ]);
    expect(s.store.getState().journal.entries.at(-1)).toMatchObject({ action: 'lockCollateral', outcome: 'ok', vault: vault.address, face: 'cli' });
    // On disk too, and read back by the next session on that state directory.
    const dir = lastDir;
    const lines = readFileSync(join(dir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JournalEntry);
    expect(lines.map((e) => e.vault)).toEqual([vault.address, vault.address]);
    expect(new JournalFile(dir).load(10).entries).toMatchObject([{ action: 'lockCollateral', outcome: 'ok', vault: vault.address }]);
  });

  it('sends trade actions without vaultAddress; they act for the vault and their entries name no vault', async () => {
    const { s, heard } = open(vaultAgent);
    await s.ready;
    const sent = await sendCall(s.exchange, build.order([{ contractId: 1, isBuy: true, price: '90', size: '1', cloid: s.exchange.newCloid() }]));
    expect(sent.outcome.ok).toBe(true);
    expect(lastEnvelope().action).toMatchObject({ type: 'order' });
    expect(lastEnvelope()).not.toHaveProperty('vaultAddress');
    const open1 = (await ex.info<{ cloid?: string }[]>({ type: 'userOrders', user: vault.address, marketDeployerId: 1 })).body;
    expect(open1.map((o) => o.cloid)).toContain((sent.outcome as { cloids: string[] }).cloids[0]);
    expect(heard.every((e) => e.vault === undefined)).toBe(true);
    await s.exchange.cancelAll(1);
    expect(lastEnvelope()).not.toHaveProperty('vaultAddress');
  });

  it("the client's one rule: non-trade actions carry the vault, trade actions never do, also in a dry run", () => {
    const { s } = open(vaultAgent);
    expect(s.exchange.vaultFor('unlockCollateral')).toBe(vault.address);
    expect(s.exchange.vaultFor('enrollUserToMarketDeployer')).toBe(vault.address);
    expect(s.exchange.vaultFor('order')).toBeUndefined();
    expect(s.exchange.vaultFor('updateIsolatedMargin')).toBeUndefined();
    // A per-request vault cannot put one on a trade action either.
    expect(s.exchange.vaultFor('cancelAll', { vaultAddress: vault.address })).toBeUndefined();
    const dry = s.exchange.signOnly(build.unlockCollateral(1, 0, '1'));
    expect(dry.ok && dry.value.envelope['vaultAddress']).toBe(vault.address);
    const dryOrder = s.exchange.signOnly(build.cancelAll(1));
    expect(dryOrder.ok && 'vaultAddress' in dryOrder.value.envelope).toBe(false);
  });

  it("an agent of another account is refused in the exchange's words, and the refusal is journalled for the vault", async () => {
    const other = await ex.register();
    const otherAgent = newKey();
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(otherAgent), '', 0), other.key));
    const { s, heard } = open(otherAgent);
    await s.ready;
    const before = await usdc();
    const sent = await sendCall(s.exchange, build.unlockCollateral(1, 0, '1000'));
    expect(sent.outcome).toMatchObject({ ok: false, error: { kind: 'business', message: 'agent not authorized', code: 4001 } });
    expect(heard.at(-1)).toMatchObject({ action: 'unlockCollateral', outcome: 'rejected', detail: 'agent not authorized', vault: vault.address });
    expect(await usdc()).toBe(before);
  });

  it('refuses a vaultAddress that is not an address, or an account address that is not the vault', () => {
    expect(() => open(vaultAgent, { vaultAddress: '0x1234' })).toThrow('createSession: vaultAddress "0x1234" is not a 0x address of 40 hex digits');
    const elsewhere = `0x${'12'.repeat(20)}`;
    expect(() => open(vaultAgent, {}, elsewhere)).toThrow(`createSession: a session acting for vault ${vault.address} watches that vault, but the account address given is ${elsewhere}`);
  });
});
