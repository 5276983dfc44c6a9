/**
 * Issue 18 part 3, the exchange's fan-out: N WebSocket subscribers on one contract's l2Book
 * and trades at stress activity, N = 100 (the baseline) beside N = 1,000, each on a fresh
 * exchange.
 *
 * The exchange runs in a process of its own (`perpdesk exchange` from the sources, through
 * tsx), so the subscribers do not share its event loop. All but ten are read by this process,
 * whose reading backlog (a thousand sockets, one event loop) is part of their delay; the last
 * ten to subscribe are read by a small process of their own, and since the exchange writes to
 * subscribers in the order they subscribed, theirs is the delay of the fan-out's last
 * position without that backlog. The goal is judged on those. Both the exchange's and this
 * process's CPU are shown, and the load average, since on a shared machine waiting for a CPU
 * is part of every delay.
 *
 * Delay: every l2Book and trades message carries the block's time (`time`, exchange time =
 * the wall clock, which both processes read), stamped when the block starts, before the bots
 * act; the delay is the subscriber's receipt minus that time, so it covers the block's own
 * work, the fan-out, the kernel and the client's read. Only messages after a warm-up count
 * (subscription snapshots carry the time of the subscribe, not of a block).
 *
 * The stopped reader: one subscriber pauses its socket (it stops reading; the kernel's
 * buffers fill). The exchange should close it (4408) within its drain time (`--ws-drain-ms`,
 * default 3 s). A paused socket cannot see the close until it reads again, so it resumes
 * after a fixed wait and reports the close code it then reads; meanwhile the others' delays
 * are recorded apart, and none of them may be dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { GoalRow } from './dashboard/report.js';
import { cpuSeconds, rssBytes } from './dashboard/procStats.js';
import { fix, percentile, table } from './measure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** BTC1: the live contract with the largest book messages. */
const CONTRACT_ID = 2;
const BLOCK_MS = 100;
const SLOW_CLOSE_CODE = 4408;
const GOAL_P99_MS = 50;
/** Subscribers of the probe process, the last in the fan-out order. */
const PROBES = 10;

export interface FanoutOptions {
  counts?: number[];
  /** Steady window measured, after the warm-up. */
  measureMs?: number;
  warmMs?: number;
  /** How long the stopped reader stays paused before it reads again to learn its close code. */
  stalledMs?: number;
  log?: (line: string) => void;
}

interface ExchangeChild {
  wsUrl: string;
  pid: number;
  close(): Promise<void>;
}

async function startExchangeChild(maxPerIp: number): Promise<ExchangeChild> {
  const args = ['--import', 'tsx', 'src/cli.ts', 'exchange', '--activity', 'stress', '--seed', '18', '--rate-limit', '0', '--invite-count', '0', '--block-ms', String(BLOCK_MS), '--ws-max-per-ip', String(maxPerIp)];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /\((ws:\/\/\S+)\)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`perpdesk exchange exited (${code}) before listening: ${err.trim()}`)));
  });
  child.stdout!.resume();
  return {
    wsUrl,
    pid: child.pid!,
    async close() {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/**
 * A few subscribers in a process of their own, connected after all the others, so they are
 * the last the exchange writes to in each fan-out: their delay is the fan-out's worst
 * position without the backlog of one process reading a thousand sockets. Each `start` line
 * on stdin begins a window, each `stop` prints the window's delays as one JSON line.
 */
const PROBE_SCRIPT = `
import WebSocket from 'ws';
import { createInterface } from 'node:readline';
const [url, k, contractId] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
let delays = null;
let open = 0;
for (let i = 0; i < k; i++) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  ws.on('error', () => {});
  ws.on('open', () => {
    for (const type of ['l2Book', 'trades']) ws.send(JSON.stringify({ method: 'subscribe', subscription: { type, contractId } }));
    if (++open === k) process.stdout.write('ready\\n');
  });
  ws.on('message', (d) => {
    const now = performance.timeOrigin + performance.now();
    if (!delays) return;
    const m = /"time":(\\d+)/.exec(d.toString('latin1', 0, 300));
    if (m && (d[12] === 108 || d[12] === 116)) delays.push(now - Number(m[1]));
  });
}
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'start') delays = [];
  else if (line === 'stop') { process.stdout.write(JSON.stringify(delays ?? []) + '\\n'); delays = null; }
  else if (line === 'exit') process.exit(0);
});
`;

interface Probe {
  window(): { stop(): Promise<number[]> };
  close(): void;
}

async function startProbe(wsUrl: string, k: number): Promise<Probe> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE_SCRIPT, wsUrl, String(k), String(CONTRACT_ID)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  let buf = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      const w = waiters.shift();
      if (w) w(line);
      else lines.push(line);
    }
  });
  const nextLine = () => new Promise<string>((resolve) => (lines.length > 0 ? resolve(lines.shift()!) : waiters.push(resolve)));
  const ready = await Promise.race([nextLine(), new Promise<string>((r) => setTimeout(() => r('timeout'), 15_000))]);
  if (ready !== 'ready') throw new Error('the probe subscribers did not connect');
  return {
    window() {
      child.stdin!.write('start\n');
      return {
        async stop() {
          child.stdin!.write('stop\n');
          return (JSON.parse(await nextLine()) as number[]).sort((a, b) => a - b);
        },
      };
    },
    close() {
      child.stdin!.write('exit\n');
      setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
    },
  };
}

