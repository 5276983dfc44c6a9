import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAX_JSON_DEPTH } from '../../src/exchange/jsonDepth.js';
import { DEFAULT_WS_LIMITS, WS_CLOSE } from '../../src/exchange/streams/wsLimits.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { WsTestClient, type WsMessage } from './wsTestClient.js';

/**
 * Issue 17 part 1 (and the WebSocket half of part 5): one WebSocket client must not be able
 * to starve the API. Inbound messages spend a per-connection and per-IP budget, a duplicate
 * subscription costs no snapshot, authentication attempts are limited before any signature
 * is recovered, and a frame nested too deep is answered, not choked on.
 */
let ex: TestExchange | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await ex?.close();
  ex = undefined;
});

const L2 = { type: 'l2Book', contractId: 1 };
const answer = (m: WsMessage) => m.channel !== 'l2Book' && m.channel !== 'bbo';
const junkAuth = (i: number) => ({
  method: 'auth',
  auth: { action: { type: 'wsAuth', time: i }, nonce: i, signature: { r: `0x${(i + 1).toString(16).padStart(64, '1')}`, s: `0x${'2'.repeat(64)}`, v: 27 } },
});

describe('cheap answers', () => {
  it('a duplicate subscription answers "already subscribed" without a new snapshot', async () => {
    ex = await startTestExchange({ activity: 'calm' });
    ex.running.blocks.stop(); // only answers to this client's messages arrive
    const c = await WsTestClient.open(ex.wsUrl);
    const first = await c.request({ method: 'subscribe', subscription: L2 }, answer);
    expect(first).toEqual({ channel: 'subscriptionResponse', data: { method: 'subscribe', subscription: L2 } });
    for (let i = 0; i < 20; i++) {
      const again = await c.request({ method: 'subscribe', subscription: L2 }, answer);
      expect(again).toMatchObject({ channel: 'subscriptionResponse', data: { method: 'subscribe', subscription: L2, message: expect.stringContaining('already subscribed') } });
    }
    await c.request({ method: 'ping' }, (m) => m.channel === 'pong');
    expect(c.messages.filter((m) => m.channel === 'l2Book')).toHaveLength(1);
    c.close();
  });

  it('a frame nested deeper than MAX_JSON_DEPTH is refused with a clear error, and the connection keeps serving', async () => {
    ex = await startTestExchange();
    const c = await WsTestClient.open(ex.wsUrl);
    const deep = `{"method":"ping","x":${'['.repeat(3000)}${']'.repeat(3000)}}`;
    const err = await c.request(deep, answer);
    expect(err).toEqual({ channel: 'error', data: { message: expect.stringContaining(`deeper than ${MAX_JSON_DEPTH}`) } });
    expect((await c.request('['.repeat(3000), answer)).data).toEqual({ message: expect.stringContaining('nest') });
    const ok = `{"method":"ping","x":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    expect(await c.request(ok, answer)).toEqual({ channel: 'pong' });
    c.close();
  });
});

describe('inbound budgets', () => {
  it(`over its budget a connection gets an error, then close code ${WS_CLOSE.RATE_LIMITED}`, async () => {
    ex = await startTestExchange({ wsLimits: { messagesPerMin: 30, messagesPerMinPerIp: 1000 } });
    const c = await WsTestClient.open(ex.wsUrl);
    for (let i = 0; i < 100; i++) c.send({ method: 'ping' });
    expect(await c.closed).toBe(WS_CLOSE.RATE_LIMITED);
    const pongs = c.messages.filter((m) => m.channel === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(29);
    expect(pongs).toBeLessThanOrEqual(30);
    expect(c.messages.at(-1)).toEqual({ channel: 'error', data: { message: expect.stringMatching(/too many messages.*30 per minute/) } });
  });

  it('the per-IP budget spans connections: a new connection from a spent address is refused', async () => {
    ex = await startTestExchange({ wsLimits: { messagesPerMin: 1000, messagesPerMinPerIp: 40 } });
    const a = await WsTestClient.open(ex.wsUrl);
    for (let i = 0; i < 60; i++) a.send({ method: 'ping' });
    expect(await a.closed).toBe(WS_CLOSE.RATE_LIMITED);
    await expect(WsTestClient.open(ex.wsUrl)).rejects.toThrow(/429/);
    // Another address is not affected.
    const b = await new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(ex!.wsUrl, { localAddress: '127.0.0.2' });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
    b.close();
  });

  it('authentication attempts are limited before any signature is recovered', async () => {
    ex = await startTestExchange({ wsLimits: { authPerMinPerIp: 5 } });
    const recover = vi.spyOn(ex.running.core.auth, 'recover');
    const c = await WsTestClient.open(ex.wsUrl);
    const answers: WsMessage[] = [];
    for (let i = 0; i < 12; i++) answers.push(await c.request(junkAuth(i), answer));
    expect(recover).toHaveBeenCalledTimes(5);
    expect(answers.slice(0, 5).every((m) => m.channel === 'auth' && /recover|signature/.test((m.data as { message: string }).message))).toBe(true);
    expect(answers.slice(5)).toEqual(Array(7).fill({ channel: 'auth', data: { ok: false, message: expect.stringMatching(/too many auth attempts.*5 per minute/) } }));
    c.close();
  });
});

/**
 * The attackers run in a worker thread, so the exchange (this thread) is the only thing
 * between /info and its answer. Four clients loop `subscribe` to the same l2Book and two loop
 * `wsAuth` with junk signatures; each reconnects 10 ms after it is closed or refused.
 */
const ATTACKERS = `
const { workerData, parentPort } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const stats = { opened: 0, refused: 0, sent: 0, closes: {} };
let stop = false;
parentPort.on('message', () => { stop = true; setTimeout(() => parentPort.postMessage(stats), 300); });
function attacker(kind, n) {
  if (stop) return;
  const ws = new WebSocket(workerData.url);
  const again = () => { if (!stop) setTimeout(() => attacker(kind, n), 10); };
  ws.on('error', () => {});
  ws.on('unexpected-response', (req, res) => { stats.refused++; res.resume(); req.destroy(); again(); });
  ws.on('open', () => { stats.opened++; pump(); });
  ws.on('close', (code) => { stats.closes[code] = (stats.closes[code] || 0) + 1; again(); });
  const sub = JSON.stringify({ method: 'subscribe', subscription: { type: 'l2Book', contractId: 1 } });
  function pump() {
    if (stop || ws.readyState !== 1) { if (stop) ws.terminate(); return; }
    for (let i = 0; i < 50; i++) {
      n++;
      ws.send(kind === 'sub' ? sub : JSON.stringify({ method: 'auth', auth: { action: { type: 'wsAuth', time: n }, nonce: n,
        signature: { r: '0x' + (n + 1).toString(16).padStart(64, '1'), s: '0x' + '2'.repeat(64), v: 27 } } }));
    }
    stats.sent += 50;
    if (ws.bufferedAmount < 1 << 20) setImmediate(pump); else setTimeout(pump, 5);
  }
}
for (let i = 0; i < 4; i++) attacker('sub', i * 1e6);
for (let i = 0; i < 2; i++) attacker('auth', (10 + i) * 1e6);
`;

interface AttackStats {
  opened: number;
  refused: number;
  sent: number;
  closes: Record<string, number>;
}

/** `/info` asked in a loop for `ms`: each answer's time, and how many got none within 5 s. */
async function timeInfo(url: string, ms: number): Promise<number[] & { unanswered: number }> {
  const out = Object.assign([] as number[], { unanswered: 0 });
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const res = await request(`${url}/info`, { method: 'POST', body: '{"type":"l2Book","contractId":1}', signal: AbortSignal.timeout(5_000) });
      await res.body.text();
      expect(res.statusCode).toBe(200);
    } catch (e) {
      if ((e as Error).name !== 'TimeoutError' && (e as Error).name !== 'AbortError') throw e;
      out.unanswered++;
    }
    out.push(performance.now() - t0);
  }
  return out;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

describe('the flood of issue 17', () => {
  // The test asserts what is served, not how fast (a test never times itself): its p99s are printed beside each other.
  it('4 clients looping subscribe and 2 looping junk wsAuth: every /info is answered throughout, a legitimate client is served and the flooders are closed', async () => {
    ex = await startTestExchange({ activity: 'calm', blockMs: 100, wsLimits: DEFAULT_WS_LIMITS });
    const idle = await timeInfo(ex.url, 1_500);
    const worker = new Worker(ATTACKERS, { eval: true, workerData: { url: ex.wsUrl, wsPath: createRequire(import.meta.url).resolve('ws') } });
    try {
      const flooded = await timeInfo(ex.url, 8_000);
      // A legitimate client on another address is served during the flood.
      const legit = await new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(ex!.wsUrl, { localAddress: '127.0.0.2' });
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
      const got: string[] = [];
      const snapshot = new Promise<void>((resolve) =>
        legit.on('message', (d) => {
          got.push((JSON.parse(d.toString()) as WsMessage).channel);
          if (got.includes('l2Book')) resolve();
        }),
      );
      legit.send(JSON.stringify({ method: 'subscribe', subscription: L2 }));
      await snapshot;
      expect(got.slice(0, 2)).toEqual(['subscriptionResponse', 'l2Book']);
      legit.close();

      const stats = await new Promise<AttackStats>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('stop');
      });
      const [idleP99, floodP99] = [p99(idle), p99(flooded)];
      console.info(
        `ws flood: /info idle p99 ${idleP99.toFixed(2)} ms (${idle.length} requests), flooded p99 ${floodP99.toFixed(2)} ms (${flooded.length}); ` +
          `attackers opened ${stats.opened}, refused ${stats.refused}, sent ${stats.sent}, closes ${JSON.stringify(stats.closes)}`,
      );
      expect(idle.unanswered).toBe(0);
      expect(flooded.unanswered).toBe(0);
      expect(flooded.length).toBeGreaterThan(20);
      expect(stats.closes[String(WS_CLOSE.RATE_LIMITED)] ?? 0).toBeGreaterThanOrEqual(6);
    } finally {
      await worker.terminate();
    }
  }, 30_000);
});
