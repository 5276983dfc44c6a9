import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderBook as PublishedBook, Side, type LimitOrderOptions } from 'nodejs-order-book';
import { Pool } from 'undici';
import { OrderBook } from '../src/exchange/engine/orderBook.js';
import { Prng } from '../src/exchange/engine/prng.js';
import { BlockLoop, ExchangeCore, startExchange } from '../src/exchange/index.js';
import { addressOf, NonceManager, signAction, toHex, type Hex } from '../src/protocol/index.js';
import { build } from '../src/protocol/wire/index.js';
import { percentile, table } from './measure.js';

/**
 * Issue 4's goals: >= 500k engine operations/s in-process and <= 2 ms p50 for a signed
 * order over loopback HTTP, each beside a published order book (nodejs-order-book) doing
 * the same operations in the same run.
 *
 * Engine: one seeded op list (60 % resting limits near a walking mid, 30 % cancels of an
 * earlier order, which may have filled, 10 % Ioc or market takers), replayed on a fresh
 * book per round, candidates interleaved over 5 rounds, median kept. Round trip: resting
 * orders signed beforehand (signing has its own bench) and sent one at a time on a
 * keep-alive connection; the floor is a bare node:http server that parses the same JSON
 * and places it on nodejs-order-book, with no signature, account or margin work.
 */
type Op =
  | { kind: 'limit'; id: number; owner: string; isBuy: boolean; px: number; sz: number }
  | { kind: 'cancel'; id: number }
  | { kind: 'take'; id: number; owner: string; isBuy: boolean; px: number | undefined; sz: number };

function ops(n: number, seed = 42): Op[] {
  const rng = new Prng(seed);
  const owners = Array.from({ length: 64 }, (_, i) => `acct${i}`);
  const live: number[] = [];
  const out: Op[] = [];
  let mid = 5_000;
  for (let i = 0; i < n; i++) {
    if ((i & 63) === 0) mid = Math.min(9_000, Math.max(1_000, mid + rng.range(-2, 2)));
    const r = rng.next();
    const id = i + 1;
    if (r < 0.6) {
      const isBuy = rng.chance(0.5);
      const off = 1 + rng.int(20);
      out.push({ kind: 'limit', id, owner: rng.pick(owners), isBuy, px: isBuy ? mid - off : mid + off, sz: 1 + rng.int(100) });
      live.push(id);
    } else if (r < 0.9) {
      if (live.length === 0) continue;
      const k = rng.int(live.length);
      out.push({ kind: 'cancel', id: live[k]! });
      live[k] = live[live.length - 1]!;
      live.pop();
    } else {
      const isBuy = rng.chance(0.5);
      const market = rng.chance(0.3);
      out.push({ kind: 'take', id, owner: rng.pick(owners), isBuy, px: market ? undefined : isBuy ? mid + rng.int(5) : mid - rng.int(5), sz: 1 + rng.int(300) });
    }
  }
  return out;
}

