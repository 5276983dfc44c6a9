import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeClient, type OrderItem } from '../../src/client/exchangeClient.js';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import { createSession, type Session } from '../../src/session/index.js';
import { SignerSet } from '../../src/client/signers.js';
import { WsClient } from '../../src/client/wsClient.js';
import { canonicalJson, formatDecimal, parseDecimal, pow10, type Hex } from '../../src/protocol/index.js';
import { build, type ContractConfig, type L2Book } from '../../src/protocol/wire/index.js';
import { selectOpenOrders } from '../../src/state/selectors.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { startWsProxy } from './support/wsProxy.js';
import { waitFor } from '../support/waitFor.js';

/**
 * Fault tests against the embedded exchange with matching, streams and a busy market: lost
 * answers, dropped and slowed sockets, a stalled stream, each settled by the client without
 * resending a write.
 */

interface Trader {
  key: Hex;
  address: string;
  contract: ContractConfig;
}

let ex: TestExchange;
let http: HttpTransport;
let info: InfoClient;

async function trader(collateralWhole = 5_000n): Promise<Trader> {
  const me = await ex.registerFunded();
  const cfg = await info.configs();
  if (!cfg.ok) throw new Error(cfg.error.message);
  const contract = cfg.value.contracts.find((c) => c.status === 'Active' && c.name === 'SOL1')!;
  const coin = cfg.value.coins.find((c) => c.name === 'USDC')!;
  exchangeData(await ex.signedPost(build.enroll(contract.marketDeployerId), me.key));
  const amount = (collateralWhole * pow10(coin.decimals)).toString();
  exchangeData(await ex.signedPost(build.lockCollateral(contract.marketDeployerId, coin.coinId, amount), me.key));
  return { key: me.key, address: me.address.toLowerCase(), contract };
}

/** A price on the contract's tick grid, `ticksAway` ticks from the mark, for resting orders that do not cross. */
async function pxFromMark(c: ContractConfig, ticksAway: number): Promise<string> {
  const st = await info.marketState(c.contractId);
  if (!st.ok || st.value.markPx === null) throw new Error('no mark price');
  const mark = parseDecimal(st.value.markPx, c.priceScale, 'markPx');
  const tick = BigInt(c.tickSize);
  let raw = (mark / tick + BigInt(ticksAway)) * tick;
  if (raw < tick) raw = tick;
  return formatDecimal(raw, c.priceScale);
}

