import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE } from '../../src/exchange/streams/wsLimits.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

/**
 * Issue 18 part 3: the fan-out to many subscribers of one contract. Every subscriber of a
 * publish gets the same frame, and a block's messages go to each socket together; a
 * subscriber that stops reading is closed with 4408 while the others get every block and
 * every trade, in order. The figures at 1,000 subscribers are in `npm run bench -- fanout`.
 */
let ex: TestExchange | undefined;
afterEach(async () => {
  await ex?.close();
  ex = undefined;
});

interface Reader {
  ws: WebSocket;
  bookTimes: number[];
  tids: number[];
  closed: Promise<number>;
}

const SUBSCRIPTIONS = [{ type: 'l2Book', contractId: 1 }, ...[1, 2, 3].map((contractId) => ({ type: 'trades', contractId }))];

function open(url: string): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const r: Reader = { ws, bookTimes: [], tids: [], closed: new Promise((done) => ws.on('close', (code) => done(code))) };
    ws.once('error', reject);
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { channel: string; data: unknown };
      if (m.channel === 'l2Book') r.bookTimes.push((m.data as { time: number }).time);
      if (m.channel === 'trades') for (const t of m.data as { tid: number }[]) r.tids.push(t.tid);
    });
    ws.once('open', () => {
      for (const subscription of SUBSCRIPTIONS) ws.send(JSON.stringify({ method: 'subscribe', subscription }));
      resolve(r);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('fan-out to many subscribers', () => {
  it('50 subscribers at stress, one stops reading: it is closed with 4408, the other 49 get every block and trade in order', async () => {
    // Small budgets so the non-reader is found in about a second; a share of ~20 KiB is still
    // several blocks of this stream, so a reader that answers its probes is never near it.
    ex = await startTestExchange({ activity: 'stress', blockMs: 50, wsLimits: { outboundBudgetBytes: 1024 * 1024, minShareBytes: 16 * 1024, drainMs: 1000 } });
    const hub = ex.running.core.hub;
    const readers = await Promise.all(Array.from({ length: 50 }, () => open(ex!.wsUrl)));
    for (let i = 0; i < 100 && hub.subscriberCount('l2Book:1') < 50; i++) await sleep(20);
    expect(hub.subscriberCount('l2Book:1')).toBe(50);

    const sleeper = readers[0]!;
    const others = readers.slice(1);
    (sleeper.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const pausedAt = Date.now();
    for (let i = 0; i < 200 && hub.connectionCount > 49; i++) await sleep(25);
    expect(hub.connectionCount).toBe(49);
    expect(Date.now() - pausedAt).toBeLessThan(5_000);
    await sleep(300); // the others go on after it is gone
    const end = Date.now();

    // Reading again, the sleeper finds the close frame the server sent it.
    (sleeper.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await sleeper.closed).toBe(WS_CLOSE.SLOW_CONSUMER);

    // Every reader saw the same blocks, each once and in order, from the pause to the end.
    const window = (r: Reader) => r.bookTimes.filter((t) => t >= pausedAt && t <= end - 100);
    const reference = window(others[0]!);
    expect(reference.length).toBeGreaterThan(5);
    for (let i = 1; i < reference.length; i++) expect(reference[i]!).toBeGreaterThan(reference[i - 1]!);
    const firstTid = Math.max(...others.map((r) => r.tids[0] ?? Infinity));
    expect(Number.isFinite(firstTid)).toBe(true);
    for (const r of others) {
      expect(r.ws.readyState).toBe(WebSocket.OPEN);
      expect(window(r)).toEqual(reference);
      // Trade ids are one sequence across contracts: no gap, no repeat.
      expect(r.tids.every((t, i) => i === 0 || t === r.tids[i - 1]! + 1)).toBe(true);
    }
    // Trades went on while the sleeper was stalled, and every reader has the same ones.
    const common = others.map((r) => r.tids.filter((t) => t >= firstTid));
    const shortest = Math.min(...common.map((c) => c.length));
    expect(shortest).toBeGreaterThan(20);
    for (const c of common) expect(c.slice(0, shortest)).toEqual(common[0]!.slice(0, shortest));
    for (const r of others) r.ws.terminate();
  }, 20_000);
});
