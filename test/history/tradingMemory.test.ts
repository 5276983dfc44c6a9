import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../src/history/historyStore.js';
import { build, type UserAccount } from '../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { openHistoryFile } from '../../src/session/historyRecorder.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';
import { historyCli } from './support/historyCli.js';
import { parseCsv } from './support/parseCsv.js';

/**
 * A day of trading on the embedded exchange (over loopback) across three runs of perpdesk:
 * the first closed cleanly, the second a process of its own killed with SIGKILL, the third
 * closed cleanly; exchange time moved a day, over 24 funding times, 18 of them while no
 * perpdesk ran, and trades made while none ran. The store must hold every fill of the
 * account once, show exactly the periods no run covered as gaps, derive each funding
 * payment to the unit, and add realised PnL, fees and funding up to the balance change.
 */
const HOUR = 3_600_000;
const ROOT = join(import.meta.dirname, '../..');

let ex: TestExchange;
let alice: Registered;
let bob: Registered;
let stateDir: string;
const equityChecks: string[] = [];
/** The account's equity just before each clean close: the close's own sample must say the same. */
const closeEquity: string[] = [];
const marks = { beforeClose1: 0, afterClose1: 0, beforeStart2: 0, afterStart2: 0, beforeKill2: 0, beforeStart3: 0, afterStart3: 0 };
let balanceAtStart = 0n;
let balanceAtEnd = 0n;

function control(reply: { status: number; body: unknown }): void {
  if (reply.status !== 200 || (reply.body as { ok?: boolean }).ok !== true) throw new Error(`control answered ${reply.status}: ${JSON.stringify(reply.body)}`);
}
const clock = () => ex.running.core.clock.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const scope = () => ({ venue: ex.url, account: alice.address.toLowerCase() });

async function account(): Promise<UserAccount> {
  return (await ex.info<UserAccount>({ type: 'userAccount', user: alice.address })).body;
}
/** The collateral in the account's pools (all cross), summed independently of the recorder. */
const balanceOf = (a: UserAccount) => a.marketDeployers.reduce((n, md) => n + BigInt(md.balances.find((b) => b.coinId === 0)?.total ?? '0'), 0n);
const equityOf = (a: UserAccount) => a.marketDeployers.reduce((n, md) => n + BigInt(md.equity), 0n).toString();

/** Bob rests the other side, Alice takes it at once: one fill for Alice. */
async function trade(isBuy: boolean, price: string, size: string): Promise<void> {
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: !isBuy, price, size, tif: 'Gtc' }]), bob.key));
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy, price, size, tif: 'Ioc' }]), alice.key));
}

/** Exchange time `hours` on (past as many funding times), and a block or two for them to settle. */
async function nextHour(hours = 1): Promise<void> {
  control(await ex.control({ type: 'advanceTime', ms: hours * HOUR }));
  await sleep(250);
}

function open(): Session {
  return createSession({ url: ex.url }, { master: alice.key }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { accountMs: 200, marketStateMs: 200 }, face: 'test' });
}

/** A sample now; its equity must be the account's as the exchange answers right after (nothing moves in between). */
async function sampleAndCheck(s: Session, what: string): Promise<void> {
  await s.history!.sample('test');
  const last = s.history!.store.samples().at(-1)!;
  expect(last.equity, what).toBe(equityOf(await account()));
  equityChecks.push(what);
}

/** A command in this process, as cli.ts runs it, against the test's venue and account. */
function cli(argv: string[]) {
  return historyCli([...argv, '--url', ex.url, '--address', alice.address], stateDir);
}

function readStore(): HistoryStore {
  return openHistoryFile(stateDir, scope(), { readonly: true });
}

