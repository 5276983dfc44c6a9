import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange;

interface AgentRow {
  address: string;
  name: string;
  validUntil: number;
  slot: string;
  expired: boolean;
}

const agents = async (who: Registered) => (await ex.info<AgentRow[]>({ type: 'userAgents', accountId: String(who.accountId) })).body;
const approve = async (who: Registered, agent: Hex, name: string, validUntil = 0) =>
  exchangeData(await ex.signedPost(build.approveAgent(addressOf(agent), name, validUntil), who.key));
/** What an agent-signed trading action is answered with: 'authorized' when it ran for the master. */
const agentTries = async (agent: Hex) => {
  const reply = await ex.signedPost(build.cancelAll(1), agent);
  if (reply.status !== 200) return `${reply.status} ${(reply.body as { code: string }).code}`;
  return (exchangeData(reply).errorMessage as string | undefined) ?? 'authorized';
};

beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(() => ex.close());

describe('approveAgent slots (spec 3.2)', () => {
  it('one anonymous and three named slots; a fourth name is refused', async () => {
    const m = await ex.register();
    const [anon, a, b, c, d] = [newKey(), newKey(), newKey(), newKey(), newKey()];
    expect(await approve(m, anon, '')).toEqual({ agentAddress: addressOf(anon), agentName: '', validUntil: 0, slot: 'anonymous' });
    await approve(m, a, 'a');
    await approve(m, b, 'b');
    expect(await approve(m, c, 'c')).toMatchObject({ slot: 'named', agentName: 'c' });
    expect(await approve(m, d, 'd')).toEqual({ agentAddress: addressOf(d), agentName: 'd', validUntil: 0, slot: '', errorCode: 4002, errorMessage: 'named agent slots full' });
    const rows = await agents(m);
    expect(rows.map((r) => [r.name, r.slot])).toEqual([
      ['', 'anonymous'],
      ['a', 'named'],
      ['b', 'named'],
      ['c', 'named'],
    ]);
    expect(await agentTries(d)).toBe('401 SIGNATURE_INVALID');
  });

  it('the same address refreshes the expiry without using a slot', async () => {
    const m = await ex.register();
    const a = newKey();
    const far = ex.running.core.clock.now() + 3_600_000;
    await approve(m, a, 'bot', far);
    expect(await approve(m, a, 'other-name', 0)).toEqual({ agentAddress: addressOf(a), agentName: 'bot', validUntil: 0, slot: 'named' });
    expect(await agents(m)).toEqual([{ address: addressOf(a), name: 'bot', validUntil: 0, slot: 'named', expired: false }]);
  });

  it('the same name replaces the earlier entry; the replaced address is no longer an agent', async () => {
    const m = await ex.register();
    const [old, fresh] = [newKey(), newKey()];
    await approve(m, old, 'bot');
    expect(await agentTries(old)).toBe('authorized');
    await approve(m, fresh, 'bot');
    expect((await agents(m)).map((r) => r.address)).toEqual([addressOf(fresh)]);
    expect(await agentTries(old)).toBe('401 SIGNATURE_INVALID');
    expect(await agentTries(fresh)).toBe('authorized');
  });

  it('a second anonymous agent replaces the first', async () => {
    const m = await ex.register();
    const [first, second] = [newKey(), newKey()];
    await approve(m, first, '');
    await approve(m, second, '');
    expect((await agents(m)).map((r) => [r.address, r.slot])).toEqual([[addressOf(second), 'anonymous']]);
  });

  it('revoke removes the record, frees the slot and the agent becomes unknown (401)', async () => {
    const m = await ex.register();
    const keys = [newKey(), newKey(), newKey()];
    for (const [i, k] of keys.entries()) await approve(m, k, `n${i}`);
    expect(exchangeData(await ex.signedPost(build.revokeAgent(addressOf(keys[1]!)), m.key))).toEqual({ agentAddress: addressOf(keys[1]!) });
    expect(await agentTries(keys[1]!)).toBe('401 SIGNATURE_INVALID');
    const extra = newKey();
    expect(await approve(m, extra, 'n9')).toMatchObject({ slot: 'named' });
    expect((await agents(m)).map((r) => r.name)).toEqual(['n0', 'n2', 'n9']);
  });

  it('revoking an address that is not this master\'s agent is "agent not found"', async () => {
    const [m, other] = [await ex.register(), await ex.register()];
    const a = newKey();
    await approve(other, a, 'x');
    for (const target of [addressOf(a), addressOf(newKey())]) {
      expect(exchangeData(await ex.signedPost(build.revokeAgent(target), m.key))).toMatchObject({ errorCode: 4005, errorMessage: 'agent not found' });
    }
    expect(await agentTries(a)).toBe('authorized');
  });

  it('an address already an agent of another master is refused', async () => {
    const [m1, m2] = [await ex.register(), await ex.register()];
    const a = newKey();
    await approve(m1, a, 'shared');
    expect(await approve(m2, a, 'shared')).toMatchObject({ errorCode: 4003, errorMessage: 'agent registered under another master' });
    expect(await agents(m2)).toEqual([]);
  });

  it('a registered account cannot be approved as an agent', async () => {
    const [m, other] = [await ex.register(), await ex.register()];
    expect(exchangeData(await ex.signedPost(build.approveAgent(other.address, 'x', 0), m.key))).toMatchObject({ errorCode: 4006 });
    expect(exchangeData(await ex.signedPost(build.approveAgent(m.address, 'self', 0), m.key))).toMatchObject({ errorCode: 4006 });
  });
});

describe('agent expiry', () => {
  it('an expired agent stays listed, keeps its slot, and gets "agent not authorized" until refreshed', async () => {
    const m = await ex.register();
    const a = newKey();
    const until = ex.running.core.clock.now() + 600_000;
    await approve(m, a, 'timed', until);
    expect(await agentTries(a)).toBe('authorized');
    expect((await agents(m))[0]).toMatchObject({ validUntil: until, expired: false });

    await ex.control({ type: 'advanceTime', ms: 600_000 });
    expect(await agentTries(a)).toBe('agent not authorized');
    expect(await agents(m)).toEqual([{ address: addressOf(a), name: 'timed', validUntil: until, slot: 'named', expired: true }]);

    await approve(m, a, 'timed', 0);
    expect(await agentTries(a)).toBe('authorized');
    expect((await agents(m))[0]).toMatchObject({ validUntil: 0, expired: false });
  });
});

describe('userAgents request', () => {
  it('takes accountId as a string; anything else is 400, an unknown id 404', async () => {
    const m = await ex.register();
    const codes = async (body: unknown) => {
      const r = await ex.info<{ code?: string }>(body);
      return [r.status, r.body.code];
    };
    expect(await codes({ type: 'userAgents', accountId: m.accountId })).toEqual([400, 'BAD_REQUEST']);
    expect(await codes({ type: 'userAgents' })).toEqual([400, 'BAD_REQUEST']);
    expect(await codes({ type: 'userAgents', accountId: 'seven' })).toEqual([400, 'BAD_REQUEST']);
    expect(await codes({ type: 'userAgents', accountId: '999999' })).toEqual([404, 'NOT_FOUND']);
    expect((await ex.info({ type: 'userAgents', accountId: String(m.accountId) })).body).toEqual([]);
  });
});
