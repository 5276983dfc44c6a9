import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentHashStruct, DOMAIN_SEPARATOR } from '../../src/protocol/eip712.js';
import { concatBytes, keccak256 } from '../../src/protocol/hex.js';
import { addressOf, checksumAddress, signAction, signDigest, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { loadVectors } from '../support/vectors.js';

const vectors = loadVectors();
const N = secp256k1.Point.Fn.ORDER;
const DAY = 86_400_000;

let ex: TestExchange;
let master: Registered;

function expectError(reply: { status: number; body: unknown }, status: number, code: string): string {
  const body = reply.body as { status: string; code: string; message: string; requestId: string };
  expect({ status: reply.status, code: body.code, envelope: body.status }).toEqual({ status, code, envelope: 'error' });
  expect(body.requestId).toMatch(/^req-\d+$/);
  return body.message;
}

beforeAll(async () => {
  ex = await startTestExchange();
  // The vectors' master and agent, registered and approved, so that only the signature is wrong.
  master = await ex.register(vectors.keys.master!.privateKey as Hex);
  exchangeData(await ex.signedPost(build.approveAgent(vectors.keys.agent!.address, 'vec', 0), master.key));
});
afterAll(() => ex.close());

describe('signature vectors: every negative case is a 401', () => {
  for (const c of vectors.negativeCases) {
    it(c.name, async () => {
      const reply = await ex.post('/exchange', JSON.stringify({ action: c.action, nonce: c.nonce, signature: c.signature }));
      const message = expectError(reply, 401, 'SIGNATURE_INVALID');
      if (c.recoversToUnderCorrectScheme) expect(message).toContain(c.recoversToUnderCorrectScheme);
      else expect(message).toMatch(/signature\.v/);
    });
  }

  it('the positive agent vector is accepted past the signature (its nonce is outside the window)', async () => {
    const c = vectors.cases.find((x) => x.name === 'agent_order_limitGtc_withCloid')!;
    const reply = await ex.post('/exchange', JSON.stringify({ action: c.action, nonce: c.nonce, signature: c.signature }));
    expect(expectError(reply, 400, 'NONCE_INVALID')).toContain('outside the accepted window');
  });
});

describe('signature shape and path', () => {
  const action = build.enroll(2);

  it('high-s twin of a valid signature is refused', async () => {
    const nonce = ex.nextNonce(master.address);
    const sig = signAction(action, nonce, master.key);
    const high = { r: sig.r, s: `0x${(N - BigInt(sig.s)).toString(16).padStart(64, '0')}`, v: sig.v === 27 ? 28 : 27 };
    const message = expectError(await ex.signedPost(action, master.key, { nonce, signature: high }), 401, 'SIGNATURE_INVALID');
    expect(message).toContain('high-s');
  });

  it.each([
    ['v outside 27/28', (s: { r: string; s: string; v: number }) => ({ ...s, v: 29 })],
    ['uppercase r', (s: { r: string; s: string; v: number }) => ({ ...s, r: s.r.toUpperCase().replace('0X', '0x') })],
    ['short s', (s: { r: string; s: string; v: number }) => ({ ...s, s: s.s.slice(0, 40) })],
    ['r of zero', (s: { r: string; s: string; v: number }) => ({ ...s, r: `0x${'0'.repeat(64)}` })],
  ])('%s is a 401', async (_name, mutate) => {
    const nonce = ex.nextNonce(master.address);
    const sig = mutate(signAction(action, nonce, master.key));
    expectError(await ex.signedPost(action, master.key, { nonce, signature: sig }), 401, 'SIGNATURE_INVALID');
  });

  it('a typed action signed on the agent path recovers someone else', async () => {
    const lock = build.lockCollateral(1, 0, '1');
    const nonce = ex.nextNonce(master.address);
    const digest = keccak256(concatBytes(new Uint8Array([0x19, 0x01]), DOMAIN_SEPARATOR, agentHashStruct(lock, nonce)));
    const message = expectError(
      await ex.signedPost(lock, master.key, { nonce, signature: signDigest(digest, master.key) }),
      401,
      'SIGNATURE_INVALID',
    );
    expect(message).toMatch(/recovered 0x[0-9a-f]{40}/);
    expect(message).not.toContain(master.address);
  });

  it('a signature over different action bytes is refused (re-canonicalised by the server)', async () => {
    const nonce = ex.nextNonce(master.address);
    const sig = signAction(build.enroll(1), nonce, master.key);
    expectError(await ex.signedPost(action, master.key, { nonce, signature: sig }), 401, 'SIGNATURE_INVALID');
  });

  it('an unknown signer is a 401 naming the recovered address', async () => {
    const stranger = newKey();
    const message = expectError(await ex.signedPost(action, stranger), 401, 'SIGNATURE_INVALID');
    expect(message).toContain(addressOf(stranger));
  });

  it('approveAgent without agentName or validUntil is a 401 (spec 4.9)', async () => {
    const agentAddress = addressOf(newKey());
    // Signed over the full struct, then sent without one of the signed fields.
    const full = build.approveAgent(agentAddress, '', 0);
    const variants: { type: string }[] = [
      { type: 'approveAgent', agentAddress, validUntil: 0 } as { type: string },
      { type: 'approveAgent', agentAddress, agentName: '' } as { type: string },
      { type: 'approveAgent', agentAddress, agentName: null, validUntil: 0 } as { type: string },
    ];
    for (const sent of variants) {
      const nonce = ex.nextNonce(master.address);
      const message = expectError(await ex.signedPost(sent, master.key, { nonce, signature: signAction(full, nonce, master.key) }), 401, 'SIGNATURE_INVALID');
      expect(message).toContain('agentName and validUntil');
    }
  });

  it('extra fields in an agent-path action are covered by the signature', async () => {
    const withExtra = { ...build.enroll(2), memo: 'signed too' };
    exchangeData(await ex.signedPost(withExtra, master.key));
    const info = await ex.info<number[]>({ type: 'userMarketDeployers', user: master.address });
    expect(info.body).toContain(2);
  });
});

describe('nonces', () => {
  it('a replayed nonce is refused, and the request is not applied twice', async () => {
    const who = await ex.registerFunded();
    exchangeData(await ex.signedPost(build.enroll(1), who.key));
    const lock = build.lockCollateral(1, 0, '1000');
    const nonce = ex.nextNonce(who.address);
    exchangeData(await ex.signedPost(lock, who.key, { nonce }));
    expect(expectError(await ex.signedPost(lock, who.key, { nonce }), 400, 'NONCE_INVALID')).toContain('already used');
    const acct = await ex.info<{ marketDeployers: { balances: { coinId: number; total: string }[] }[] }>({ type: 'userAccount', user: who.address, marketDeployerId: 1 });
    expect(acct.body.marketDeployers[0]!.balances[0]!.total).toBe('1000');
  });

  it('nonces outside [now - 2 days, now + 1 day] are refused; the edges are accepted', async () => {
    const now = ex.running.core.clock.now();
    const k = master.key;
    expectError(await ex.signedPost(build.enroll(1), k, { nonce: now - 2 * DAY - 60_000 }), 400, 'NONCE_INVALID');
    expectError(await ex.signedPost(build.enroll(1), k, { nonce: now + DAY + 60_000 }), 400, 'NONCE_INVALID');
    // Inside the window: accepted by auth, answered by the handler (already enrolled or enrolled).
    expect((await ex.signedPost(build.enroll(1), k, { nonce: now - 2 * DAY + 60_000 })).status).toBe(200);
    expect((await ex.signedPost(build.enroll(1), k, { nonce: now + DAY - 60_000 })).status).toBe(200);
  });

  it('nonces are per signing address: master and agent may use the same value', async () => {
    const who = await ex.register();
    const agent = newKey();
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(agent), '', 0), who.key));
    const nonce = ex.running.core.clock.now() + 5;
    expect((await ex.signedPost(build.cancelAll(1), who.key, { nonce })).status).toBe(200);
    expect((await ex.signedPost(build.cancelAll(1), agent, { nonce })).status).toBe(200);
  });

  it('a nonce is not consumed by a request that fails its signature', async () => {
    const who = await ex.register();
    const nonce = ex.nextNonce(who.address);
    expectError(await ex.signedPost(build.enroll(1), who.key, { nonce, signature: { r: '0x0', s: '0x0', v: 27 } }), 401, 'SIGNATURE_INVALID');
    exchangeData(await ex.signedPost(build.enroll(1), who.key, { nonce }));
  });
});