function startChild(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/history/support/recordingChild.ts'], {
    cwd: ROOT,
    env: { ...process.env, HISTORY_URL: ex.url, HISTORY_KEY: alice.key, HISTORY_STATE_DIR: stateDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('started')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the recording child ended (${code}): ${err}`)));
  });
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'perpdesk-history-'));
  ex = await startTestExchange();
  [alice, bob] = await Promise.all([ex.registerFunded(), ex.registerFunded()]);
  for (const who of [alice, bob]) {
    exchangeData(await ex.signedPost(build.enroll(1), who.key));
    exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '2000000000'), who.key));
  }
  control(await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' }));

  // Run 1, closed cleanly: a buy, a funding time, the index moving, a sale at a profit.
  const s1 = open();
  expect((await s1.ready).ok).toBe(true);
  await s1.history!.started;
  balanceAtStart = balanceOf(await account());
  await trade(true, '100', '2');
  await waitFor(() => s1.history!.store.fills().length === 1, 'the first fill recorded');
  await sampleAndCheck(s1, 'after the first fill');
  await nextHour();
  await sampleAndCheck(s1, 'after the first funding time');
  control(await ex.control({ type: 'setIndexPrice', contractId: 1, px: '110' }));
  await sampleAndCheck(s1, 'after the index moved');
  await trade(false, '110', '1');
  await waitFor(() => s1.history!.store.fills().length === 2, 'the second fill recorded');
  await sampleAndCheck(s1, 'after the sale');
  closeEquity.push(equityOf(await account()));
  marks.beforeClose1 = clock();
  await s1.close();
  marks.afterClose1 = clock();

  // Not running: nine funding times and a buy.
  await nextHour(9);
  await trade(true, '110', '1');

  // Run 2, a process of its own, killed: a sale that closes the position.
  marks.beforeStart2 = clock();
  const child = await startChild();
  marks.afterStart2 = clock();
  await trade(false, '110', '2');
  const t4 = Math.max(...ex.running.core.trading.events.recentFills(alice.accountId).map((f) => f.time));
  await waitFor(() => {
    const st = readStore();
    try {
      return st.fills().length === 4 && st.samples().some((x) => x.time >= t4);
    } finally {
      st.close();
    }
  }, 'the child recording the sale and a sample after it', 15_000);
  marks.beforeKill2 = clock();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;

  // Not running: nine funding times with no position, and a buy.
  await nextHour(9);
  await trade(true, '110', '1');

  // Run 3, closed cleanly: five funding times on the long position, a day after the first trade.
  marks.beforeStart3 = clock();
  const s3 = open();
  expect((await s3.ready).ok).toBe(true);
  await s3.history!.started;
  marks.afterStart3 = clock();
  const file = s3.history!.store.file;
  for (const f of [file, `${file}-wal`, `${file}-shm`]) expect((statSync(f).mode & 0o777).toString(8), f).toBe('600');
  for (let h = 1; h <= 5; h++) {
    await nextHour();
    await sampleAndCheck(s3, `after funding time ${h} of run 3`);
  }
  balanceAtEnd = balanceOf(await account());
  closeEquity.push(equityOf(await account()));
  await s3.close();
}, 60_000);

afterAll(async () => {
  await ex?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('the history store over three runs', () => {
  it('holds every fill of the account once, those made while no perpdesk ran filled in from the subscribe snapshot', () => {
    const store = readStore();
    try {
      const exchange = ex.running.core.trading.events.recentFills(alice.accountId);
      const stored = store.fills();
      expect(exchange).toHaveLength(5);
      expect(stored.map(({ source: _s, ...f }) => f)).toEqual([...exchange].sort((a, b) => a.time - b.time || a.tid - b.tid));
      expect(new Set(stored.map((f) => `${f.tid}:${f.oid}`)).size).toBe(stored.length);
      // The buys made while no perpdesk ran came with the next run's snapshot.
      expect(stored.map((f) => f.source)).toEqual(['stream', 'stream', 'snapshot', 'stream', 'snapshot']);
    } finally {
      store.close();
    }
  });

  it('shows as gaps exactly the periods no run recorded, the killed run ending where it was last heard of', () => {
    const store = readStore();
    try {
      const [r1, r2, r3] = store.sessions();
      expect(store.sessions()).toHaveLength(3);
      expect(r1!.ended).toBe(r1!.lastSeen);
      expect(r2!.ended).toBeNull();
      expect(r3!.ended).toBe(r3!.lastSeen);
      expect(r1!.lastSeen).toBeGreaterThanOrEqual(marks.beforeClose1);
      expect(r1!.lastSeen).toBeLessThanOrEqual(marks.afterClose1);
      expect(r2!.started).toBeGreaterThanOrEqual(marks.beforeStart2);
      expect(r2!.started).toBeLessThanOrEqual(marks.afterStart2);
      expect(r2!.lastSeen).toBeLessThanOrEqual(marks.beforeKill2);
      expect(r3!.started).toBeGreaterThanOrEqual(marks.beforeStart3);
      expect(r3!.started).toBeLessThanOrEqual(marks.afterStart3);
      expect(store.gaps()).toEqual([
        { from: r1!.lastSeen, to: r2!.started },
        { from: r2!.lastSeen, to: r3!.started },
      ]);
      // Each gap holds the nine hours exchange time jumped while no perpdesk ran; the runs and gaps span the day.
      for (const g of store.gaps()) expect(g.to - g.from).toBeGreaterThanOrEqual(9 * HOUR);
      expect(r3!.lastSeen - r1!.started).toBeGreaterThanOrEqual(24 * HOUR);
    } finally {
      store.close();
    }
  });

  it('derives each funding payment to the unit of what the balances say, and the money adds up to the balance change in bigint', () => {
    const store = readStore();
    try {
      // Long 2 at 100; long 1 at 110 over nine funding times while no perpdesk ran (one window,
      // their rates folded); flat over nine (nothing paid); long 1 at 110 over five. Mark =
      // index, so the rate is the interest alone: 0.01 % / 8 = 0.0000125 an hour.
      const hourly = [1, '1', '110', '0.0000125', 1, '-1375'];
      expect(store.funding().map((p) => [p.contractId, p.size, p.mark, p.rate, p.intervals, p.derived])).toEqual([
        [1, '2', '100', '0.0000125', 1, '-2500'],
        [1, '1', '110', '0.0001125', 9, '-12375'],
        hourly,
        hourly,
        hourly,
        hourly,
        hourly,
      ]);
      const windows = store.windows();
      expect(windows).toHaveLength(7);
      for (const w of windows) {
        expect(w.funding).toBe(true);
        expect(w.observed).toBe(w.derived);
      }
      const p = store.pnl();
      // 1 sold 10 above its entry (100), then 2 at 110 against an entry of 105 (1 at 100, 1 at 110).
      expect(BigInt(p.realisedPnl)).toBe(20_000_000n);
      expect(BigInt(p.fees)).toBeGreaterThan(0n);
      expect(p.other).toBe('0');
      expect(p.funding).toBe('-21750');
      expect(p.fundingDerived).toBe('-21750');
      expect(BigInt(p.realisedPnl) - BigInt(p.fees) + BigInt(p.funding)).toBe(BigInt(p.balanceChange!));
      expect(BigInt(p.balanceChange!)).toBe(balanceAtEnd - balanceAtStart);
      expect(equityChecks).toHaveLength(9);
      // The start of run 1 (nothing traded yet) and each clean close's sample.
      const samples = store.samples();
      expect(samples[0]!.reason).toBe('start');
      expect(BigInt(samples[0]!.balance)).toBe(balanceAtStart);
      expect(samples.filter((x) => x.reason === 'close').map((x) => x.equity)).toEqual(closeEquity);
    } finally {
      store.close();
    }
  });

  it('perpdesk history fills --since 1d --csv parses back (RFC 4180) to the stored fills, the gaps as rows', async () => {
    const before = Date.now();
    const { code, stdout, stderr } = await cli(['history', 'fills', '--since', '1d', '--csv']);
    const after = Date.now();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(stdout);
    const records = rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]])));
    const store = readStore();
    try {
      const fills = records.filter((r) => r['kind'] === 'fill');
      expect(
        fills.map((r) => ({ tid: Number(r['tid']), oid: Number(r['oid']), px: r['price'], sz: r['size'], side: r['side'], fee: r['fee'], closedPnl: r['closedPnl'], time: Number(r['timeMs']) })),
      ).toEqual(
        store.fills().map((f) => ({
          tid: f.tid,
          oid: f.oid,
          px: f.px,
          sz: f.sz,
          side: f.isBuy ? 'buy' : 'sell',
          fee: formatUsdc(f.fee),
          closedPnl: formatUsdc(f.closedPnl),
          time: f.time,
        })),
      );
      // The day asked for starts before the first run: not recorded from then to its start, then the gaps between runs.
      const [first, ...between] = records.filter((r) => r['kind'] === 'gap').map((r) => ({ from: Number(r['timeMs']), to: Number(r['untilMs']), note: r['note'] }));
      expect(first!.from).toBeGreaterThanOrEqual(before - 86_400_000);
      expect(first!.from).toBeLessThanOrEqual(after - 86_400_000);
      expect(first!.to).toBe(store.sessions()[0]!.started);
      expect(between.map(({ from, to }) => ({ from, to }))).toEqual(store.gaps());
      expect(between[0]!.note).toBe(`not recorded from ${new Date(between[0]!.from).toISOString()} to ${new Date(between[0]!.to).toISOString()}`);
    } finally {
      store.close();
    }
  });

  it('perpdesk history funding and pnl say the same in coin decimals, with the gaps', async () => {
    const funding = await cli(['history', 'funding', '--csv']);
    expect(funding.code, funding.stderr).toBe(0);
    const [header, ...rows] = parseCsv(funding.stdout);
    const col = (name: string) => header!.indexOf(name);
    const payments = rows.filter((r) => r[col('kind')] === 'funding');
    expect(payments.map((r) => [r[col('contract')], r[col('size')], r[col('derived')], r[col('windowObserved')], r[col('coin')]])).toEqual([
      ['SOL1', '2', '-0.0025', '-0.0025', 'USDC'],
      ['SOL1', '1', '-0.012375', '-0.012375', 'USDC'],
      ...Array.from({ length: 5 }, () => ['SOL1', '1', '-0.001375', '-0.001375', 'USDC']),
    ]);
    expect(rows.filter((r) => r[col('kind')] === 'gap')).toHaveLength(2);

    const pnl = await cli(['history', 'pnl', '--json']);
    expect(pnl.code, pnl.stderr).toBe(0);
    const doc = JSON.parse(pnl.stdout) as { pnl: Record<string, unknown>; gaps: { note: string }[] };
    expect(doc.pnl).toMatchObject({ fills: 5, realisedPnl: '20', funding: '-0.02175', fundingDerived: '-0.02175', other: '0', coin: 'USDC' });
    expect(doc.gaps.map((g) => g.note.startsWith('not recorded from '))).toEqual([true, true]);
  });
});

/** Raw USDC units (6 decimals) as the decimal string the CSV writes, by string arithmetic. */
function formatUsdc(raw: string): string {
  const neg = raw.startsWith('-');
  const digits = (neg ? raw.slice(1) : raw).padStart(7, '0');
  const whole = digits.slice(0, -6).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(-6).replace(/0+$/, '');
  const body = frac ? `${whole}.${frac}` : whole;
  return neg && body !== '0' ? `-${body}` : body;
}