function runPerpdesk(list: Op[]): number {
  const book = new OrderBook();
  const t0 = process.hrtime.bigint();
  for (const op of list) {
    if (op.kind === 'limit') book.place({ oid: op.id, owner: op.owner, isBuy: op.isBuy, px: BigInt(op.px), sz: BigInt(op.sz), tif: 'Gtc', reduceOnly: false }, 0);
    else if (op.kind === 'cancel') book.cancel(op.id);
    else book.place({ oid: op.id, owner: op.owner, isBuy: op.isBuy, px: op.px === undefined ? undefined : BigInt(op.px), sz: BigInt(op.sz), tif: op.px === undefined ? 'Market' : 'Ioc', reduceOnly: false }, 0);
  }
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

/** The package exports TimeInForce only as a type; its value is the plain string. */
const IOC = 'IOC' as LimitOrderOptions['timeInForce'];

function runPublished(list: Op[]): number {
  const book = new PublishedBook();
  const t0 = process.hrtime.bigint();
  for (const op of list) {
    if (op.kind === 'limit') book.limit({ id: String(op.id), side: op.isBuy ? Side.BUY : Side.SELL, price: op.px, size: op.sz });
    else if (op.kind === 'cancel') book.cancel(String(op.id));
    else if (op.px === undefined) book.market({ side: op.isBuy ? Side.BUY : Side.SELL, size: op.sz });
    else book.limit({ id: String(op.id), side: op.isBuy ? Side.BUY : Side.SELL, price: op.px, size: op.sz, timeInForce: IOC });
  }
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

function engineRows(): (string | number)[][] {
  const list = ops(300_000);
  const candidates = [
    { name: 'perpdesk OrderBook (bigint, price-time, STP)', run: runPerpdesk },
    { name: 'nodejs-order-book 10.1 (number)', run: runPublished },
  ];
  for (const c of candidates) c.run(list.slice(0, 50_000)); // warm-up
  const samples = candidates.map(() => [] as number[]);
  for (let r = 0; r < 5; r++) candidates.forEach((c, i) => samples[i]!.push(list.length / c.run(list)));
  return candidates.map((c, i) => {
    const s = samples[i]!.sort((a, b) => a - b);
    const median = s[2]!;
    return [c.name, Math.round(median), (1e6 / median).toFixed(3)];
  });
}

async function timeRequests(pool: Pool, path: string, bodies: string[]): Promise<number[]> {
  const us: number[] = [];
  for (const body of bodies) {
    const t0 = process.hrtime.bigint();
    const res = await pool.request({ path, method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const text = await res.body.text();
    us.push(Number(process.hrtime.bigint() - t0) / 1e3);
    if (res.statusCode !== 200) throw new Error(`bench request failed: ${res.statusCode} ${text.slice(0, 200)}`);
  }
  return us.sort((a, b) => a - b);
}

async function floorServer(): Promise<{ server: Server; url: string }> {
  const book = new PublishedBook();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { action: { orders: { b: boolean; p: string; s: string }[] } };
      const o = body.action.orders[0]!;
      const r = book.limit({ id: String(Math.random()), side: o.b ? Side.BUY : Side.SELL, price: Number(o.p), size: Number(o.s) });
      const text = JSON.stringify({ status: 'ok', response: { type: 'order', data: { statuses: [{ resting: { oid: r.done.length } }] } } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function roundTripRows(): Promise<(string | number)[][]> {
  const ex = await startExchange({ activity: 'off', creditDelayMs: 0, rateLimitPerMin: 0, seed: 7 });
  const floor = await floorServer();
  const pools = { ex: new Pool(ex.url, { connections: 1 }), floor: new Pool(floor.url, { connections: 1 }) };
  try {
    const key: Hex = toHex(Uint8Array.from({ length: 32 }, (_, i) => i + 1));
    const nonces = new NonceManager({ now: () => ex.core.clock.now() });
    const sign = (action: { type: string }) => {
      const nonce = nonces.next(addressOf(key));
      return JSON.stringify({ action, nonce, signature: signAction(action, nonce, key) });
    };
    const send = async (action: { type: string }, extra: Record<string, unknown> = {}) => {
      const body = JSON.parse(sign(action)) as Record<string, unknown>;
      await timeRequests(pools.ex, '/exchange', [JSON.stringify({ ...body, ...extra })]);
    };
    await send(build.registerAccount(addressOf(key)), { inviteCode: ex.inviteCodes[0] });
    await send(build.enroll(1));
    await send(build.lockCollateral(1, 0, '9000000000'));
    // Resting buys well below the index: every request runs the whole order path and rests.
    const order = (i: number) => build.order([{ contractId: 1, isBuy: true, price: String(60 + (i % 40)), size: '1', tif: 'Gtc' }]);
    const rounds = 4;
    const per = 500;
    const exTimes: number[] = [];
    const signedTimes: number[] = [];
    const floorTimes: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const bodies = Array.from({ length: per }, (_, i) => sign(order(i)));
      exTimes.push(...(await timeRequests(pools.ex, '/exchange', bodies)));
      await send(build.cancelAll(1));
      for (let i = 0; i < per / 5; i++) {
        const t0 = process.hrtime.bigint();
        await timeRequests(pools.ex, '/exchange', [sign(order(i))]);
        signedTimes.push(Number(process.hrtime.bigint() - t0) / 1e3);
      }
      await send(build.cancelAll(1));
      floorTimes.push(...(await timeRequests(pools.floor, '/', bodies)));
    }
    const row = (name: string, us: number[]) => {
      const s = us.sort((a, b) => a - b);
      return [name, s.length, (percentile(s, 50) / 1000).toFixed(3), (percentile(s, 99) / 1000).toFixed(3)];
    };
    return [
      row('perpdesk exchange, signed order (pre-signed), rests', exTimes),
      row('perpdesk exchange, sign + send + answer', signedTimes),
      row('floor: node:http + JSON + nodejs-order-book, no auth', floorTimes),
    ];
  } finally {
    await pools.ex.close();
    await pools.floor.close();
    floor.server.close();
    await ex.close();
  }
}

/**
 * Stream messages per simulated second at each activity level, blocks stepped by hand over
 * 60 simulated seconds (a count, not a timing): with one subscriber on every public channel
 * of the live contracts (l2Book, bbo, trades, candle 1m), and with every account, bots
 * included, also listening on its private channels (openOrders, orderUpdates, userFills):
 * everything the exchange's producers publish.
 */
function messageRows(): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const activity of ['calm', 'normal', 'busy', 'stress'] as const) {
    const core = new ExchangeCore({ seed: 11 });
    const loop = new BlockLoop(core, { activity, blockMs: 100 });
    let count = 0;
    let privateCount = 0;
    const id = core.hub.attach({ send: () => void count++, bufferedAmount: 0, terminate: () => {} })!;
    // As if every account (the bots included) listened on its private channels: the producer-side upper bound.
    core.hub.listening = () => true;
    const publishToAccount = core.hub.publishToAccount.bind(core.hub);
    core.hub.publishToAccount = (...args) => {
      privateCount++;
      return publishToAccount(...args);
    };
    for (const contractId of [1, 2, 3]) {
      for (const sub of [{ type: 'l2Book', contractId }, { type: 'bbo', contractId }, { type: 'trades', contractId }, { type: 'candle', contractId, interval: '1m' }]) {
        core.hub.receive(id, JSON.stringify({ method: 'subscribe', subscription: sub }));
      }
    }
    const t0 = Date.UTC(2026, 0, 5);
    for (let i = 0; i < 20; i++) loop.tick(t0 + i * 100); // let the ladders fill first
    count = 0;
    privateCount = 0;
    const blocks = 600;
    for (let i = 20; i < 20 + blocks; i++) loop.tick(t0 + i * 100);
    const trades = core.trading.nextTid();
    const seconds = blocks / 10;
    rows.push([activity, Math.round(count / seconds), Math.round((count + privateCount) / seconds), Math.round(trades / ((20 + blocks) / 10))]);
  }
  return rows;
}

export async function benchExchange(): Promise<{ markdown: string }> {
  const engine = engineRows();
  const trips = await roundTripRows();
  const messages = messageRows();
  return {
    markdown: [
      table(['engine (same 300k-op mix)', 'ops/s', 'µs/op'], engine),
      '',
      table(['order round trip over loopback HTTP', 'requests', 'p50 ms', 'p99 ms'], trips),
      '',
      table(['activity (3 contracts)', 'public messages/s', 'all channels, every account/s', 'trades/s'], messages),
    ].join('\n'),
  };
}