/** Delays of one window, in ms, per channel. */
class Window {
  book: number[] = [];
  trades: number[] = [];
  messages = 0;
  bytes = 0;
  startedAt = performance.now();
  endedAt = Number.NaN;
  end(): void {
    this.endedAt = performance.now();
  }
  get seconds(): number {
    return ((Number.isNaN(this.endedAt) ? performance.now() : this.endedAt) - this.startedAt) / 1000;
  }
  all(): number[] {
    return [...this.book, ...this.trades].sort((a, b) => a - b);
  }
}

const TIME = Buffer.from('"time":');
const L2BOOK_AT = Buffer.from('{"channel":"l2Book"');
const TRADES_AT = Buffer.from('{"channel":"trades"');

/** The first `"time":N` of a message, read from the bytes: parsing 1,000 copies of a book would measure JSON.parse here. */
function blockTime(buf: Buffer): number | undefined {
  const at = buf.indexOf(TIME);
  if (at < 0) return undefined;
  let n = 0;
  for (let i = at + TIME.length; i < buf.length; i++) {
    const c = buf[i]!;
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
}

interface Subscriber {
  ws: WebSocket;
  books: number;
  lastBookTime: number;
  outOfOrder: number;
  closed?: { code: number };
}

interface RunResult {
  n: number;
  probeSteady: number[];
  probeStalled: number[];
  steady: Window;
  stalled: Window;
  rssIdle: number;
  rssPeak: number;
  rssEnd: number;
  exchangeCpu: number;
  clientCpu: number;
  minBooksPerSub: number;
  outOfOrder: number;
  othersDropped: number;
  slow: { code: number | undefined; pausedMs: number };
}

function connect(url: string, onMessage: (s: Subscriber, data: Buffer) => void): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const s: Subscriber = { ws, books: 0, lastBookTime: 0, outOfOrder: 0 };
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => onMessage(s, data));
    ws.once('close', (code) => (s.closed = { code }));
    ws.once('open', () => {
      ws.off('error', reject);
      ws.on('error', () => {});
      for (const type of ['l2Book', 'trades']) ws.send(JSON.stringify({ method: 'subscribe', subscription: { type, contractId: CONTRACT_ID } }));
      resolve(s);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runOne(n: number, o: Required<Omit<FanoutOptions, 'counts' | 'log'>>, log: (line: string) => void): Promise<RunResult> {
  const ex = await startExchangeChild(n);
  const subs: Subscriber[] = [];
  let probe: Probe | undefined;
  try {
    await sleep(1_500);
    const rssIdle = rssBytes(ex.pid) ?? Number.NaN;
    let win: Window | undefined;
    let stalled: Window | undefined;
    let slowOne: Subscriber | undefined;
    const onMessage = (s: Subscriber, data: Buffer) => {
      const now = performance.timeOrigin + performance.now();
      const book = data.compare(L2BOOK_AT, 0, L2BOOK_AT.length, 0, L2BOOK_AT.length) === 0;
      const trades = !book && data.compare(TRADES_AT, 0, TRADES_AT.length, 0, TRADES_AT.length) === 0;
      if (!book && !trades) return;
      const t = blockTime(data);
      if (t === undefined) return;
      if (book) {
        s.books++;
        if (t < s.lastBookTime) s.outOfOrder++;
        s.lastBookTime = t;
      }
      const w = s === slowOne ? undefined : (stalled ?? win);
      if (!w) return;
      w.messages++;
      w.bytes += data.length;
      (book ? w.book : w.trades).push(now - t);
    };
    const here = n - PROBES;
    for (let i = 0; i < here; i += 100) {
      const batch = await Promise.all(Array.from({ length: Math.min(100, here - i) }, () => connect(ex.wsUrl, onMessage)));
      subs.push(...batch);
    }
    probe = await startProbe(ex.wsUrl, PROBES);
    log(`fanout: ${n} subscribers connected; warming up`);
    await sleep(o.warmMs);
    for (const s of subs) s.books = 0;
    let rssPeak = rssBytes(ex.pid) ?? 0;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(ex.pid) ?? 0)), 250);
    const cpu0 = cpuSeconds(ex.pid) ?? Number.NaN;
    const own0 = process.cpuUsage();
    win = new Window();
    const probeWin = probe.window();
    await sleep(o.measureMs);
    win.end();
    const probeSteady = await probeWin.stop();
    const exchangeCpu = (100 * ((cpuSeconds(ex.pid) ?? Number.NaN) - cpu0)) / win.seconds;
    const own = process.cpuUsage(own0);
    const clientCpu = (100 * (own.user + own.system)) / 1e6 / win.seconds;
    const minBooksPerSub = Math.min(...subs.map((s) => s.books));
    const rssEnd = rssBytes(ex.pid) ?? Number.NaN;

    // One subscriber stops reading; the others go on.
    slowOne = subs[0]!;
    const raw = (slowOne.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    stalled = new Window();
    const probeStalledWin = probe.window();
    const pausedAt = performance.now();
    raw.pause();
    await sleep(o.stalledMs);
    raw.resume();
    const resumedAt = performance.now();
    for (let waited = 0; !slowOne.closed && waited < 3_000; waited += 50) await sleep(50);
    await sleep(500);
    stalled.end();
    const probeStalled = await probeStalledWin.stop();
    clearInterval(sampler);
    const others = subs.slice(1);
    log(`fanout: ${n} subscribers measured`);
    return {
      n,
      probeSteady,
      probeStalled,
      steady: win,
      stalled,
      rssIdle,
      rssPeak,
      rssEnd,
      exchangeCpu,
      clientCpu,
      minBooksPerSub,
      outOfOrder: others.reduce((a, s) => a + s.outOfOrder, 0),
      othersDropped: others.filter((s) => s.closed).length,
      slow: { code: slowOne.closed?.code, pausedMs: resumedAt - pausedAt },
    };
  } finally {
    for (const s of subs) s.ws.terminate();
    probe?.close();
    await ex.close();
  }
}

