/**
 * Issue 35, the trading memory at scale: a history store of 100,000 fills and 10,000 order
 * events (a week of minute samples) beside the small account's (onboarding only), for the
 * same embedded demo account in two state directories:
 *
 * - the dashboard's start (the built app in a 120x40 pty, spawn to the first live book and
 *   to ready to trade; its recorder opens the store and writes its run while it starts);
 * - the dashboard running with its PnL pane open on `all` (the heaviest of the panes' reads):
 *   CPU over a window at the default activity, and keypress to screen (`?`), one side at a time;
 * - `perpdesk history fills --since 1d --csv`, spawn to exit (every one of the 100,000 fills
 *   is within the day: the worst case of that command);
 * - in this process, one read of the screen's history reader (session/historyReader.ts) per
 *   pane and period: what a read costs the dashboard's event loop, on its timer.
 *
 * The large store is written through HistoryStore itself, not traded on the exchange: what is
 * measured here is the cost of reading it, which does not depend on how it was filled.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HistoryStore, type FundingContract, type Sample } from '../src/history/historyStore.js';
import type { Fill, OrderUpdate } from '../src/protocol/wire/index.js';
import { HistoryReader, type ReadPart, type ReadPeriod } from '../src/session/historyReader.js';
import { createAppStore } from '../src/state/store.js';
import { buildDist, ROOT } from './dashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { OURS, PtyDashboard } from './dashboard/ptyDashboard.js';
import { liveBook } from './dashboard/screenChecks.js';
import { sleep } from './dashboard/sessions.js';
import { timeStart } from './dashboard/startup.js';
import { fix, percentile, table } from './measure.js';

const FILLS = 100_000;
const ORDERS = 10_000;
const DAY = 86_400_000;
const MINUTE = 60_000;
const STARTS = 3;
const COMMANDS = 5;
const READS = 5;

/** The one history file a started dashboard made under `home`. */
function historyFile(home: string): { file: string; account: string } {
  const dir = path.join(home, 'state', 'history', 'embedded');
  const name = readdirSync(dir).find((f) => f.endsWith('.sqlite'));
  if (!name) throw new Error(`no history file under ${dir}`);
  return { file: path.join(dir, name), account: name.replace(/\.sqlite$/, '') };
}

/** 100,000 fills over the last day, 10,000 order events, a week of minute samples with a funding time every hour. */
function seed(file: string, account: string, now: number): void {
  const store = HistoryStore.open(file, { venue: 'embedded', account });
  try {
    const contracts = new Map<number, FundingContract>([[1, { priceScale: 0, qtyScale: 0, collateralDecimals: 6, fundingIntervalMs: 3_600_000 }]]);
    const t0 = now - 7 * DAY;
    const run = store.beginSession('bench', t0);
    let balance = 5_000_000_000n;
    const fills: Fill[] = [];
    for (let i = 0; i < FILLS; i++) {
      const time = now - DAY + Math.floor((i * (DAY - MINUTE)) / FILLS);
      fills.push({ contractId: 1 + (i % 3), oid: 1_000_000 + Math.floor(i / 10), tid: 5_000_000 + i, px: String(140 + (i % 20)), sz: String(1 + (i % 7)), isBuy: i % 2 === 0, time, liquidity: i % 3 ? 'maker' : 'taker', fee: String(50_000 + (i % 1000)), closedPnl: i % 2 ? String((i % 9) * 100_000 - 400_000) : '0' });
    }
    store.addFills(fills, 'stream');
    const updates: OrderUpdate[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const time = now - DAY + Math.floor((i * (DAY - MINUTE)) / ORDERS);
      const [event, status] = i % 2 ? (['fill', 'filled'] as const) : (['new', 'open'] as const);
      updates.push({ event, status, statusTimestamp: time, order: { oid: 1_000_000 + Math.floor(i / 2), asset: 1 + (i % 3), isBuy: i % 4 < 2, limitPx: String(140 + (i % 20)), sz: '0', origSz: '10', tif: 'Gtc', reduceOnly: false, timestamp: time } });
    }
    store.addOrderEvents(updates, 'stream');
    for (let t = t0, k = 0; t <= now - MINUTE; t += MINUTE, k++) {
      const sample: Sample = {
        time: t,
        equity: String(balance + BigInt((k % 120) * 10_000)),
        balance: String(balance),
        markets: [{ contractId: 1, markPx: '150', fundingIndex: (Math.floor((t - t0) / 3_600_000) * 0.00001).toFixed(8), nextFundingTime: Math.ceil((t + 1) / 3_600_000) * 3_600_000, positions: [{ isBuy: true, size: '3' }] }],
      };
      store.addSample(sample, 'minute', run, contracts);
      // Funding moves the balance once an hour: a window with a funding time, as on a real run.
      if ((t - t0) % 3_600_000 === 3_540_000) balance -= 4_500n;
    }
    store.touchSession(run, now - MINUTE);
    store.endSession(run, now - MINUTE);
  } finally {
    store.close();
  }
}