describe('who may send what (open-points "Signing")', () => {
  let owner: Registered;
  let agent: Hex;

  beforeAll(async () => {
    owner = await ex.registerFunded();
    agent = newKey();
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(agent), 'desk', 0), owner.key));
    exchangeData(await ex.signedPost(build.enroll(1), owner.key));
  });

  const masterOnly: [string, { type: string }][] = [
    ['approveAgent', build.approveAgent('0x' + '12'.repeat(20), 'x', 0)],
    ['revokeAgent', build.revokeAgent('0x' + '12'.repeat(20))],
    ['lockCollateral', build.lockCollateral(1, 0, '1')],
    ['unlockCollateral', build.unlockCollateral(1, 0, '1')],
    ['transferBetweenDeployers', build.transferBetweenDeployers(1, 2, 0, '1')],
    ['setMarginShareType', build.setMarginShareType(1)],
    ['enrollUserToMarketDeployer', build.enroll(2)],
    ['lockIntoShareGroup', build.lockIntoShareGroup(1, 0, '1')],
    ['unlockFromShareGroup', build.unlockFromShareGroup(1, 0, '1')],
    ['transferMdToShareGroup', build.transferMdToShareGroup(1, 1, 0, '1')],
    ['transferShareGroupToMd', build.transferShareGroupToMd(1, 1, 0, '1')],
    ['updateFeeSetting', build.updateFeeSetting(1, '0x' + '12'.repeat(20), '0.001', '0.001')],
  ];
  it.each(masterOnly)('an agent sending %s gets "agent not authorized" inside HTTP 200', async (_t, action) => {
    const data = exchangeData(await ex.signedPost(action, agent));
    expect(data).toMatchObject({ errorCode: 4001, errorMessage: 'agent not authorized' });
  });

  it('the rejection keeps the action shape: zeros and the spec 4.8 response type', async () => {
    const reply = await ex.signedPost(build.lockIntoShareGroup(1, 0, '5'), agent);
    expect(reply.body).toMatchObject({ status: 'ok', response: { type: 'shareGroupFund' } });
    expect(exchangeData(reply)).toEqual({ coinId: 0, amount: 0, fromBalanceAfter: 0, toBalanceAfter: 0, errorCode: 4001, errorMessage: 'agent not authorized' });
  });

  it('an agent may send trading actions, and they act for the master', async () => {
    exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '1000000000'), owner.key));
    const data = exchangeData<{ statuses: { resting?: { oid: number } }[] }>(
      await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '100', size: '1' }]), agent),
    );
    const oid = data.statuses[0]?.resting?.oid;
    expect(oid).toBeGreaterThan(0);
    const open = (await ex.info<{ oid: number }[]>({ type: 'userOrders', user: owner.address, marketDeployerId: 1 })).body;
    expect(open.map((o) => o.oid)).toEqual([oid]);
  });

  it('vaultAddress naming another account is "agent not authorized"; naming the own account is fine', async () => {
    const other = await ex.register();
    const bad = exchangeData(await ex.signedPost(build.enroll(2), owner.key, { vaultAddress: other.address }));
    expect(bad.errorMessage).toBe('agent not authorized');
    const good = exchangeData(await ex.signedPost(build.enroll(2), owner.key, { vaultAddress: owner.address }));
    expect(good).toEqual({ marketDeployerId: 2 });
  });

  it('trade actions drop vaultAddress', async () => {
    const data = exchangeData(await ex.signedPost(build.cancelAll(1), agent, { vaultAddress: '0x' + '99'.repeat(20) }));
    expect(data).toEqual({ cancelledOrders: 1, cancelledConditionals: 0 });
  });
});

describe('registerAccount signature', () => {
  it('action.address must be the signer: 401 naming both addresses', async () => {
    const key = newKey();
    const other = addressOf(newKey());
    const message = expectError(
      await ex.signedPost(build.registerAccount(other), key, { inviteCode: ex.inviteCode() }),
      401,
      'SIGNATURE_INVALID',
    );
    expect(message).toContain(addressOf(key));
    expect(message).toContain(other);
  });

  it('a checksummed action.address matches the signer', async () => {
    const key = vectors.keys.keyOne!.privateKey as Hex;
    const checksummed = checksumAddress(addressOf(key));
    expect(checksummed).toBe(vectors.keys.keyOne!.address);
    exchangeData(await ex.signedPost(build.registerAccount(checksummed), key, { inviteCode: ex.inviteCode() }));
  });
});
