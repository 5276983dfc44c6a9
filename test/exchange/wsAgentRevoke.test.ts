import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/exchange/index.js';
import { addressOf, signAction, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { act, one, trader, type Trader } from './traders.js';
import { WsTestClient, type WsMessage } from './wsTestClient.js';

/**
 * Issue 17 part 3: authorization holds for the life of a stream. A session an agent
 * authenticated loses the master's private channels when the agent is revoked or expires,
 * is told why, and cannot subscribe to them again.
 */
let ex: TestExchange;
let master: Trader;
let other: Trader;
/** Moves the exchange's clock as the wall clock would, without advanceTime telling anyone. */
let skewMs = 0;
const SOL = 1;

function authMsg(key: Hex): unknown {
  const nonce = ex.nextNonce(addressOf(key));
  const action = { type: 'wsAuth', time: ex.running.core.clock.now() };
  return { method: 'auth', auth: { action, nonce, signature: signAction(action, nonce, key) } };
}

const PRIVATE = new Set(['orderUpdates', 'userFills', 'openOrders']);
const isUpdate = (m: WsMessage) => (m.channel === 'orderUpdates' || m.channel === 'userFills') && !(m.data as { isSnapshot?: boolean }).isSnapshot;

/** An agent-authenticated session subscribed to the master's orderUpdates and userFills, shown to work. */
async function agentSession(validUntil: number): Promise<{ c: WsTestClient; agent: Hex }> {
  const agent = newKey();
  exchangeData(await ex.signedPost(build.approveAgent(addressOf(agent), '', validUntil), master.key));
  const c = await WsTestClient.open(ex.wsUrl);
  expect((await c.request(authMsg(agent), (m) => m.channel === 'auth')).data).toEqual({ ok: true, address: master.address, accountId: master.accountId });
  for (const type of ['orderUpdates', 'userFills']) {
    expect((await c.request({ method: 'subscribe', subscription: { type } }, (m) => m.channel === 'subscriptionResponse' || m.channel === 'error')).channel).toBe('subscriptionResponse');
  }
  // The stream works before anything changes: a fill reaches both channels.
  const upd = c.next((m) => m.channel === 'orderUpdates');
  const fill = c.next((m) => m.channel === 'userFills' && !(m.data as { isSnapshot: boolean }).isSnapshot);
  await trade();
  await upd;
  await fill;
  return { c, agent };
}

/** The master trades with `other`: an orderUpdates and a userFills message for the master. */
async function trade(): Promise<void> {
  await one(ex, other, { contractId: SOL, isBuy: false, price: '150', size: '1' });
  await one(ex, master, { contractId: SOL, isBuy: true, price: '150', size: '1', tif: 'Ioc' });
}

/** What the session got after `since`, once a ping has made the round trip. */
async function after(c: WsTestClient, since: number): Promise<WsMessage[]> {
  await c.request({ method: 'ping' }, (m) => m.channel === 'pong');
  return c.messages.slice(since);
}

async function expectCutOff(c: WsTestClient, why: RegExp): Promise<void> {
  // The session is told, at once, that its private subscriptions ended and why.
  const told = await after(c, 0);
  const notice = told.find((m) => m.channel === 'auth' && (m.data as { ok: boolean }).ok === false);
  expect(notice?.data, JSON.stringify(told.slice(-5))).toMatchObject({ ok: false, message: expect.stringMatching(why) });
  const ended = told.filter((m) => m.channel === 'error' && PRIVATE.has((m.data as { subscription?: { type: string } }).subscription?.type ?? ''));
  expect(ended.map((m) => (m.data as { subscription: { type: string } }).subscription.type).sort()).toEqual(['orderUpdates', 'userFills']);
  for (const m of ended) expect((m.data as { message: string }).message).toMatch(why);

  // Nothing private arrives any more.
  const mark = c.messages.length;
  await trade();
  expect((await after(c, mark)).filter(isUpdate)).toEqual([]);

  // And a new private subscription is refused.
  const again = await c.request({ method: 'subscribe', subscription: { type: 'openOrders' } }, (m) => m.channel === 'subscriptionResponse' || m.channel === 'error');
  expect(again).toMatchObject({ channel: 'error', data: { message: expect.stringContaining('auth') } });
}

beforeAll(async () => {
  ex = await startTestExchange({ clock: new Clock(() => Date.now() + skewMs) });
  [master, other] = [await trader(ex, 9_000n), await trader(ex, 9_000n)];
});
afterAll(() => ex.close());

describe('a revoked or expired agent loses its stream', () => {
  it('revokeAgent ends the session’s private subscriptions', async () => {
    const { c, agent } = await agentSession(ex.running.core.clock.now() + 3_600_000);
    await act(ex, master, build.revokeAgent(addressOf(agent)));
    await expectCutOff(c, /revoked/);
    c.close();
  });

  it('an agent whose validUntil passes (advanceTime) loses them too', async () => {
    const { c } = await agentSession(ex.running.core.clock.now() + 60_000);
    await ex.control({ type: 'advanceTime', ms: 60_000 });
    await expectCutOff(c, /expired/);
    c.close();
  });

  it('an agent whose validUntil passes with the clock alone (no advanceTime) loses them within a sweep', async () => {
    const { c } = await agentSession(ex.running.core.clock.now() + 60_000);
    const notice = c.next((m) => m.channel === 'auth' && (m.data as { ok: boolean }).ok === false);
    skewMs += 60_000;
    expect((await notice).data).toMatchObject({ message: expect.stringMatching(/expired/) });
    await expectCutOff(c, /expired/);
    c.close();
  });

  it('an agent replaced by a new anonymous approval loses them; the master’s own session keeps its stream', async () => {
    const own = await WsTestClient.open(ex.wsUrl);
    expect((await own.request(authMsg(master.key), (m) => m.channel === 'auth')).data).toMatchObject({ ok: true });
    await own.request({ method: 'subscribe', subscription: { type: 'orderUpdates' } }, (m) => m.channel === 'subscriptionResponse');
    const { c } = await agentSession(0);
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(newKey()), '', 0), master.key));
    await expectCutOff(c, /revoked|replaced/);
    const mark = own.messages.length;
    await trade();
    expect((await after(own, mark)).some((m) => m.channel === 'orderUpdates')).toBe(true);
    c.close();
    own.close();
  });
});
