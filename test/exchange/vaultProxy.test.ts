/**
 * Issue 22, vault proxy: an account marked a vault by the control route lets the agents its
 * own key approved send its collateral movements with `vaultAddress` naming it (spec 4.1:
 * "the server checks that the signer is an authorized agent of that vault"); anyone else
 * naming the vault is refused, and trade actions keep dropping vaultAddress.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-vault-');

let ex: TestExchange;
let vault: Registered;
let vaultAgent: Hex;

type Acct = { chainBalances: { coinId: number; total: string }[]; marketDeployers: { marketDeployerId: number; balances: { coinId: number; total: string }[] }[] };
const usdc = (rows: { coinId: number; total: string }[] | undefined) => rows?.find((r) => r.coinId === 0)?.total;
/** The vault's chain balance and its deployer-1 pool. */
async function balances(): Promise<{ chain?: string; md1?: string }> {
  const a = (await ex.info<Acct>({ type: 'userAccount', user: vault.address, marketDeployerId: 1 })).body;
  return { chain: usdc(a.chainBalances), md1: usdc(a.marketDeployers[0]?.balances) };
}
const NOT_AUTHORIZED = { coinId: 0, amount: 0, fromBalanceAfter: 0, toBalanceAfter: 0, errorCode: 4001, errorMessage: 'agent not authorized' };
const lock = (amount: string) => build.lockCollateral(1, 0, amount);

beforeAll(async () => {
  ex = await startTestExchange();
  vault = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), vault.key));
  exchangeData(await ex.signedPost(build.enroll(2), vault.key));
  exchangeData(await ex.signedPost(lock('2000000000'), vault.key));
  vaultAgent = newKey();
  exchangeData(await ex.signedPost(build.approveAgent(addressOf(vaultAgent), 'vault-desk', 0), vault.key));
  expect(await ex.control({ type: 'setVault', address: vault.address, enabled: true })).toEqual({ status: 200, body: { ok: true, accountId: vault.accountId } });
});
afterAll(() => ex.close());

