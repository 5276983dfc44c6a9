import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algoHostOf, AlgoRunner, readAlgoFile } from '../../src/algo/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';
import { isOrderRequest } from './support/holdingProxy.js';
import { tradingAccount } from './support/algoAccount.js';

/**
 * An algo child whose outcome is unknown is settled after a reconnect, not only on the
 * runner's start and on resume. A live session (streams) talks HTTP through a proxy that
 * keeps the child's order request and, while `down`, drops every other request, so the
 * client's own lookup by cloid fails too: the child is `unknown` and its TWAP paused. The
 * request then reaches the exchange (it fills against a resting ask), the exchange is back,
 * and the WebSocket is dropped: once it is open again the child says what the exchange has.
 */
let ex: TestExchange;
const stateDir = tempDirs('perpdesk-algo-reconnect-');

interface Proxy {
  url: string;
  down: boolean;
  held: Promise<() => Promise<void>>;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<Proxy> {
  let hold: ((forward: () => Promise<void>) => void) | undefined;
  const p = { down: false } as Proxy;
  p.held = new Promise((resolve) => (hold = resolve));
  const send = async (path: string, body: Buffer, type: string | undefined) => {
    const r = await fetch(`${target}${path}`, { method: 'POST', body, headers: { 'content-type': type ?? 'application/json' } });
    return { status: r.status, type: r.headers.get('content-type') ?? 'application/json', body: Buffer.from(await r.arrayBuffer()) };
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      if (hold && isOrderRequest(path, body.toString('utf8'))) {
        const h = hold;
        hold = undefined;
        p.down = true;
        h(async () => void (await send(path, body, req.headers['content-type'])));
        return; // never answered
      }
      if (p.down) return void res.destroy();
      send(path, body, req.headers['content-type']).then(
        (up) => {
          res.writeHead(up.status, { 'content-type': up.type });
          res.end(up.body);
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  p.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  p.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return p;
}

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  const maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: '20', tif: 'Gtc' }]), maker.key));
}, 30_000);

afterAll(async () => {
  await ex?.close();
});

describe('algo children settle after a reconnect', () => {
  it('a TWAP paused on a lost answer: after the WebSocket reconnects its child shows the fill the exchange has', async () => {
    const who = await tradingAccount(ex);
    const proxy = await startProxy(ex.url);
    const session: Session = createSession({ url: proxy.url, wsUrl: ex.wsUrl }, { master: who.key }, { contractName: 'SOL1', http: { requestTimeoutMs: 1_500 } });
    const dir = stateDir();
    const runner = new AlgoRunner({ host: algoHostOf(session), stateDir: dir, settings: {} });
    try {
      const ready = await session.ready;
      if (!ready.ok) throw new Error(ready.error.message);
      await waitFor(() => session.ws.snapshot().connection === 'open', 'the stream open', 15_000);
      await runner.start();
      const started = await runner.startTwap({ contract: 'SOL1', side: 'buy', size: '2', durationMs: 1_000, slices: 1, bandPct: '1', reduceOnly: false });
      if (!started.ok) throw new Error(started.error);
      const s = started.value;
      const forward = await proxy.held;
      await waitFor(() => s.status === 'paused', 'the TWAP paused on its unknown child', 20_000);
      expect(s.reason).toMatch(/outcome unknown/);
      const child = s.children[0]!;
      expect(child.answer?.status).toBe('unknown');

      await forward();
      proxy.down = false;
      const reconnects = session.ws.snapshot().reconnects;
      await ex.control({ type: 'dropConnections' });
      await waitFor(() => session.ws.snapshot().reconnects > reconnects && session.ws.snapshot().connection === 'open', 'the stream open again', 20_000);
      await waitFor(() => child.answer?.status === 'filled', 'the child settled from the exchange', 10_000);
      expect(child.answer).toMatchObject({ status: 'filled', filled: 2n, source: 'exchange' });
      expect(s.status).toBe('paused');
      expect(s.reason).toMatch(/read back from the exchange after a reconnect \(.* filled\); resume it to go on/);
      // The file says so too.
      const read = readAlgoFile(dir).algos.find((a) => a.plan.id === s.plan.id)!;
      expect(read.children.map((c) => c.answer?.status)).toEqual(['filled']);
    } finally {
      await runner.stop();
      await session.close();
      await proxy.close();
    }
  }, 90_000);
});
