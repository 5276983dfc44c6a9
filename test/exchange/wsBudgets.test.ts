import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { OutboundBudget } from '../../src/exchange/streams/outboundBudget.js';
import { DEFAULT_WS_LIMITS, WS_CLOSE } from '../../src/exchange/streams/wsLimits.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

/**
 * Issue 17 part 2: connection and memory budgets. One address cannot take every connection
 * slot, and clients that do not read are closed within seconds instead of being buffered for
 * a minute, while a client that reads gets everything, in order.
 */
let ex: TestExchange | undefined;
afterEach(async () => {
  await ex?.close();
  ex = undefined;
});

interface Attempt {
  ws: WebSocket;
  /** Resolves 'open' once the handshake is done, or the close code if it closed first. */
  settled: Promise<'open' | number>;
  closed: Promise<number>;
}

function connect(url: string, localAddress = '127.0.0.1'): Attempt {
  const ws = new WebSocket(url, { localAddress });
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  // The server refuses after the handshake: an open socket that closes at once was refused.
  const settled = new Promise<'open' | 'closing' | number>((resolve) => {
    ws.once('open', () => setTimeout(() => resolve(ws.readyState === WebSocket.OPEN ? 'open' : 'closing'), 50));
    void closed.then(resolve);
  }).then(async (r): Promise<'open' | number> => (r === 'closing' ? closed : r));
  return { ws, settled, closed };
}

describe('connections per address', () => {
  it(`1,001 connections from 127.0.0.1 leave room for a client from 127.0.0.2`, async () => {
    ex = await startTestExchange();
    const held: WebSocket[] = [];
    const refused = new Map<number, number>();
    for (let i = 0; i < 1001; i += 100) {
      const batch = Array.from({ length: Math.min(100, 1001 - i) }, () => connect(ex!.wsUrl));
      for (const [n, r] of (await Promise.all(batch.map((a) => a.settled))).entries()) {
        if (r === 'open') held.push(batch[n]!.ws);
        else refused.set(r, (refused.get(r) ?? 0) + 1);
      }
    }
    expect(held).toHaveLength(DEFAULT_WS_LIMITS.maxConnectionsPerIp);
    expect(Object.fromEntries(refused)).toEqual({ [WS_CLOSE.TRY_AGAIN_LATER]: 1001 - DEFAULT_WS_LIMITS.maxConnectionsPerIp });

    const other = connect(ex.wsUrl, '127.0.0.2');
    expect(await other.settled).toBe('open');
    const ack = new Promise<string>((resolve) => other.ws.once('message', (d) => resolve((JSON.parse(d.toString()) as { channel: string }).channel)));
    other.ws.send(JSON.stringify({ method: 'subscribe', subscription: { type: 'bbo', contractId: 1 } }));
    expect(await ack).toBe('subscriptionResponse');
    for (const ws of [...held, other.ws]) ws.terminate();
  });
});

describe('the outbound budget (what peers have read, by ping and pong)', () => {
  const limits = { outboundBudgetBytes: 1000, minShareBytes: 100, drainMs: 3000 };

  it('a peer that answers its probes is never closed however much flows; one that stops is closed after drainMs', () => {
    let now = 0;
    const budget = new OutboundBudget(limits, () => now);
    const pings = new Map<number, string>();
    budget.track(1); // reads
    budget.track(2); // stops reading
    for (let t = 0; t < 20; t++) {
      now = t * 250;
      budget.sent(1, 400, 2);
      budget.sent(2, 400, 2);
      const closed = budget.sweep(2, 250, (id, payload) => pings.set(id, payload));
      if (pings.has(1)) budget.pong(1, pings.get(1)!, 2);
      pings.delete(1);
      expect(closed.map(([id]) => id)).not.toContain(1);
      if (closed.length > 0) {
        expect(closed).toEqual([[2, expect.stringContaining('slow consumer')]]);
        expect(now).toBeLessThanOrEqual(3000 + 250);
        budget.untrack(2);
        return;
      }
    }
    throw new Error('the non-reader was never closed');
  });

  it('the share grows as others leave, but a peer over it is not let off until it reads', () => {
    let now = 0;
    const budget = new OutboundBudget({ ...limits, outboundBudgetBytes: 10_000 }, () => now);
    for (const id of [1, 2, 3, 4]) budget.track(id);
    for (const id of [1, 2, 3, 4]) budget.sent(id, 3000, 4); // share 2500: all over
    budget.sweep(4, 250, () => {});
    for (const id of [2, 3, 4]) budget.untrack(id);
    expect(budget.share(1)).toBe(10_000);
    now = 3000;
    expect(budget.sweep(1, 250, () => {}).map(([id]) => id)).toEqual([1]);
  });

  it('counts what is unread in all, and forgets a closed socket', () => {
    const budget = new OutboundBudget(limits, () => 0);
    budget.track(1);
    budget.track(2);
    budget.sent(1, 70, 2);
    budget.sent(2, 30, 2);
    expect(budget.total).toBe(100);
    budget.untrack(1);
    expect(budget.total).toBe(30);
  });
});