const mb = (bytes: number) => fix(bytes / 2 ** 20, 0);
const ms = (sorted: number[], p: number) => fix(percentile(sorted, p), 1);

export async function benchFanout(opts: FanoutOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const o = { measureMs: opts.measureMs ?? 10_000, warmMs: opts.warmMs ?? 2_000, stalledMs: opts.stalledMs ?? 10_000 };
  const runs: RunResult[] = [];
  for (const n of opts.counts ?? [100, 1000]) runs.push(await runOne(n, o, log));

  const delayRows = runs.map((r) => {
    const all = r.steady.all();
    const book = r.steady.book.sort((a, b) => a - b);
    const trades = r.steady.trades.sort((a, b) => a - b);
    return [
      `${r.n.toLocaleString('en-US')} subscribers`,
      Math.round(r.steady.messages / r.steady.seconds).toLocaleString('en-US'),
      fix(r.steady.bytes / r.steady.seconds / 2 ** 20, 1),
      ms(r.probeSteady, 50),
      ms(r.probeSteady, 99),
      ms(all, 50),
      ms(all, 99),
      ms(book, 99),
      ms(trades, 99),
      `${r.minBooksPerSub} / ${Math.round(r.steady.seconds * (1000 / BLOCK_MS))}`,
    ];
  });
  const costRows = runs.map((r) => [`${r.n.toLocaleString('en-US')} subscribers`, mb(r.rssIdle), mb(r.rssEnd), mb(r.rssPeak), fix(r.exchangeCpu, 0), fix(r.clientCpu, 0)]);
  const slowRows = runs.map((r) => [
    `${r.n.toLocaleString('en-US')} subscribers`,
    r.slow.code === undefined ? 'not closed' : String(r.slow.code),
    fix(r.slow.pausedMs / 1000, 1),
    `${r.othersDropped} of ${r.n - 1}`,
    `${ms(r.probeSteady, 99)} / ${ms(r.steady.all(), 99)}`,
    `${ms(r.probeStalled, 99)} / ${ms(r.stalled.all(), 99)}`,
    r.outOfOrder,
  ]);

  const big = runs.find((r) => r.n === 1000) ?? runs[runs.length - 1]!;
  const bigP99 = percentile(big.probeSteady, 99);
  const bigAllP99 = percentile(big.steady.all(), 99);
  const bigStalledP99 = percentile(big.probeStalled, 99);
  const goals: GoalRow[] = [
    {
      goal: `WebSocket fan-out p99 block-to-socket delay, ${big.n.toLocaleString('en-US')} subscribers (stress), last ${PROBES} in fan-out order`,
      target: `<= ${GOAL_P99_MS} ms`,
      measured: `${fix(bigP99, 1)} ms (all ${big.n.toLocaleString('en-US')} read by one process: ${fix(bigAllP99, 1)} ms)`,
      met: bigP99 <= GOAL_P99_MS,
    },
    {
      goal: `a subscriber that stops reading is closed (${SLOW_CLOSE_CODE}), the other ${(big.n - 1).toLocaleString('en-US')} unaffected`,
      target: `${SLOW_CLOSE_CODE}, none dropped, p99 <= ${GOAL_P99_MS} ms`,
      measured: `${big.slow.code ?? 'not closed'}, ${big.othersDropped} dropped, p99 ${fix(bigStalledP99, 1)} ms`,
      met: big.slow.code === SLOW_CLOSE_CODE && big.othersDropped === 0 && bigStalledP99 <= GOAL_P99_MS,
    },
  ];

  const load = os.loadavg()[0]!;
  const markdown = [
    table(
      [
        'subscribers on BTC1 l2Book + trades (stress)',
        'messages/s delivered',
        'MiB/s',
        `p50 ms, last ${PROBES}`,
        `p99 ms, last ${PROBES}`,
        'p50 ms, all',
        'p99 ms, all',
        'p99 l2Book, all',
        'p99 trades, all',
        'fewest books per subscriber / blocks',
      ],
      delayRows,
    ),
    '',
    table(['exchange process', 'RSS idle MiB', 'RSS with subscribers MiB', 'peak MiB', 'exchange CPU % of a core', 'subscribers (bench) CPU %'], costRows),
    '',
    table(['one subscriber stops reading', 'close code it reads', 'paused s', 'others dropped', `others p99 ms before (last ${PROBES} / all)`, 'others p99 ms meanwhile', 'books out of order'], slowRows),
    '',
    `Delay: receipt minus the block time in the message (the block's start, before the bots act), over ${fix(o.measureMs / 1000, 0)} s after a ${fix(o.warmMs / 1000, 0)} s warm-up; the first row is the baseline, measured in the same run. ` +
      `"last ${PROBES}": subscribers in a process of their own, connected after the others, so the last written to in each fan-out; "all": every subscriber, all but those ${PROBES} read by the bench's one process, whose reading backlog is in the figure. ` +
      `The stopped reader pauses its socket for ${fix(o.stalledMs / 1000, 0)} s, then reads again to learn how its connection ended (a paused socket cannot see the close earlier). ` +
      `Load average at the end: ${fix(load, 1)} on ${os.cpus().length} CPUs.`,
  ].join('\n');
  return { markdown, goals };
}
