import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WsClient, type WsClientOptions } from '../../src/client/wsClient.js';
import type { ClientError } from '../../src/client/errors.js';
import type { DataMessage } from '../../src/client/wsSubscriptions.js';
import { addressOf, signAction } from '../../src/protocol/index.js';
import type { L2Book } from '../../src/protocol/wire/index.js';
import { startFakeExchange, type FakeExchange } from './support/fakeExchange.js';
import { waitFor } from '../support/waitFor.js';
import { startWsProxy } from './support/wsProxy.js';

const KEY = '0x' + '6d'.repeat(32);
const OTHER = '0x' + '7e'.repeat(32);

let fx: FakeExchange;
const clients: WsClient[] = [];
beforeEach(async () => {
  fx = await startFakeExchange({ tickMs: 10 });
  fx.register(addressOf(KEY).toLowerCase());
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await fx.close();
});

function authWith(key: string) {
  let n = Date.now();
  return () => {
    const nonce = ++n;
    const action = { type: 'wsAuth' as const, time: nonce };
    return { action, nonce, signature: signAction(action, nonce, key) };
  };
}

function make(extra: Partial<WsClientOptions> = {}) {
  const messages: DataMessage[] = [];
  const errors: ClientError[] = [];
  const c = new WsClient({
    url: fx.wsUrl,
    backoff: { baseMs: 5, capMs: 40 },
    pingIntervalMs: 200,
    pongTimeoutMs: 200,
    ackTimeoutMs: 300,
    ...extra,
  });
  c.onMessage((m) => messages.push(m));
  c.onError((e) => errors.push(e));
  clients.push(c);
  return { c, messages, errors };
}

const BOOK = { type: 'l2Book', contractId: 1 } as const;
const OPEN = { type: 'openOrders' } as const;
const allLive = (c: WsClient) => Object.values(c.snapshot().subscriptions).every((s) => s === 'live');

