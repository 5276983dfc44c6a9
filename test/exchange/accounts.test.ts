import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock, ExchangeCore, bucket } from '../../src/exchange/index.js';
import { addressOf, signAction } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange;

function expectError(reply: { status: number; body: unknown }, status: number, code: string, message?: string): void {
  const body = reply.body as { status: string; code: string; message: string };
  expect({ status: reply.status, envelope: body.status, code: body.code }).toEqual({ status, envelope: 'error', code });
  if (message !== undefined) expect(body.message).toBe(message);
}

beforeAll(async () => {
  ex = await startTestExchange({ creditDelayMs: 60_000 });
});
afterAll(() => ex.close());

describe('registerAccount and invite codes (spec 4.9)', () => {
  it('a missing or empty invite code is 400 "inviteCode required"', async () => {
    const key = newKey();
    const action = build.registerAccount(addressOf(key));
    expectError(await ex.signedPost(action, key), 400, 'BAD_REQUEST', 'inviteCode required');
    expectError(await ex.signedPost(action, key, { inviteCode: '' }), 400, 'BAD_REQUEST', 'inviteCode required');
  });

  it('an unknown or malformed code is 403 INVITE_CODE_INVALID', async () => {
    const key = newKey();
    const action = build.registerAccount(addressOf(key));
    for (const code of ['ZZZZZZ', 'A1B2C3D', 'A1-B2C', 'é1B2C3']) {
      expectError(await ex.signedPost(action, key, { inviteCode: code }), 403, 'INVITE_CODE_INVALID');
    }
  });

  it('invite checks come before the signature check', async () => {
    const key = newKey();
    const action = build.registerAccount(addressOf(key));
    const badSig = { r: '0x00', s: '0x00', v: 1 };
    expectError(await ex.signedPost(action, key, { signature: badSig }), 400, 'BAD_REQUEST', 'inviteCode required');
    expectError(await ex.signedPost(action, key, { signature: badSig, inviteCode: 'ZZZZZZ' }), 403, 'INVITE_CODE_INVALID');
    expectError(await ex.signedPost(action, key, { signature: badSig, inviteCode: ex.inviteCode() }), 401, 'SIGNATURE_INVALID');
  });

  it('a code is single use, and only a successful registration uses it', async () => {
    const code = ex.inviteCode();
    const a = newKey();
    // Refused for the signature: the code stays available.
    expectError(await ex.signedPost(build.registerAccount(addressOf(newKey())), a, { inviteCode: code }), 401, 'SIGNATURE_INVALID');
    const first = exchangeData<{ accountId: number }>(await ex.signedPost(build.registerAccount(addressOf(a)), a, { inviteCode: code }));
    expect(Number.isSafeInteger(first.accountId)).toBe(true);
    const b = newKey();
    expectError(await ex.signedPost(build.registerAccount(addressOf(b)), b, { inviteCode: code }), 403, 'INVITE_CODE_INVALID');
  });

  it('codes compare case-insensitively', async () => {
    const key = newKey();
    const code = ex.inviteCode().toLowerCase();
    exchangeData(await ex.signedPost(build.registerAccount(addressOf(key)), key, { inviteCode: code }));
  });

  it('registering twice is 400 ALREADY_REGISTERED and does not use the second code', async () => {
    const who = await ex.register();
    const code = ex.inviteCode();
    expectError(await ex.signedPost(build.registerAccount(who.address), who.key, { inviteCode: code }), 400, 'ALREADY_REGISTERED');
    await ex.register(); // registration in general still works
    const key = newKey();
    exchangeData(await ex.signedPost(build.registerAccount(addressOf(key)), key, { inviteCode: code }));
  });

  it('an agent wallet cannot register as an account', async () => {
    const owner = await ex.register();
    const agent = newKey();
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(agent), 'a', 0), owner.key));
    expectError(await ex.signedPost(build.registerAccount(addressOf(agent)), agent, { inviteCode: ex.inviteCode() }), 400, 'ALREADY_REGISTERED');
  });

  it('account ids are distinct numbers', async () => {
    const ids = await Promise.all([ex.register(), ex.register(), ex.register()]);
    expect(new Set(ids.map((r) => r.accountId)).size).toBe(3);
  });

  it('the credit arrives after the configured delay in exchange time', async () => {
    const who = await ex.register();
    const read = async () =>
      (await ex.info<{ chainBalances: { coinId: number; total: string }[] }>({ type: 'userAccount', user: who.address })).body.chainBalances;
    expect(await read()).toEqual([
      { coinId: 0, total: '0' },
      { coinId: 1, total: '0' },
    ]);
    expect((await ex.control({ type: 'advanceTime', ms: 60_000 })).status).toBe(200);
    expect(await read()).toEqual([
      { coinId: 0, total: '10000000000' },
      { coinId: 1, total: '0' },
    ]);
  });
});

describe('registration credit timing (in-process, controlled clock)', () => {
  it('pays 10,000 USDC exactly at the default 2 s delay, minted and conserved', () => {
    let t = 1_800_000_000_000;
    const core = new ExchangeCore({ clock: new Clock(() => t) });
    const key = newKey();
    const action = build.registerAccount(addressOf(key));
    const code = core.invites.issue(1)[0];
    const reply = core.handleExchange({ action, nonce: t, signature: signAction(action, t, key), inviteCode: code });
    expect(reply.status).toBe(200);
    const id = (reply.body as { response: { data: { accountId: number } } }).response.data.accountId;
    t += 1999;
    core.credits.settle();
    expect(core.ledger.balance(bucket.chain(id, 0))).toBe(0n);
    t += 1;
    core.credits.settle();
    expect(core.ledger.balance(bucket.chain(id, 0))).toBe(10_000_000_000n);
    expect(core.ledger.totalMinted(0)).toBe(10_000_000_000n);
    expect(core.ledger.sumByCoin().get(0)).toBe(10_000_000_000n);
    core.close();
  });
});

describe('enrollUserToMarketDeployer / userMarketDeployers', () => {
  it('enrolls, refuses twice and unknown deployers, and lists enrollments', async () => {
    const who = await ex.register();
    expect((await ex.info({ type: 'userMarketDeployers', user: who.address })).body).toEqual([]);
    expect(exchangeData(await ex.signedPost(build.enroll(2), who.key))).toEqual({ marketDeployerId: 2 });
    expect(exchangeData(await ex.signedPost(build.enroll(1), who.key))).toEqual({ marketDeployerId: 1 });
    expect(exchangeData(await ex.signedPost(build.enroll(1), who.key))).toEqual({ marketDeployerId: 0, errorCode: 5012, errorMessage: 'already enrolled' });
    expect(exchangeData(await ex.signedPost(build.enroll(9), who.key))).toEqual({ marketDeployerId: 0, errorCode: 3005, errorMessage: 'unknown market deployer' });
    expect((await ex.info({ type: 'userMarketDeployers', user: who.address })).body).toEqual([1, 2]);
  });

  it('money cannot enter a deployer the account is not enrolled in', async () => {
    const who = await ex.register();
    await ex.control({ type: 'advanceTime', ms: 60_000 });
    const data = exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '100'), who.key));
    expect(data).toMatchObject({ amount: 0, errorCode: 3006, errorMessage: 'not enrolled in market deployer' });
  });
});
