/**
 * Issue 21's fault test: the exchange (the built CLI, `--db FILE`) is killed with SIGKILL at
 * random points while clients place and cancel orders and move collateral over HTTP, then
 * started again on the same file. After every restart:
 * - every answered action is there (answered orders readable by id, answered cancels not
 *   open, the collateral model of answered moves matches the balances);
 * - the one request each client had in flight is either wholly applied or not at all: its
 *   effect is present exactly when its nonce is spent (the same signed body sent again is
 *   refused as a replay), and the balances equal the model with or without it;
 * - the ledger balances (the exchange refuses to start on a file whose ledger does not);
 * - the book equals the open orders.
 *
 * Runs: PERPDESK_FAULT_RUNS (default 12, about 8 s on a 2-core machine, to keep npm test in its budget; the issue's 100 take
 * about 65 s):
 *   PERPDESK_FAULT_RUNS=100 CI=true npx vitest run test/exchange/persistFaults.test.ts
 * PERPDESK_FAULT_SEED replays a sequence of kill times and actions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/exchange/engine/prng.js';
import { addressOf, NonceManager, signAction, type Hex } from '../../src/protocol/index.js';
import { build, type OrderStatus } from '../../src/protocol/wire/index.js';
import { newKey } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const RUNS = Number(process.env['PERPDESK_FAULT_RUNS'] ?? 12);
const SEED = Number(process.env['PERPDESK_FAULT_SEED'] ?? Date.now() % 1_000_000);
const tempDir = tempDirs('perpdesk-faults-');
const USDC = 1_000_000n;

interface Venue {
  proc: ChildProcess;
  url: string;
  codes: string[];
  exited: Promise<number | null>;
}

function startVenue(file: string): Promise<Venue> {
  const proc = spawn(process.execPath, [CLI, 'exchange', '--db', file, '--activity', 'off', '--control', '--rate-limit', '0', '--credit-delay-ms', '0', '--block-ms', '50'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      // The codes follow the listening line at once; the line after them is never written.
      if (m) setTimeout(() => resolve({ proc, url: m[1]!, codes: [...out.matchAll(/invite code: (\w+)/g)].map((c) => c[1]!), exited }), 20);
    });
    void exited.then((code) => reject(new Error(`exchange exited with ${code} before listening: ${err}`)));
  });
}

interface Reply {
  status: number;
  body: unknown;
}

async function post(client: Client, route: string, body: string): Promise<Reply> {
  const res = await client.request({ path: route, method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const text = await res.body.text();
  return { status: res.statusCode, body: JSON.parse(text) as unknown };
}

function data<T>(r: Reply): T {
  const b = r.body as { status?: string; response?: { data: T }; message?: string };
  if (r.status !== 200 || b.status !== 'ok') throw new Error(`exchange answered ${r.status}: ${JSON.stringify(r.body)}`);
  return b.response!.data;
}

interface Person {
  key: Hex;
  address: Hex;
}

/** A signed request: its body is kept so that it can be sent again as a replay. */
interface Sent {
  body: string;
  kind: 'order' | 'cancel' | 'cancelAll' | 'lock' | 'transfer' | 'unlock';
  cloid?: string;
  oid?: number;
  answer?: unknown;
}

const nonces = new NonceManager({ now: () => Date.now() });
function signed(who: Person, action: { type: string }): string {
  const nonce = nonces.next(who.address);
  return JSON.stringify({ action, nonce, signature: signAction(action, nonce, who.key) });
}

/** The mover's balances (raw USDC): chain, deployer 1 pool, deployer 2 pool. */
type Money = [bigint, bigint, bigint];
const MOVES: Record<'lock' | 'transfer' | 'unlock', Money> = { lock: [-USDC, USDC, 0n], transfer: [0n, -USDC, USDC], unlock: [USDC, 0n, -USDC] };
const CYCLE = ['lock', 'transfer', 'unlock'] as const;
const apply = (m: Money, kind: keyof typeof MOVES): Money => [m[0] + MOVES[kind][0], m[1] + MOVES[kind][1], m[2] + MOVES[kind][2]];

async function balances(client: Client, who: Person): Promise<Money> {
  const total = (list: { coinId: number; total: string }[]) => BigInt(list.find((b) => b.coinId === 0)?.total ?? '0');
  const all = (await post(client, '/info', JSON.stringify({ type: 'userAccount', user: who.address }))).body as { chainBalances: { coinId: number; total: string }[] };
  const md = async (id: number) =>
    total(((await post(client, '/info', JSON.stringify({ type: 'userAccount', user: who.address, marketDeployerId: id }))).body as { marketDeployers: { balances: { coinId: number; total: string }[] }[] }).marketDeployers[0]!.balances);
  return [total(all.chainBalances), await md(1), await md(2)];
}

