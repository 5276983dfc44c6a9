import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderBook as PublishedBook, Side, type LimitOrderOptions } from 'nodejs-order-book';
import { Client, Pool } from 'undici';
import { OrderBook } from '../src/exchange/engine/orderBook.js';
import { Prng } from '../src/exchange/engine/prng.js';
import { BlockLoop, ExchangeCore, startExchange } from '../src/exchange/index.js';
import { ensureBotAccount } from '../src/exchange/live/botAccounts.js';
import { openVenue } from '../src/exchange/persist/sqliteVenue.js';
import { submitOrder } from '../src/exchange/trading/orderEntry.js';
import { addressOf, describeSecpBackend, nativeBackend, nobleBackend, NonceManager, secpBackend, SECP_ENV, signAction, toHex, type Hex, type SecpBackend } from '../src/protocol/index.js';
import { build } from '../src/protocol/wire/index.js';
import type { GoalRow } from './dashboard/report.js';
import { fix, percentile, table } from './measure.js';

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
 *
 * Issue 18: the round trip again with the exchange recovering signers with noble (the
 * fallback) in the same rounds, and the sustained rate of 16 keep-alive clients sending
 * pre-signed orders to an exchange in its own process (one JavaScript thread: one core),
 * once per backend.
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
  // Idle while the exchange rows run (longer with the noble rows): keep the connection, not a close race.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface RoundTrips {
  rows: (string | number)[][];
  /** p50 ms of the pre-signed signed order on the chosen backend, and of the floor. */
  signedP50: number;
  floorP50: number;
}

async function roundTripRows(): Promise<RoundTrips> {
  const ex = await startExchange({ activity: 'off', creditDelayMs: 0, rateLimitPerMin: 0, seed: 7 });
  const floor = await floorServer();
  const pools = { ex: new Pool(ex.url, { connections: 1 }), floor: new Pool(floor.url, { connections: 1 }) };
  const chosen = secpBackend();
  try {
    const key: Hex = toHex(Uint8Array.from({ length: 32 }, (_, i) => i + 1));
    const nonces = new NonceManager({ now: () => ex.core.clock.now() });
    const address = addressOf(key);
    const sign = (action: { type: string }, backend: SecpBackend = chosen) => {
      // The address once, as a client's SignerSet does: deriving it is a whole EC multiplication.
      const nonce = nonces.next(address);
      return JSON.stringify({ action, nonce, signature: signAction(action, nonce, key, backend) });
    };
    const send = async (action: { type: string }, extra: Record<string, unknown> = {}) => {
      const body = JSON.parse(sign(action)) as Record<string, unknown>;
      await timeRequests(pools.ex, '/exchange', [JSON.stringify({ ...body, ...extra })]);
    };
    await send(build.registerAccount(address), { inviteCode: ex.inviteCodes[0] });
    await send(build.enroll(1));
    await send(build.lockCollateral(1, 0, '9000000000'));
    // Resting buys well below the index: every request runs the whole order path and rests.
    const order = (i: number) => build.order([{ contractId: 1, isBuy: true, price: String(60 + (i % 40)), size: '1', tif: 'Gtc' }]);
    const rounds = 4;
    const per = 500;
    const exTimes: number[] = [];
    const signedTimes: number[] = [];
    const nobleTimes: number[] = [];
    const nobleSignedTimes: number[] = [];
    const floorTimes: number[] = [];
    const signSendAnswer = async (into: number[], backend: SecpBackend) => {
      for (let i = 0; i < per / 5; i++) {
        const t0 = process.hrtime.bigint();
        await timeRequests(pools.ex, '/exchange', [sign(order(i), backend)]);
        into.push(Number(process.hrtime.bigint() - t0) / 1e3);
      }
      await send(build.cancelAll(1));
    };
    for (let r = 0; r < rounds; r++) {
      const bodies = Array.from({ length: per }, (_, i) => sign(order(i)));
      exTimes.push(...(await timeRequests(pools.ex, '/exchange', bodies)));
      await send(build.cancelAll(1));
      await signSendAnswer(signedTimes, chosen);
      if (chosen !== nobleBackend) {
        // The same exchange recovering with the fallback, in the same round.
        ex.core.auth.secp = nobleBackend;
        const nobleBodies = Array.from({ length: per / 2 }, (_, i) => sign(order(i)));
        nobleTimes.push(...(await timeRequests(pools.ex, '/exchange', nobleBodies)));
        await send(build.cancelAll(1));
        await signSendAnswer(nobleSignedTimes, nobleBackend);
        ex.core.auth.secp = chosen;
      }
      floorTimes.push(...(await timeRequests(pools.floor, '/', bodies)));
    }
    const p50 = (us: number[]) => percentile([...us].sort((a, b) => a - b), 50) / 1000;
    const row = (name: string, us: number[]) => {
      const s = us.sort((a, b) => a - b);
      return [name, s.length, (percentile(s, 50) / 1000).toFixed(3), (percentile(s, 99) / 1000).toFixed(3), fix(percentile(s, 50) / percentile([...floorTimes].sort((a, b) => a - b), 50), 1)];
    };
    const signedP50 = p50(exTimes);
    const floorP50 = p50(floorTimes);
    return {
      rows: [
        row(`perpdesk exchange, signed order (pre-signed), rests, ${chosen.name}`, exTimes),
        row(`perpdesk exchange, sign + send + answer, ${chosen.name}`, signedTimes),
        ...(nobleTimes.length > 0
          ? [row('perpdesk exchange, signed order (pre-signed), rests, noble', nobleTimes), row('perpdesk exchange, sign + send + answer, noble', nobleSignedTimes)]
          : []),
        row('floor: node:http + JSON + nodejs-order-book, no auth', floorTimes),
      ],
      signedP50,
      floorP50,
    };
  } finally {
    await pools.ex.close();
    await pools.floor.close();
    floor.server.close();
    await ex.close();
  }
}