describe('client faults against the embedded exchange (busy market)', () => {
  beforeAll(async () => {
    ex = await startTestExchange({ activity: 'busy' });
    http = new HttpTransport({ baseUrl: ex.url, requestTimeoutMs: 2_000 });
    info = new InfoClient(http);
  });
  afterAll(async () => {
    await http?.close();
    await ex?.close();
  });

  it('50 order submissions whose answers are dropped after the exchange applied them: every outcome right, no order twice', async () => {
    const me = await trader();
    const c = new ExchangeClient({ http, info, signers: new SignerSet({ master: me.key }), address: me.address, lookup: { attempts: 5, delayMs: 50 } });
    const cloids: string[] = [];
    for (let i = 0; i < 50; i++) {
      await ex.control({ type: 'failNext', count: 1, mode: 'dropAfterApply' });
      const price = await pxFromMark(me.contract, -(40 + i)); // well below the market: rests
      const r = await c.order([{ contractId: me.contract.contractId, isBuy: true, price, size: '1', tif: 'Gtc' }]);
      expect(r.ok, `submission ${i}`).toBe(true);
      if (!r.ok) continue;
      expect(r.reconciledBecause).toBeDefined();
      const item = r.statuses[0] as OrderItem;
      expect(item).toMatchObject({ reconciled: { status: 'open', cloid: r.cloids[0], order: { limitPx: price } } });
      cloids.push(r.cloids[0]!);
    }
    const open = await info.userOrders(me.address, me.contract.marketDeployerId, me.contract.contractId);
    expect(open.ok).toBe(true);
    if (!open.ok) return;
    const mine = open.value.map((o) => o.cloid).filter((x): x is string => x !== undefined);
    expect(mine.sort()).toEqual([...cloids].sort());
    expect(new Set(mine).size).toBe(50);

    // Cancels whose answers are lost are settled the same way.
    const some = open.value.slice(0, 5);
    for (const o of some) {
      await ex.control({ type: 'failNext', count: 1, mode: 'dropAfterApply' });
      const r = await c.cancel([{ contractId: me.contract.contractId, oid: o.oid }]);
      expect(r.ok && r.statuses[0]).toMatchObject({ reconciled: { status: 'canceled', oid: o.oid } });
    }
  });

  it('50 forced disconnects in a busy market: each time it resubscribes, and book, open orders and fills match the exchange', async () => {
    const me = await trader();
    const s: Session = createSession({ url: ex.url }, { master: me.key }, {
      contractName: me.contract.name,
      flushMs: 20,
      ws: { backoff: { baseMs: 5, capMs: 100 } },
      poll: { accountMs: 500 },
    });
    const oids: number[] = [];
    try {
      expect((await s.ready).ok).toBe(true);
      const cid = me.contract.contractId;
      const live = () => Object.values(s.ws.snapshot().subscriptions).every((x) => x === 'live');
      await waitFor(live, 'live');
      for (let i = 0; i < 50; i++) {
        // Own activity: a resting order and an aggressive one, so open orders and fills keep changing.
        if (i % 5 === 0) {
          const rest = await s.exchange.order([{ contractId: cid, isBuy: true, price: await pxFromMark(me.contract, -30 - i), size: '1', tif: 'Gtc' }]);
          const take = await s.exchange.order([{ contractId: cid, isBuy: i % 10 === 0, price: await pxFromMark(me.contract, i % 10 === 0 ? 50 : -50), size: '1', tif: 'Ioc' }]);
          for (const r of [rest, take]) {
            if (!r.ok) continue;
            for (const st of r.statuses) {
              if ('resting' in st) oids.push(st.resting.oid);
              else if ('filled' in st) oids.push(st.filled.oid);
            }
          }
        }
        const before = s.ws.snapshot().reconnects;
        await ex.control({ type: 'dropConnections' });
        const observer = await bookObserver(ex.wsUrl, cid);
        try {
          await waitFor(() => s.ws.snapshot().reconnects > before && live(), `live after drop ${i}`);
          // Book: once the store shows a book the observer also received, they must be the same book.
          await waitFor(() => {
            s.coalescer.flush();
            const b = s.store.getState().market.books[cid];
            const seen = b && observer.books.get(b.time);
            return seen !== undefined && canonicalJson(seen) === canonicalJson(b);
          }, `book matches the exchange after drop ${i}`);
        } finally {
          observer.close();
        }
      }
      // Open orders: eventually exactly the exchange's (bots may fill them meanwhile).
      await waitFor(async () => {
        const r = await info.userOrders(me.address, me.contract.marketDeployerId);
        s.coalescer.flush();
        const have = selectOpenOrders(s.store.getState()).map((o) => o.oid);
        return r.ok && JSON.stringify(r.value.map((o) => o.oid).sort((a, b) => a - b)) === JSON.stringify(have);
      }, 'open orders match');
      // Fills: none twice, and per own order the filled quantity the exchange reports.
      await waitFor(async () => {
        s.coalescer.flush();
        const fills = s.store.getState().orders.fills;
        const ids = fills.map((f) => `${f.tid}:${f.oid}`);
        if (new Set(ids).size !== ids.length) throw new Error('a fill appears twice');
        const lookups = await info.ordersByIds(me.address, oids);
        if (!lookups.ok) return false;
        const scale = me.contract.qtyScale;
        return lookups.value.every((l) => {
          const orig = parseDecimal(l.order.origSz, scale, 'origSz');
          const seen = fills.filter((f) => f.oid === l.order.oid).reduce((sum, f) => sum + parseDecimal(f.sz, scale, 'sz'), 0n);
          if (l.status === 'filled') return seen === orig;
          if (l.status === 'open') return seen === orig - parseDecimal(l.order.sz, scale, 'sz');
          return seen <= orig; // cancelled IOC remainders: what sz means after a cancel is not pinned down
        });
      }, 'fills match');
    } finally {
      await s.close();
    }
  });

  it('a stream that goes silent without closing is detected and restarted', async () => {
    const proxy = await startWsProxy(ex.wsUrl);
    const errors: string[] = [];
    const ws = new WsClient({ url: proxy.url, backoff: { baseMs: 5, capMs: 50 }, silenceMs: (sub) => (sub.type === 'l2Book' ? 1_000 : undefined) });
    ws.onError((e) => errors.push(e.message));
    try {
      ws.subscribe({ type: 'l2Book', contractId: 1 });
      ws.start();
      await waitFor(() => ws.stateOf({ type: 'l2Book', contractId: 1 }) === 'live', 'live');
      const states: string[] = [];
      ws.onState((st) => states.push(st.subscriptions['l2Book:1']!));
      proxy.muteData(true);
      await waitFor(() => states.includes('stale'), 'stale detected');
      expect(errors.some((m) => /l2Book:1 delivered nothing/.test(m))).toBe(true);
      proxy.muteData(false);
      await waitFor(() => ws.stateOf({ type: 'l2Book', contractId: 1 }) === 'live' && ws.snapshot().reconnects >= 1, 'restarted and live');
    } finally {
      ws.close();
      await proxy.close();
    }
  });
});

/** An independent connection that records every book the exchange publishes, by time. */
async function bookObserver(url: string, contractId: number): Promise<{ books: Map<number, L2Book>; close(): void }> {
  const books = new Map<number, L2Book>();
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => {});
  ws.on('message', (m) => {
    const msg = JSON.parse(m.toString()) as { channel?: string; data?: L2Book };
    if (msg.channel === 'l2Book' && msg.data) {
      books.set(msg.data.time, msg.data);
      if (books.size > 2_000) books.delete(books.keys().next().value as number);
    }
  });
  ws.send(JSON.stringify({ method: 'subscribe', subscription: { type: 'l2Book', contractId } }));
  return { books, close: () => ws.terminate() };
}