describe('a venue killed with SIGKILL at random points', () => {
  it(`loses no answered action and half-applies none (${RUNS} runs)`, async () => {
    const file = path.join(tempDir(), 'exchange.sqlite');
    const rng = new Prng(SEED);
    let venue = await startVenue(file);
    let client = new Client(venue.url);
    const traders: Person[] = [0, 1].map(() => {
      const key = newKey();
      return { key, address: addressOf(key) };
    });
    const moverKey = newKey();
    const mover: Person = { key: moverKey, address: addressOf(moverKey) };
    for (const [i, who] of [...traders, mover].entries()) {
      data(await post(client, '/exchange', JSON.stringify({ ...JSON.parse(signed(who, build.registerAccount(who.address))), inviteCode: venue.codes[i] })));
      for (let t = 0; t < 200 && (await balances(client, who))[0] === 0n; t++) await new Promise((r) => setTimeout(r, 10));
      data(await post(client, '/exchange', signed(who, build.enroll(1))));
      data(await post(client, '/exchange', signed(who, build.enroll(2))));
    }
    for (const who of traders) data(await post(client, '/exchange', signed(who, build.lockCollateral(1, 0, (5_000n * USDC).toString()))));
    data(await post(client, '/exchange', signed(mover, build.lockCollateral(1, 0, (100n * USDC).toString()))));
    data(await post(client, '/exchange', signed(mover, build.lockCollateral(2, 0, (100n * USDC).toString()))));
    let money = await balances(client, mover);
    let step = 0;
    let cloidSeq = 1;
    const knownOpen = new Map<number, Person>();
    const killedAt: number[] = [];
    let inFlightSeen = 0;
    let appliedInFlight = 0;

    for (let run = 0; run < RUNS; run++) {
      const sent = new Map<Person, Sent[]>();
      const stopAfter = 20 + rng.int(180);
      let killed = false;
      const kill = setTimeout(() => {
        killed = true;
        venue.proc.kill('SIGKILL');
      }, stopAfter);
      const loops = [...traders, mover].map(async (who) => {
        const log: Sent[] = [];
        sent.set(who, log);
        const own = new Client(venue.url);
        try {
          while (!killed) {
            let s: Sent;
            if (who === mover) {
              const kind = CYCLE[step % 3]!;
              const action =
                kind === 'lock' ? build.lockCollateral(1, 0, USDC.toString()) : kind === 'transfer' ? build.transferBetweenDeployers(1, 2, 0, USDC.toString()) : build.unlockCollateral(2, 0, USDC.toString());
              s = { body: signed(who, action), kind };
            } else {
              const r = rng.next();
              const mine = [...knownOpen].filter(([, p]) => p === who).map(([oid]) => oid);
              if (r < 0.03) s = { body: signed(who, build.cancelAll(1)), kind: 'cancelAll' };
              else if (r < 0.3 && mine.length > 0) {
                const oid = mine[rng.int(mine.length)]!;
                s = { body: signed(who, build.cancel([{ contractId: 1, oid }])), kind: 'cancel', oid };
              } else {
                const cloid = String(cloidSeq++);
                const isBuy = rng.chance(0.5);
                const price = String(isBuy ? 146 + rng.int(6) : 149 + rng.int(6));
                s = { body: signed(who, build.order([{ contractId: 1, isBuy, price, size: String(1 + rng.int(3)), tif: 'Gtc', cloid }])), kind: 'order', cloid };
              }
            }
            log.push(s);
            const reply = await post(own, '/exchange', s.body);
            s.answer = data(reply);
            if (who === mover) {
              money = apply(money, s.kind as keyof typeof MOVES);
              step++;
            } else if (s.kind === 'order') {
              const st = (s.answer as { statuses: OrderStatus[] }).statuses[0]!;
              if ('resting' in st) knownOpen.set(st.resting.oid, who);
            } else if (s.kind === 'cancel') knownOpen.delete(s.oid!);
            else if (s.kind === 'cancelAll') for (const [oid, p] of [...knownOpen]) if (p === who) knownOpen.delete(oid);
          }
        } catch (e) {
          // The kill: the request in flight gets no answer. Anything else is a failure.
          if (!killed) throw e;
        } finally {
          await own.destroy();
        }
      });
      await Promise.all(loops);
      clearTimeout(kill);
      await venue.exited;
      await client.destroy();
      killedAt.push(stopAfter);

      venue = await startVenue(file);
      client = new Client(venue.url);

      for (const who of [...traders, mover]) {
        const log = sent.get(who)!;
        const answered = log.filter((s) => s.answer !== undefined);
        const pending = log.find((s) => s.answer === undefined);
        // Every answered order is there; every answered cancel is not open.
        const oids = answered.flatMap((s) => (s.kind === 'order' ? (s.answer as { statuses: OrderStatus[] }).statuses.flatMap((st) => ('resting' in st ? [st.resting.oid] : 'filled' in st ? [st.filled.oid] : [])) : []));
        if (oids.length > 0) {
          const found = (await post(client, '/info', JSON.stringify({ type: 'ordersByIds', user: who.address, oids }))).body as { order: { oid: number } }[];
          expect(found.map((f) => f.order.oid).sort((a, b) => a - b)).toEqual([...oids].sort((a, b) => a - b));
        }
        const cancelled = answered.filter((s) => s.kind === 'cancel').map((s) => s.oid!);
        if (cancelled.length > 0) {
          const found = (await post(client, '/info', JSON.stringify({ type: 'ordersByIds', user: who.address, oids: cancelled }))).body as { status: string }[];
          for (const f of found) expect(f.status).not.toBe('open');
        }
        if (who === mover) {
          const actual = await balances(client, mover);
          if (pending) {
            const withIt = apply(money, pending.kind as keyof typeof MOVES);
            const applied = actual.join() === withIt.join();
            expect(applied || actual.join() === money.join(), `mover ${actual.join()} is neither ${money.join()} nor ${withIt.join()}`).toBe(true);
            const replay = await post(client, '/exchange', pending.body);
            const text = JSON.stringify(replay.body);
            // Applied exactly when its nonce was spent.
            expect(/already used|too old/.test(text), `replay of the request in flight: ${text}`).toBe(applied);
            money = withIt;
            step++;
            inFlightSeen++;
            if (applied) appliedInFlight++;
          }
          expect((await balances(client, mover)).join()).toBe(money.join());
        } else if (pending) {
          inFlightSeen++;
          const replay = JSON.stringify((await post(client, '/exchange', pending.body)).body);
          const spent = /already used|too old/.test(replay);
          if (spent) appliedInFlight++;
          if (pending.kind === 'order') {
            const found = (await post(client, '/info', JSON.stringify({ type: 'ordersByCloids', user: who.address, cloids: [pending.cloid] }))).body as unknown[];
            // Replayed when it had not been applied: it is there now either way.
            expect(found.length).toBe(1);
          }
          // Orders placed by a replay are unknown to the loop: forget what it thinks is open.
          for (const [oid, p] of [...knownOpen]) if (p === who) knownOpen.delete(oid);
        }
      }

      // The book equals the open orders.
      const open = new Map<string, { sz: bigint; n: number }>();
      for (const who of traders) {
        const list = (await post(client, '/info', JSON.stringify({ type: 'userOrders', user: who.address, marketDeployerId: 1 }))).body as { asset: number; isBuy: boolean; limitPx: string; sz: string; oid: number }[];
        for (const o of list) {
          if (o.asset !== 1) continue;
          knownOpen.set(o.oid, who);
          const k = `${o.isBuy ? 'B' : 'A'}${o.limitPx}`;
          const e = open.get(k) ?? { sz: 0n, n: 0 };
          open.set(k, { sz: e.sz + BigInt(o.sz), n: e.n + 1 });
        }
      }
      const levels = ((await post(client, '/info', JSON.stringify({ type: 'l2Book', contractId: 1 }))).body as { levels: { px: string; sz: string; n: number }[][] }).levels;
      const onBook = new Map<string, { sz: bigint; n: number }>();
      levels.forEach((side, i) => {
        for (const l of side) onBook.set(`${i === 0 ? 'B' : 'A'}${l.px}`, { sz: BigInt(l.sz), n: l.n });
      });
      expect(onBook).toEqual(open);
    }
    venue.proc.kill('SIGTERM');
    expect(await venue.exited).toBe(0);
    await client.destroy();
    // A record of what was exercised, for the report; the assertions above are the test.
    console.log(`fault test: seed ${SEED}, ${RUNS} kills after ${Math.min(...killedAt)}..${Math.max(...killedAt)} ms, ${inFlightSeen} requests in flight at a kill, ${appliedInFlight} of them applied`);
  }, 30_000 + RUNS * 5_000);
});