const CONTRACTS = [1, 2, 3];
const EVERYTHING = CONTRACTS.flatMap((contractId) => [
  { type: 'l2Book', contractId },
  { type: 'bbo', contractId },
  { type: 'trades', contractId },
  { type: 'candle', contractId, interval: '1m' },
]);

describe('clients that do not read', () => {
  it('50 of them at stress activity: RSS grows under 50 MB, they are closed within 10 s, a reader gets every trade in order', async () => {
    ex = await startTestExchange({ activity: 'stress', blockMs: 100 });
    const hub = ex.running.core.hub;

    // The reader: every trade of every live contract (tids are one sequence) and the books.
    const reader = connect(ex.wsUrl);
    expect(await reader.settled).toBe('open');
    const tids: number[] = [];
    let books = 0;
    reader.ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { channel: string; data: unknown };
      if (m.channel === 'trades') for (const t of m.data as { tid: number }[]) tids.push(t.tid);
      if (m.channel === 'l2Book') books++;
    });
    for (const sub of EVERYTHING) reader.ws.send(JSON.stringify({ method: 'subscribe', subscription: sub }));
    await new Promise((r) => setTimeout(r, 1_000));
    const rss0 = process.memoryUsage.rss();

    const start = performance.now();
    const sleepers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const a = connect(ex!.wsUrl);
        await new Promise<void>((resolve) => a.ws.once('open', () => resolve()));
        for (const sub of EVERYTHING) a.ws.send(JSON.stringify({ method: 'subscribe', subscription: sub }));
        // Stops reading: the kernel's buffers fill, then the server's.
        (a.ws as unknown as { _socket: { pause(): void } })._socket.pause();
        return a;
      }),
    );
    expect(hub.connectionCount).toBe(51);
    let peak = 0;
    let closedAt: number | undefined;
    while (performance.now() - start < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      peak = Math.max(peak, process.memoryUsage.rss() - rss0);
      if (hub.connectionCount === 1) {
        closedAt = performance.now() - start;
        break;
      }
    }
    const left = hub.connectionCount;
    // Reading again, each sees its connection end (the server cut those it closed).
    for (const s of sleepers) (s.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const codes = await Promise.all(sleepers.map((s) => Promise.race([s.closed, new Promise<number>((r) => setTimeout(() => r(-1), 3_000))])));
    const tidsAtEnd = tids.length;
    await new Promise((r) => setTimeout(r, 300));
    console.info(
      `non-readers closed after ${closedAt?.toFixed(0) ?? 'more than 10000'} ms, peak RSS growth ${(peak / 2 ** 20).toFixed(1)} MB, ` +
        `close codes ${JSON.stringify(codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {}))}; ` +
        `reader got ${tids.length} trades, ${books} books; connections left at the deadline ${left}`,
    );
    expect(closedAt).toBeDefined();
    expect(closedAt!).toBeLessThanOrEqual(10_000);
    expect(peak).toBeLessThan(50 * 2 ** 20);
    for (const code of codes) expect([WS_CLOSE.SLOW_CONSUMER, 1006]).toContain(code);

    // The reader was never dropped and missed nothing: trade ids run without a gap.
    expect(reader.ws.readyState).toBe(WebSocket.OPEN);
    expect(tids.length).toBeGreaterThan(tidsAtEnd - 1);
    expect(tids.length).toBeGreaterThan(100);
    expect(tids.every((t, i) => i === 0 || t === tids[i - 1]! + 1)).toBe(true);
    expect(books).toBeGreaterThan(3 * ((performance.now() - start) / 100) * 0.5);
    reader.ws.terminate();
  }, 30_000);
});