describe('vault proxy (control setVault)', () => {
  it("the vault's agent moves the vault's collateral with vaultAddress, and the vault's balances change", async () => {
    expect(await balances()).toEqual({ chain: '8000000000', md1: '2000000000' });
    const locked = exchangeData(await ex.signedPost(lock('1000000000'), vaultAgent, { vaultAddress: vault.address }));
    expect(locked).toEqual({ coinId: 0, amount: 1_000_000_000, fromBalanceAfter: 7_000_000_000, toBalanceAfter: 3_000_000_000 });
    expect(await balances()).toEqual({ chain: '7000000000', md1: '3000000000' });
    // The other way and between deployers, with the address in any case (checksummed here).
    const upper = `0x${vault.address.slice(2).toUpperCase()}`;
    expect(exchangeData(await ex.signedPost(build.unlockCollateral(1, 0, '500000000'), vaultAgent, { vaultAddress: upper })).errorCode).toBeUndefined();
    expect(exchangeData(await ex.signedPost(build.transferBetweenDeployers(1, 2, 0, '500000000'), vaultAgent, { vaultAddress: vault.address }))).toMatchObject({
      amount: 500_000_000,
      toBalanceAfter: 500_000_000,
    });
    expect(await balances()).toEqual({ chain: '7500000000', md1: '2000000000' });
  });

  it('a registered stranger naming the vault is refused with "agent not authorized", and nothing moves', async () => {
    const stranger = await ex.registerFunded();
    exchangeData(await ex.signedPost(build.enroll(1), stranger.key));
    const before = await balances();
    expect(exchangeData(await ex.signedPost(lock('1000000'), stranger.key, { vaultAddress: vault.address }))).toEqual(NOT_AUTHORIZED);
    expect(await balances()).toEqual(before);
  });

  it('a key that is nobody is a 401 naming the vault it claimed', async () => {
    const nobody = newKey();
    const reply = await ex.signedPost(lock('1000000'), nobody, { vaultAddress: vault.address });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      status: 'error',
      code: 'SIGNATURE_INVALID',
      message: `signature does not match a registered account or agent: recovered ${addressOf(nobody)}, expected an agent of ${vault.address}`,
    });
  });

  it('an agent of a different account naming the vault is refused', async () => {
    const other = await ex.registerFunded();
    const otherAgent = newKey();
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(otherAgent), '', 0), other.key));
    const before = await balances();
    expect(exchangeData(await ex.signedPost(lock('1000000'), otherAgent, { vaultAddress: vault.address }))).toEqual(NOT_AUTHORIZED);
    // Its own master marked a vault does not help it with this one.
    await ex.control({ type: 'setVault', address: other.address, enabled: true });
    expect(exchangeData(await ex.signedPost(lock('1000000'), otherAgent, { vaultAddress: vault.address }))).toEqual(NOT_AUTHORIZED);
    expect(await balances()).toEqual(before);
  });

  it("the vault's agent without vaultAddress, or with an action a vault does not proxy, is refused", async () => {
    expect(exchangeData(await ex.signedPost(lock('1000000'), vaultAgent))).toEqual(NOT_AUTHORIZED);
    const approve = exchangeData(await ex.signedPost(build.approveAgent(addressOf(newKey()), 'x', 0), vaultAgent, { vaultAddress: vault.address }));
    expect(approve).toMatchObject({ errorCode: 4001, errorMessage: 'agent not authorized' });
    const revoke = exchangeData(await ex.signedPost(build.revokeAgent(addressOf(vaultAgent)), vaultAgent, { vaultAddress: vault.address }));
    expect(revoke).toMatchObject({ errorCode: 4001 });
  });

  it("a trade action from the vault's agent needs no vaultAddress, acts for the vault, and drops one if sent", async () => {
    const order = build.order([{ contractId: 1, isBuy: true, price: '100', size: '1' }]);
    const plain = exchangeData<{ statuses: { resting?: { oid: number } }[] }>(await ex.signedPost(order, vaultAgent));
    const withVault = exchangeData<{ statuses: { resting?: { oid: number } }[] }>(await ex.signedPost(order, vaultAgent, { vaultAddress: `0x${'99'.repeat(20)}` }));
    const oids = [plain.statuses[0]?.resting?.oid, withVault.statuses[0]?.resting?.oid];
    const open = (await ex.info<{ oid: number }[]>({ type: 'userOrders', user: vault.address, marketDeployerId: 1 })).body;
    expect(open.map((o) => o.oid).sort()).toEqual(oids.sort());
    exchangeData(await ex.signedPost(build.cancelAll(1), vaultAgent));
  });

  it('an expired agent of the vault is refused; setVault off ends the proxy; its own key still may', async () => {
    const shortLived = newKey();
    const until = ex.running.core.clock.now() + 1_000;
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(shortLived), 'short', until), vault.key));
    expect(exchangeData(await ex.signedPost(lock('1000000'), shortLived, { vaultAddress: vault.address })).errorCode).toBeUndefined();
    await ex.control({ type: 'advanceTime', ms: 1_000 });
    expect(exchangeData(await ex.signedPost(lock('1000000'), shortLived, { vaultAddress: vault.address }))).toEqual(NOT_AUTHORIZED);

    expect((await ex.control({ type: 'setVault', address: vault.address, enabled: false })).status).toBe(200);
    expect(exchangeData(await ex.signedPost(lock('1000000'), vaultAgent, { vaultAddress: vault.address }))).toEqual(NOT_AUTHORIZED);
    expect(exchangeData(await ex.signedPost(lock('1000000'), vault.key, { vaultAddress: vault.address })).errorCode).toBeUndefined();
    await ex.control({ type: 'setVault', address: vault.address, enabled: true });
    expect(exchangeData(await ex.signedPost(lock('1000000'), vaultAgent, { vaultAddress: vault.address })).errorCode).toBeUndefined();
  });

  it('setVault names a registered account and is checked like every control body', async () => {
    const unknown = `0x${'ab'.repeat(20)}`;
    expect(await ex.control({ type: 'setVault', address: unknown, enabled: true })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: `address: no account is registered for ${unknown}` },
    });
    expect(await ex.control({ type: 'setVault', address: vault.address })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });
});

describe('vault flag on a state file', () => {
  it('survives a restart', async () => {
    const file = path.join(tempDir(), 'exchange.sqlite');
    let venue = await startTestExchange({ db: file });
    const v = await venue.register();
    const agent = newKey();
    exchangeData(await venue.signedPost(build.enroll(1), v.key));
    exchangeData(await venue.signedPost(build.approveAgent(addressOf(agent), '', 0), v.key));
    await venue.control({ type: 'setVault', address: v.address, enabled: true });
    await venue.close();
    venue = await startTestExchange({ db: file });
    try {
      expect(venue.running.core.accounts.byAddress(v.address)?.vault).toBe(true);
      // Enrollment is proxyable; the agent's answer shows the flag came back with the account.
      expect(exchangeData(await venue.signedPost(build.enroll(2), agent, { vaultAddress: v.address }))).toEqual({ marketDeployerId: 2 });
    } finally {
      await venue.close();
    }
  });
});
