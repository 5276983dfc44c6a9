import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { StreamHub, type HubSocket } from '../../src/exchange/index.js';
import { addressOf, signAction, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { WsTestClient } from './wsTestClient.js';

let ex: TestExchange;
let who: Registered;

function authMsg(key: Hex, nonce = ex.nextNonce(addressOf(key))): unknown {
  const action = { type: 'wsAuth', time: ex.running.core.clock.now() };
  return { method: 'auth', auth: { action, nonce, signature: signAction(action, nonce, key) } };
}

beforeAll(async () => {
  ex = await startTestExchange();
  who = await ex.register();
});
afterAll(() => ex.close());

describe('WebSocket protocol (open-points "WebSocket")', () => {
  it('ping, subscribe and unsubscribe are acknowledged', async () => {
    const c = await WsTestClient.open(ex.wsUrl);
    expect(await c.request({ method: 'ping' })).toEqual({ channel: 'pong' });
    const sub = { type: 'candle', contractId: 1, interval: '1m' };
    expect(await c.request({ method: 'subscribe', subscription: sub })).toEqual({ channel: 'subscriptionResponse', data: { method: 'subscribe', subscription: sub } });
    expect(ex.running.core.hub.subscriberCount('candle:1:1m')).toBe(1);
    expect(await c.request({ method: 'unsubscribe', subscription: sub })).toEqual({ channel: 'subscriptionResponse', data: { method: 'unsubscribe', subscription: sub } });
    expect(ex.running.core.hub.subscriberCount('candle:1:1m')).toBe(0);
    c.close();
  });

  it('errors for unknown channels, bad subscriptions, bad JSON and unknown methods', async () => {
    const c = await WsTestClient.open(ex.wsUrl);
    const err = async (msg: unknown) => ((await c.request(msg)) as { channel: string; data: { message: string } });
    const unknown = await err({ method: 'subscribe', subscription: { type: 'allMids' } });
    expect(unknown.channel).toBe('error');
    expect(unknown.data.message).toContain('unknown channel');
    expect((await err({ method: 'subscribe', subscription: { type: 'l2Book' } })).data.message).toContain('contractId');
    expect((await err('not json')).data.message).toContain('JSON');
    expect((await err({ method: 'teleport' })).data.message).toContain('unknown method');
    expect(await c.request({ method: 'ping' })).toEqual({ channel: 'pong' });
    c.close();
  });

  it('private channels need auth first; auth ties the connection to the master account', async () => {
    const c = await WsTestClient.open(ex.wsUrl);
    const early = (await c.request({ method: 'subscribe', subscription: { type: 'openOrders' } })) as { channel: string; data: { message: string } };
    expect(early.channel).toBe('error');
    expect(early.data.message).toContain('auth');
    expect(await c.request(authMsg(who.key))).toEqual({ channel: 'auth', data: { ok: true, address: who.address, accountId: who.accountId } });
    expect((await c.request({ method: 'subscribe', subscription: { type: 'openOrders' } })).channel).toBe('subscriptionResponse');
    c.close();
  });

  it('an agent authenticates for its master; an expired agent, a stranger and a replayed nonce do not', async () => {
    const agent = newKey();
    const until = ex.running.core.clock.now() + 3_600_000;
    exchangeData(await ex.signedPost(build.approveAgent(addressOf(agent), 'ws', until), who.key));
    const c = await WsTestClient.open(ex.wsUrl);
    const nonce = ex.nextNonce(addressOf(agent));
    expect(await c.request(authMsg(agent, nonce))).toEqual({ channel: 'auth', data: { ok: true, address: who.address, accountId: who.accountId } });
    const replay = (await c.request(authMsg(agent, nonce))) as { data: { ok: boolean; message: string } };
    expect(replay.data).toMatchObject({ ok: false });
    expect(replay.data.message).toContain('already used');
    const stranger = (await c.request(authMsg(newKey()))) as { data: { ok: boolean; message: string } };
    expect(stranger.data.ok).toBe(false);
    expect(stranger.data.message).toContain('recovered');
    const badSig = (await c.request({ method: 'auth', auth: { action: { type: 'wsAuth', time: 1 }, nonce: 1, signature: { r: '0x1', s: '0x1', v: 27 } } })) as { data: { ok: boolean } };
    expect(badSig.data.ok).toBe(false);
    await ex.control({ type: 'advanceTime', ms: 3_600_000 });
    expect(await c.request(authMsg(agent))).toEqual({ channel: 'auth', data: { ok: false, message: 'agent not authorized' } });
    c.close();
  });

  it('publish fans out to subscribers of the key only; publishToAccount to that account only', async () => {
    const other = await ex.register();
    const [a, b] = [await WsTestClient.open(ex.wsUrl), await WsTestClient.open(ex.wsUrl)];
    await a.request(authMsg(who.key));
    await b.request(authMsg(other.key));
    await a.request({ method: 'subscribe', subscription: { type: 'bbo', contractId: 1 } });
    await b.request({ method: 'subscribe', subscription: { type: 'bbo', contractId: 2 } });
    await a.request({ method: 'subscribe', subscription: { type: 'userFills' } });
    const hub = ex.running.core.hub;
    // The block loop publishes bbo too; this test's own message is the one with time 1.
    const gotBbo = a.next((m) => m.channel === 'bbo' && (m.data as { time: number }).time === 1);
    expect(hub.publish('bbo:1', { contractId: 1, time: 1, bid: null, ask: null })).toBe(1);
    expect(await gotBbo).toEqual({ channel: 'bbo', data: { contractId: 1, time: 1, bid: null, ask: null } });
    // A publication already on its way must not pass for the reply to the next request.
    hub.publish('bbo:2', { contractId: 2, time: 2, bid: null, ask: null });
    expect((await b.request({ method: 'subscribe', subscription: { type: 'userFills' } })).channel).toBe('subscriptionResponse');
    const gotFill = b.next((m) => m.channel === 'userFills' && !(m.data as { isSnapshot: boolean }).isSnapshot);
    expect(hub.publishToAccount(other.accountId, 'userFills', { isSnapshot: false, fills: [], big: 2n ** 60n })).toBe(1);
    expect(hub.publishToAccount(other.accountId, 'openOrders', { isSnapshot: false, orders: [] })).toBe(0);
    expect(await gotFill).toEqual({ channel: 'userFills', data: { isSnapshot: false, fills: [], big: 2 ** 60 } });
    // Round trip on each socket: anything published to the wrong one would have arrived before the pong.
    await a.request({ method: 'ping' });
    await b.request({ method: 'ping' });
    // Subscribing sends a snapshot (empty fills, the current bbo); nothing else may have crossed over.
    expect(a.messages.filter((m) => m.channel === 'userFills' && !(m.data as { isSnapshot: boolean }).isSnapshot)).toEqual([]);
    expect(b.messages.filter((m) => m.channel === 'bbo' && (m.data as { contractId: number }).contractId === 1)).toEqual([]);
    a.close();
    b.close();
  });

  it('a snapshot provider answers right after the ack', async () => {
    ex.running.core.hub.setSnapshotProvider('l2Book', (sub) => (sub.type === 'l2Book' ? { contractId: sub.contractId, time: 0, levels: [[], []] } : undefined));
    const c = await WsTestClient.open(ex.wsUrl);
    const snap = c.next((m) => m.channel === 'l2Book');
    await c.request({ method: 'subscribe', subscription: { type: 'l2Book', contractId: 3 } });
    expect(await snap).toEqual({ channel: 'l2Book', data: { contractId: 3, time: 0, levels: [[], []] } });
    c.close();
  });

  it('only /ws upgrades', async () => {
    const url = ex.wsUrl.replace('/ws', '/other');
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.once('open', resolve);
        ws.once('error', reject);
      }),
    ).rejects.toThrow(/404/);
  });

  it('dropConnections closes every socket', async () => {
    const c = await WsTestClient.open(ex.wsUrl);
    await c.request({ method: 'ping' });
    const r = await ex.control({ type: 'dropConnections' });
    expect(r.body).toMatchObject({ ok: true });
    expect(await c.closed).toBe(1006);
  });
});