/** Spawn to exit, the command's output to /dev/null (as `> file` would take it: the CSV of 100,000 fills is some 12 MB). */
function timeCommand(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${(r.stderr ?? '').trim()}`);
  return ms;
}

const CPU_WINDOW_S = 10;
const KEYPRESSES = 10;
const HELP = 'Help: keys';

/**
 * The dashboard running on a state directory with its PnL pane open on `all` (the heaviest
 * read: totals over every fill, the curve over every sample): CPU over a window at the
 * default activity, then keypress to screen (`?` opens help, `?` closes it).
 */
async function running(home: string): Promise<{ cpuPercent: number; keys: number[] }> {
  const d = new PtyDashboard({ root: ROOT, variant: OURS, args: [], home });
  try {
    await d.until(liveBook, 30_000, 'a live book');
    d.press('l');
    await sleep(200);
    d.press(']');
    await d.until((x) => /\[PnL\][^┓]*━ day ━/.test(x), 10_000, 'the PnL pane');
    for (const period of ['week', 'month', 'all']) {
      d.press('v');
      await d.until((x) => new RegExp(`\\[PnL\\][^┓]*━ ${period} ━`).test(x), 10_000, `the PnL pane on ${period}`);
    }
    await sleep(2_000);
    const cpu0 = d.cpuSeconds() ?? Number.NaN;
    const t0 = performance.now();
    await sleep(CPU_WINDOW_S * 1000);
    const cpuPercent = (100 * ((d.cpuSeconds() ?? Number.NaN) - cpu0)) / ((performance.now() - t0) / 1000);
    const keys: number[] = [];
    for (let i = 0; i < KEYPRESSES; i++) {
      await sleep(150 + ((i * 37) % 150));
      keys.push(await d.pressAndTime('?', (x) => x.includes(HELP), 10_000, 'the help overlay'));
      await sleep(150 + ((i * 53) % 150));
      keys.push(await d.pressAndTime('?', (x) => !x.includes(HELP), 10_000, 'the help overlay to close'));
    }
    await d.quit();
    return { cpuPercent, keys };
  } finally {
    await d.stop();
  }
}

const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);

export async function benchHistory(o: { skipBuild: boolean; log?: (line: string) => void }): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = o.log ?? ((line: string) => process.stderr.write(`  ${line}\n`));
  if (!o.skipBuild) buildDist(log);
  const homes = { small: mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-history-s-')), large: mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-history-l-')) };
  try {
    log('first starts (keys, onboarding, the history file)...');
    for (const home of Object.values(homes)) await timeStart({ root: ROOT, home, ready: true });
    const large = historyFile(homes.large);
    const t0 = performance.now();
    seed(large.file, large.account, Date.now());
    log(`seeded ${FILLS.toLocaleString('en-US')} fills and ${ORDERS.toLocaleString('en-US')} order events in ${fix((performance.now() - t0) / 1000, 1)} s`);

    const starts = { small: [] as number[], large: [] as number[] };
    const ready = { small: [] as number[], large: [] as number[] };
    log(`timing ${STARTS} starts of each, interleaved...`);
    for (let i = 0; i < STARTS; i++) {
      for (const side of ['small', 'large'] as const) {
        const t = await timeStart({ root: ROOT, home: homes[side], ready: true });
        starts[side].push(t.liveBookMs);
        if (t.readyMs !== undefined) ready[side].push(t.readyMs);
      }
    }
    log(`the PnL pane open on all: CPU over ${CPU_WINDOW_S} s and ${2 * KEYPRESSES} keypresses on each, one at a time...`);
    const run = { small: await running(homes.small), large: await running(homes.large) };
    const csv = { small: [] as number[], large: [] as number[] };
    log(`timing ${COMMANDS} runs of perpdesk history fills --since 1d --csv on each...`);
    for (let i = 0; i < COMMANDS; i++) {
      for (const side of ['small', 'large'] as const) {
        csv[side].push(timeCommand(['dist/cli.js', 'history', 'fills', '--since', '1d', '--csv', '--state-dir', path.join(homes[side], 'state')]));
      }
    }

    log('timing the screen reader’s reads on the large store...');
    const store = HistoryStore.open(large.file, { venue: 'embedded', account: large.account });
    const reads: [string, ReadPeriod, ReadPart, number[]][] = [
      ['History, day (newest 500 fills and 500 order events, counts, gaps)', 'day', 'rows', []],
      ['History, all', 'all', 'rows', []],
      ['Funding, week (payments, windows)', 'week', 'funding', []],
      ['PnL, all (totals over every fill, funding, a curve of 240 points over 10,080 samples)', 'all', 'pnl', []],
    ];
    const reread: number[] = [];
    try {
      for (const [, period, part, into] of reads) {
        for (let i = 0; i < READS; i++) {
          // A reader per read: its re-read of unchanged rows would keep the last read, and this times a whole read.
          const reader = new HistoryReader(store, createAppStore());
          const release = reader.want(period, part);
          const t = performance.now();
          reader.refresh();
          into.push(performance.now() - t);
          release();
          reader.close();
        }
      }
      // The steady state: one reader kept open on PnL all, 10 new fills between its reads (the totals add the new rows only).
      const reader = new HistoryReader(store, createAppStore());
      reader.want('all', 'pnl');
      reader.refresh();
      for (let i = 0; i < READS; i++) {
        const now = Date.now();
        store.addFills(Array.from({ length: 10 }, (_, k) => ({ contractId: 1, oid: 9_000_000 + i, tid: 9_000_000 + i * 10 + k, px: '150', sz: '1', isBuy: true, time: now, liquidity: 'taker' as const, fee: '75000', closedPnl: '0' })), 'stream');
        const t = performance.now();
        reader.refresh();
        reread.push(performance.now() - t);
      }
      reader.close();
    } finally {
      store.close();
    }

    const startRatio = p50(starts.large) / p50(starts.small);
    const cpuRatio = run.large.cpuPercent / run.small.cpuPercent;
    const keyRatio = p95(run.large.keys) / p95(run.small.keys);
    const csvP50 = p50(csv.large);
    const markdown = [
      `The embedded demo account in two state directories: a small store (its onboarding only) and one of ${FILLS.toLocaleString('en-US')} fills (all in the last day), ${ORDERS.toLocaleString('en-US')} order events and a week of minute samples. ${STARTS} dashboard starts and ${COMMANDS} command runs of each, interleaved; wall time in ms on a shared 2-core host that other jobs were using (noisy: read the ratios, not the last digit).`,
      '',
      table(
        ['', 'small p50', 'small p95', 'large p50', 'large p95'],
        [
          ['dashboard start, spawn to the first live book (120x40 pty)', fix(p50(starts.small)), fix(p95(starts.small)), fix(p50(starts.large)), fix(p95(starts.large))],
          ['dashboard start, spawn to ready to trade', fix(p50(ready.small)), fix(p95(ready.small)), fix(p50(ready.large)), fix(p95(ready.large))],
          [`dashboard CPU %, PnL pane open on all, default activity (${CPU_WINDOW_S} s window)`, fix(run.small.cpuPercent), '', fix(run.large.cpuPercent), ''],
          [`keypress to screen, PnL pane open on all (? help, ${2 * KEYPRESSES} samples)`, fix(p50(run.small.keys)), fix(p95(run.small.keys)), fix(p50(run.large.keys)), fix(p95(run.large.keys))],
          ['`perpdesk history fills --since 1d --csv`, spawn to exit', fix(p50(csv.small)), fix(p95(csv.small)), fix(csvP50), fix(p95(csv.large))],
        ],
      ),
      '',
      `One read of the screen's history reader on the large store (in process, ${READS} each, each by a new reader: the first read of a pane opened; the reader runs its reads on a timer, every 10 s and after fills, never in a render, and a re-read that finds the same rows draws nothing), and the steady state of an open PnL pane:`,
      '',
      table(
        ['read', 'p50 ms', 'max ms'],
        [...reads.map(([what, , , xs]) => [what, fix(p50(xs), 1), fix(Math.max(...xs), 1)]), ['PnL, all, read again after 10 new fills (the reader kept open)', fix(p50(reread), 1), fix(Math.max(...reread), 1)]],
      ),
    ].join('\n');
    return {
      markdown,
      goals: [
        { goal: 'dashboard start with a 100,000-fill history store, over the small one (first live book, p50)', target: '<= 1.2x', measured: `${fix(startRatio, 2)}x`, met: startRatio <= 1.2 },
        { goal: 'dashboard CPU at normal with a 100,000-fill history store, PnL pane open on all, over the small one', target: '<= 1.2x', measured: `${fix(cpuRatio, 2)}x (${fix(run.large.cpuPercent)} % vs ${fix(run.small.cpuPercent)} %)`, met: cpuRatio <= 1.2 },
        { goal: 'keypress p95 with a 100,000-fill history store, PnL pane open on all, over the small one', target: '<= 1.2x', measured: `${fix(keyRatio, 2)}x (${fix(p95(run.large.keys))} ms vs ${fix(p95(run.small.keys))} ms)`, met: keyRatio <= 1.2 },
        { goal: '`perpdesk history fills --since 1d --csv` on 100,000 fills (p50)', target: '< 1000 ms', measured: `${fix(csvP50)} ms`, met: csvP50 < 1000 },
      ],
    };
  } finally {
    for (const home of Object.values(homes)) rmSync(home, { recursive: true, force: true });
  }
}