describe('WsClient', () => {
  it('subscribes with acks, authenticates for private channels and goes live after snapshots', async () => {
    const { c, messages } = make({ auth: authWith(KEY) });
    const seen: string[] = [];
    c.onState((s) => seen.push(`${s.connection}/${s.subscriptions['openOrders'] ?? '-'}`));
    c.subscribe(BOOK);
    c.subscribe(OPEN);
    c.start();
    await waitFor(() => allLive(c), 'all live');
    expect(c.snapshot()).toMatchObject({ connection: 'open', authenticated: true, subscriptions: { 'l2Book:1': 'live', openOrders: 'live' } });
    expect(seen).toContain('authenticating/subscribing');
    expect(messages.some((m) => m.channel === 'openOrders' && m.data.isSnapshot)).toBe(true);
    await waitFor(() => messages.filter((m) => m.channel === 'l2Book').length > 3, 'book updates');
  });

  it('comes back after 20 dropped connections: re-auths, resubscribes, resyncs, and shows the current book', async () => {
    const resyncs: string[] = [];
    const { c, messages } = make({
      auth: authWith(KEY),
      resync: async (sub) => {
        resyncs.push(sub.type);
        return false;
      },
    });
    c.subscribe(BOOK);
    c.subscribe(OPEN);
    c.subscribe({ type: 'userFills' });
    c.start();
    await waitFor(() => allLive(c), 'live');
    for (let i = 0; i < 20; i++) {
      const before = c.snapshot().reconnects;
      expect(fx.dropConnections()).toBe(1);
      await waitFor(() => c.snapshot().reconnects > before && allLive(c), `live after drop ${i}`);
      const snapshots = messages.filter((m) => m.channel === 'openOrders' && m.data.isSnapshot).length;
      expect(snapshots).toBe(i + 2);
    }
    expect(resyncs.filter((t) => t === 'l2Book')).toHaveLength(21);
    const lastBook = () => (messages.filter((m) => m.channel === 'l2Book').at(-1)!.data as L2Book).time;
    await waitFor(() => lastBook() === fx.book.time, 'book equals the server book');
  });

  it('restarts a stream that stays open but goes silent', async () => {
    const { c, errors } = make({ silenceMs: (s) => (s.type === 'l2Book' ? 150 : undefined) });
    c.subscribe(BOOK);
    c.start();
    await waitFor(() => allLive(c), 'live');
    const states: string[] = [];
    c.onState((s) => states.push(s.subscriptions['l2Book:1']!));
    fx.muteData(true); // acks and pongs still flow: only the per-subscription watchdog can notice
    await waitFor(() => states.includes('stale'), 'stale');
    expect(errors.some((e) => e.kind === 'timeout' && /l2Book:1 delivered nothing for 150 ms/.test(e.message))).toBe(true);
    fx.muteData(false);
    await waitFor(() => allLive(c) && c.snapshot().reconnects >= 1, 'live again');
  });

  it('restarts a stream silenced by a relay in front of the exchange', async () => {
    const proxy = await startWsProxy(fx.wsUrl);
    try {
      const { c } = make({ url: proxy.url, silenceMs: (s) => (s.type === 'l2Book' ? 150 : undefined) });
      c.subscribe(BOOK);
      c.start();
      await waitFor(() => allLive(c), 'live through the relay');
      const states: string[] = [];
      c.onState((s) => states.push(s.subscriptions['l2Book:1']!));
      proxy.muteData(true);
      await waitFor(() => states.includes('stale'), 'stale');
      proxy.muteData(false);
      await waitFor(() => allLive(c) && c.snapshot().reconnects >= 1, 'live again');
      c.close();
    } finally {
      await proxy.close();
    }
  });

  it('replaces a connection that stops answering pings', async () => {
    const { c, errors } = make({ silenceMs: () => undefined, pingIntervalMs: 50, pongTimeoutMs: 100 });
    c.subscribe({ type: 'trades', contractId: 1 });
    c.start();
    await waitFor(() => allLive(c), 'live');
    fx.muteAll(true);
    await waitFor(() => errors.some((e) => /no message within 100 ms of a ping/.test(e.message)), 'ping timeout');
    fx.muteAll(false);
    await waitFor(() => allLive(c) && c.snapshot().reconnects >= 1, 'live again');
  });

  it('reconnects when a subscription is never acknowledged', async () => {
    fx.noAcks(true);
    const { c, errors } = make({ ackTimeoutMs: 80 });
    c.subscribe(BOOK);
    c.start();
    await waitFor(() => errors.some((e) => /l2Book:1 not acknowledged within 80 ms/.test(e.message)), 'ack timeout');
    fx.noAcks(false);
    await waitFor(() => allLive(c), 'live after acks return');
  });

  it('records garbage, truncated, wrongly shaped, binary and oversized frames and keeps running', async () => {
    const { c, errors, messages } = make({ maxPayloadBytes: 64 * 1024 });
    c.subscribe(BOOK);
    c.start();
    await waitFor(() => allLive(c), 'live');
    fx.sendRaw('\u0000\u0001 garbage');
    fx.sendRaw('{"channel":"l2Book","data":{"contractId":1,"ti');
    fx.sendRaw(JSON.stringify({ channel: 'l2Book', data: { contractId: 1, time: 1, levels: [[{ px: 'NaN', sz: '1', n: 1 }], []] } }));
    fx.sendRaw(JSON.stringify({ channel: 'surprise', data: 1 }));
    fx.sendRaw(Buffer.from([1, 2, 3]), true);
    await waitFor(() => errors.length >= 5, 'five errors');
    expect(errors.slice(0, 5).map((e) => e.kind)).toEqual(['validation', 'validation', 'validation', 'validation', 'validation']);
    expect(errors[0]!.message).toMatch(/^websocket: frame is not JSON/);
    expect(errors[2]!.message).toMatch(/^websocket l2Book: .*px/);
    expect(c.snapshot().reconnects).toBe(0);
    const before = messages.length;
    await waitFor(() => messages.length > before, 'still receiving');

    fx.sendRaw(JSON.stringify({ channel: 'l2Book', pad: 'x'.repeat(128 * 1024) }));
    await waitFor(() => errors.some((e) => /websocket/.test(e.message) && /payload|1009/i.test(e.message)), 'oversized frame error');
    await waitFor(() => c.snapshot().reconnects >= 1 && allLive(c), 'live after oversized frame');
    for (const e of errors) expect(e.message).not.toMatch(/\n\s+at /);
  });

  it('marks private channels down when auth is refused or impossible, public ones stay live', async () => {
    const refused = make({ auth: authWith(OTHER) });
    refused.c.subscribe(BOOK);
    refused.c.subscribe(OPEN);
    refused.c.start();
    await waitFor(() => refused.c.stateOf(OPEN) === 'down' && refused.c.stateOf(BOOK) === 'live', 'refused auth');
    expect(refused.errors.some((e) => e.kind === 'signature' && /unknown signer/.test(e.message))).toBe(true);

    const keyless = make();
    keyless.c.subscribe(OPEN);
    keyless.c.subscribe(BOOK);
    keyless.c.start();
    await waitFor(() => keyless.c.stateOf(OPEN) === 'down' && keyless.c.stateOf(BOOK) === 'live', 'no key');
    expect(keyless.errors.some((e) => /need a signing key/.test(e.message))).toBe(true);
  });

  describe('signInAgain (the signing key was just approved)', () => {
    it('reconnects a socket whose sign-in was refused, and the private channels come live', async () => {
      const { c } = make({ auth: authWith(OTHER) });
      c.subscribe(OPEN);
      c.start();
      await waitFor(() => c.stateOf(OPEN) === 'down', 'refused auth');
      fx.register(addressOf(OTHER).toLowerCase());
      c.signInAgain('signing in again');
      await waitFor(() => c.stateOf(OPEN) === 'live', 'private channel live after the second sign-in');
      expect(c.snapshot()).toMatchObject({ authenticated: true, reconnects: 1 });
    });

    it('leaves a sign-in in flight alone when it succeeds: no reconnect', async () => {
      const { c } = make({ auth: authWith(KEY) });
      c.onState((s) => s.connection === 'authenticating' && c.signInAgain('signing in again'));
      c.subscribe(OPEN);
      c.start();
      await waitFor(() => c.stateOf(OPEN) === 'live', 'private channel live');
      c.signInAgain('signing in again'); // already signed in: nothing to do
      await new Promise((r) => setTimeout(r, 100));
      expect(c.snapshot()).toMatchObject({ authenticated: true, reconnects: 0 });
    });

    it('retries once when the sign-in in flight is refused', async () => {
      const { c } = make({ auth: authWith(OTHER) });
      c.onState((s) => s.connection === 'authenticating' && s.reconnects === 0 && c.signInAgain('signing in again'));
      c.subscribe(OPEN);
      c.start();
      await waitFor(() => c.snapshot().reconnects === 1 && c.stateOf(OPEN) === 'down', 'one retry, refused again');
      await new Promise((r) => setTimeout(r, 200));
      expect(c.snapshot().reconnects).toBe(1);
    });
  });

  it('stops delivering a channel after unsubscribe and closes cleanly', async () => {
    const { c, messages } = make();
    c.subscribe(BOOK);
    c.start();
    await waitFor(() => messages.length > 2, 'data');
    c.unsubscribe(BOOK);
    expect(c.snapshot().subscriptions).toEqual({});
    const n = messages.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(messages.length - n).toBeLessThanOrEqual(1); // at most one frame already in flight
    c.close();
    expect(c.snapshot().connection).toBe('closed');
    await waitFor(() => fx.connections() === 0, 'socket closed');
  });

  it('refuses a malformed URL up front', () => {
    expect(() => new WsClient({ url: 'http://127.0.0.1:1/ws' })).toThrow(/ws:\/\//);
  });
});