/**
 * Issue 21: the same pre-signed resting order on three exchanges in one process, rounds
 * interleaved: in memory, on a state file with synchronous=NORMAL (the default: a commit per
 * request, no fsync), and with synchronous=FULL (an fsync of the WAL per request).
 */
export async function stateFileRoundTrips(): Promise<{ rows: (string | number)[][]; ratio: number; memoryP50: number; normalP50: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'perpdesk-bench-db-'));
  const venues = [
    { name: ':memory:', opts: {} },
    { name: '--db, synchronous=NORMAL (default)', opts: { db: path.join(dir, 'normal.sqlite') } },
    { name: '--db --db-sync full', opts: { db: path.join(dir, 'full.sqlite'), dbSync: 'full' as const } },
  ];
  const started = [];
  try {
    const key: Hex = toHex(Uint8Array.from({ length: 32 }, (_, i) => i + 1));
    const address = addressOf(key);
    for (const v of venues) {
      const ex = await startExchange({ activity: 'off', creditDelayMs: 0, rateLimitPerMin: 0, seed: 7, ...v.opts });
      const pool = new Pool(ex.url, { connections: 1 });
      const nonces = new NonceManager({ now: () => ex.core.clock.now() });
      const sign = (action: { type: string }, extra: Record<string, unknown> = {}) => {
        const nonce = nonces.next(address);
        return JSON.stringify({ action, nonce, signature: signAction(action, nonce, key), ...extra });
      };
      started.push({ ...v, ex, pool, sign, times: [] as number[] });
      await timeRequests(pool, '/exchange', [sign(build.registerAccount(address), { inviteCode: ex.inviteCodes[0] })]);
      await timeRequests(pool, '/exchange', [sign(build.enroll(1))]);
      await timeRequests(pool, '/exchange', [sign(build.lockCollateral(1, 0, '9000000000'))]);
    }
    const order = (i: number) => build.order([{ contractId: 1, isBuy: true, price: String(60 + (i % 40)), size: '1', tif: 'Gtc' }]);
    for (let r = 0; r < 4; r++) {
      for (const v of started) {
        const bodies = Array.from({ length: 500 }, (_, i) => v.sign(order(i)));
        v.times.push(...(await timeRequests(v.pool, '/exchange', bodies)));
        await timeRequests(v.pool, '/exchange', [v.sign(build.cancelAll(1))]);
      }
    }
    const p50 = (us: number[]) => percentile([...us].sort((a, b) => a - b), 50) / 1000;
    const memoryP50 = p50(started[0]!.times);
    const rows = started.map((v) => {
      const sorted = [...v.times].sort((a, b) => a - b);
      return [`signed order (pre-signed), rests, ${v.name}`, sorted.length, (percentile(sorted, 50) / 1000).toFixed(3), (percentile(sorted, 99) / 1000).toFixed(3), fix(p50(v.times) / memoryP50, 2)];
    });
    const normalP50 = p50(started[1]!.times);
    return { rows, ratio: normalP50 / memoryP50, memoryP50, normalP50 };
  } finally {
    for (const v of started) {
      await v.pool.close();
      await v.ex.close();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 21: engine operations through the whole trading engine (margin, holdings, events,
 * ledger), not the bare book: 64 funded accounts replaying a seeded mix on SOL1 (60 % resting
 * limits, 30 % cancels, 10 % takers), in memory and on a state file committed per operation
 * (as a request is) or per 100 (as the market makers' activity is, once per block).
 */
export function tradingEngineRows(): { rows: (string | number)[][]; perOp: number; memory: number } {
  const list = ops(20_000, 9).map((op) => (op.kind === 'cancel' ? op : { ...op, px: op.px === undefined ? undefined : 150 + Math.round((op.px - 5_000) / 10) }));
  const dir = mkdtempSync(path.join(tmpdir(), 'perpdesk-bench-engine-'));
  const run = (db: string | undefined, commitEvery: number): number => {
    const venue = db ? openVenue(db, { seed: 3, market: 'bench' }) : undefined;
    const core = new ExchangeCore({ seed: 3, ...(venue ? { stores: venue.stores, persistence: venue.persistence, clock: venue.clock } : {}) });
    try {
      const accounts = new Map(Array.from({ length: 64 }, (_, i) => [`acct${i}`, ensureBotAccount(core, `acct${i}`)]));
      core.commit();
      const t = core.trading;
      const oids = new Map<number, number>();
      const now = core.clock.now();
      const t0 = process.hrtime.bigint();
      let n = 0;
      for (const op of list) {
        t.run(() => {
          if (op.kind === 'cancel') {
            const o = t.orders.get(oids.get(op.id) ?? -1);
            if (o && o.status === 'open') t.cancelOpenOrder(o, now);
          } else {
            const account = accounts.get(op.owner)!;
            const spec = { contractId: 1, isBuy: op.isBuy, sz: BigInt(op.sz), reduceOnly: false };
            const before = t.sequences().id;
            if (op.kind === 'limit') submitOrder(t, account, { ...spec, px: BigInt(op.px!), tif: 'Gtc' }, now);
            else submitOrder(t, account, { ...spec, px: BigInt(op.px ?? (op.isBuy ? 165 : 135)), tif: 'Ioc' }, now);
            if (t.sequences().id > before) oids.set(op.id, t.sequences().id);
          }
        });
        if (++n % commitEvery === 0) core.commit();
      }
      core.commit();
      return list.length / (Number(process.hrtime.bigint() - t0) / 1e9);
    } finally {
      core.close();
    }
  };
  try {
    const samples = { memory: [] as number[], perOp: [] as number[], per100: [] as number[] };
    for (let r = 0; r < 3; r++) {
      samples.memory.push(run(undefined, 1));
      samples.perOp.push(run(path.join(dir, `op${r}.sqlite`), 1));
      samples.per100.push(run(path.join(dir, `block${r}.sqlite`), 100));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const memory = median(samples.memory);
    const perOp = median(samples.perOp);
    const row = (name: string, v: number) => [name, Math.round(v), (1e6 / v).toFixed(2), fix(v / memory, 2)];
    return {
      rows: [row(':memory:', memory), row('state file, a commit per operation (a request)', perOp), row('state file, a commit per 100 operations (a block of the makers)', median(samples.per100))],
      perOp,
      memory,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The exchange in a child process, so its one JavaScript thread is a core of its own, apart from the clients'. */
const CHILD = `
const { startExchange } = await import(process.env.PERPDESK_BENCH_EXCHANGE);
const ex = await startExchange({ activity: 'off', creditDelayMs: 0, rateLimitPerMin: 0, seed: 7, inviteCount: 16 });
process.send({ url: ex.url, inviteCodes: ex.inviteCodes, backend: ex.core.auth.secp.name });
process.on('message', (m) => {
  if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
  if (m === 'stop') ex.close().then(() => process.exit(0));
});
`;

interface Sustained {
  backend: string;
  clients: number;
  orders: number;
  requests: number;
  seconds: number;
  /** Server CPU seconds over the timed window. */
  cpuSeconds: number;
  p50ms: number;
  p99ms: number;
}

async function sustainedRate(backend: 'native' | 'noble', opts: { clients: number; ordersPerClient: number; seconds: number }): Promise<Sustained> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    env: { ...process.env, [SECP_ENV]: backend, PERPDESK_BENCH_EXCHANGE: new URL('../src/exchange/index.ts', import.meta.url).href },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`bench exchange exited with ${code}`)));
  });
  const clients: Client[] = [];
  try {
    const started = await next<{ url: string; inviteCodes: string[]; backend: string }>();
    if (started.backend !== backend) throw new Error(`bench exchange verifies with ${started.backend}, expected ${backend}`);
    const nonces = new NonceManager({ now: () => Date.now() });
    const keys = Array.from({ length: opts.clients }, (_, c) => toHex(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 0x40 + c : i + 1))));
    const addresses = new Map(keys.map((k) => [k, addressOf(k)]));
    const body = (key: Hex, action: { type: string }, extra: Record<string, unknown> = {}) => {
      const nonce = nonces.next(addresses.get(key)!);
      // Signed here with the fastest backend: the clients' signing is not what is measured.
      return JSON.stringify({ action, nonce, signature: signAction(action, nonce, key), ...extra });
    };
    const post = async (client: Client, text: string): Promise<number> => {
      const t0 = process.hrtime.bigint();
      const res = await client.request({ path: '/exchange', method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
      const answer = await res.body.text();
      if (res.statusCode !== 200 || !answer.startsWith('{"status":"ok"') || answer.includes('"error"')) {
        throw new Error(`bench request failed: ${res.statusCode} ${answer.slice(0, 200)}`);
      }
      return Number(process.hrtime.bigint() - t0) / 1e3;
    };
    const setup = new Client(started.url, { pipelining: 1 });
    clients.push(setup);
    for (const [c, key] of keys.entries()) {
      await post(setup, body(key, build.registerAccount(addresses.get(key)!), { inviteCode: started.inviteCodes[c] }));
      await post(setup, body(key, build.enroll(1)));
      await post(setup, body(key, build.lockCollateral(1, 0, '9000000000')));
    }
    // Pre-signed, in nonce order per client: resting buys well below the index, a cancelAll every 400
    // (at most 1,000 open orders per account).
    const queues = keys.map((key) =>
      Array.from({ length: opts.ordersPerClient }, (_, i) =>
        (i + 1) % 400 === 0 ? body(key, build.cancelAll(1)) : body(key, build.order([{ contractId: 1, isBuy: true, price: String(60 + (i % 40)), size: '1', tif: 'Gtc' }])),
      ),
    );
    // Connected after the signing above, so no keep-alive timeout runs out while they wait.
    const senders = keys.map(() => new Client(started.url, { pipelining: 1 }));
    clients.push(...senders);
    const warm = 40;
    await Promise.all(senders.map(async (client, c) => {
      for (const text of queues[c]!.slice(0, warm)) await post(client, text);
    }));
    child.send('cpu');
    const cpu0 = (await next<{ cpu: NodeJS.CpuUsage }>()).cpu;
    const t0 = process.hrtime.bigint();
    const deadline = t0 + BigInt(opts.seconds * 1e9);
    const latencies: number[] = [];
    let requests = 0;
    let orders = 0;
    await Promise.all(senders.map(async (client, c) => {
      const queue = queues[c]!;
      for (let i = warm; i < queue.length && process.hrtime.bigint() < deadline; i++) {
        latencies.push(await post(client, queue[i]!));
        requests++;
        if ((i + 1) % 400 !== 0) orders++;
      }
    }));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    child.send('cpu');
    const cpu1 = (await next<{ cpu: NodeJS.CpuUsage }>()).cpu;
    latencies.sort((a, b) => a - b);
    return {
      backend,
      clients: opts.clients,
      orders,
      requests,
      seconds,
      cpuSeconds: (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / 1e6,
      p50ms: percentile(latencies, 50) / 1000,
      p99ms: percentile(latencies, 99) / 1000,
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    }
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

async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new Error(`${name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

export async function benchExchange(): Promise<{ markdown: string; goals: GoalRow[] }> {
  const engine = engineRows();
  const trips = await phase('round trip', roundTripRows);
  const sustained: Sustained[] = [];
  if (nativeBackend()) sustained.push(await phase('sustained, native', () => sustainedRate('native', { clients: 16, ordersPerClient: 1_200, seconds: 3 })));
  sustained.push(await phase('sustained, noble', () => sustainedRate('noble', { clients: 16, ordersPerClient: 120, seconds: 3 })));
  const messages = messageRows();
  const stateFile = await phase('state file round trip', stateFileRoundTrips);
  const tradingEngine = tradingEngineRows();
  const rate = (s: Sustained) => s.orders / s.seconds;
  const first = sustained[0]!;
  const ratio = trips.signedP50 / trips.floorP50;
  const goals: GoalRow[] = [
    { goal: `signed order p50 vs HTTP + JSON + book floor (${secpBackend().name})`, target: '<= 3x', measured: `${fix(ratio, 1)}x (${trips.signedP50.toFixed(3)} vs ${trips.floorP50.toFixed(3)} ms)`, met: ratio <= 3 },
    {
      goal: 'signed order p50 on a state file (--db, WAL, synchronous=NORMAL) vs :memory:',
      target: '<= 1.3x',
      measured: `${fix(stateFile.ratio, 2)}x (${stateFile.normalP50.toFixed(3)} vs ${stateFile.memoryP50.toFixed(3)} ms)`,
      met: stateFile.ratio <= 1.3,
    },
    { goal: `signed orders/s, 16 keep-alive clients, exchange on one core (${first.backend})`, target: '>= 5,000', measured: `${Math.round(rate(first))}/s (${fix((100 * first.cpuSeconds) / first.seconds, 0)} % of a core)`, met: rate(first) >= 5_000 },
  ];
  return {
    markdown: [
      `Signers recovered with ${describeSecpBackend()} (chosen at load); the noble rows force the fallback.`,
      '',
      table(['engine (same 300k-op mix)', 'ops/s', 'µs/op'], engine),
      '',
      table(['order round trip over loopback HTTP', 'requests', 'p50 ms', 'p99 ms', 'p50 vs floor'], trips.rows),
      '',
      table(
        ['sustained, 16 keep-alive clients, exchange in its own process', 'signed orders/s', 'orders per server CPU-second', 'server CPU % of a core', 'p50 ms', 'p99 ms', 'requests'],
        sustained.map((s) => [`perpdesk exchange, pre-signed orders (cancelAll per 400), ${s.backend}`, Math.round(rate(s)), Math.round(s.orders / s.cpuSeconds), fix((100 * s.cpuSeconds) / s.seconds, 0), s.p50ms.toFixed(3), s.p99ms.toFixed(3), s.requests]),
      ),
      '',
      table(['activity (3 contracts)', 'public messages/s', 'all channels, every account/s', 'trades/s'], messages),
      '',
      table(['order round trip over loopback HTTP, by where the venue lives', 'requests', 'p50 ms', 'p99 ms', 'p50 vs :memory:'], stateFile.rows),
      '',
      table(['trading engine (20k-op mix on SOL1, 64 accounts), by where the venue lives', 'ops/s', 'µs/op', 'vs :memory:'], tradingEngine.rows),
    ].join('\n'),
    goals,
  };
}