describe('slow consumers', () => {
  it('a socket with too much unsent data is dropped instead of buffered', () => {
    const hub = new StreamHub({ maxBufferedBytes: 1000 });
    const sent: string[] = [];
    let terminated = false;
    const socket: HubSocket & { bufferedAmount: number } = {
      bufferedAmount: 0,
      send: (t) => sent.push(t),
      terminate: () => {
        terminated = true;
      },
    };
    const id = hub.attach(socket)!;
    hub.receive(id, JSON.stringify({ method: 'subscribe', subscription: { type: 'trades', contractId: 1 } }));
    expect(hub.publish('trades:1', [])).toBe(1);
    socket.bufferedAmount = 1001;
    expect(hub.publish('trades:1', [])).toBe(0);
    expect(terminated).toBe(true);
    expect(hub.connectionCount).toBe(0);
    expect(hub.subscriberCount('trades:1')).toBe(0);
    expect(sent.length).toBe(2);
  });

  it('caps connections and subscriptions', () => {
    const hub = new StreamHub({ maxConnections: 1, maxSubscriptionsPerConnection: 1 });
    const sent: string[] = [];
    const socket: HubSocket = { bufferedAmount: 0, send: (t) => sent.push(t), terminate: () => {} };
    const id = hub.attach(socket)!;
    expect(hub.attach(socket)).toBeUndefined();
    hub.receive(id, JSON.stringify({ method: 'subscribe', subscription: { type: 'trades', contractId: 1 } }));
    hub.receive(id, JSON.stringify({ method: 'subscribe', subscription: { type: 'trades', contractId: 2 } }));
    expect(JSON.parse(sent[1]!)).toMatchObject({ channel: 'error' });
  });
});
