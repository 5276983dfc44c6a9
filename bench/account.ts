import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { buildDist, ROOT } from './dashboard.js';
import { filterCostRows, filterCostTable, type FilterCost } from './account/filterCost.js';
import { startExchangeProcess, type ExchangeProcess } from './dashboard/exchangeProcess.js';
import { memoryGrowth, type RssSample } from './dashboard/memory.js';
import { cpuSeconds } from './dashboard/procStats.js';
import { OURS, PtyDashboard, type DashboardVariant } from './dashboard/ptyDashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { liveBook } from './dashboard/screenChecks.js';
import { LARGE_ACCOUNT, seedAccount, type SeedResult } from './dashboard/seedAccount.js';
import { sleep, type Pair } from './dashboard/sessions.js';
import { checkAfterSoak, soakWithDrops } from './dashboard/soak.js';
import { Prng } from '../src/exchange/engine/prng.js';
import { fix, percentile, table } from './measure.js';

/**
 * Issue 18 part 3, cost that does not grow with the account: the dashboard (the built app in
 * a 120x40 pty, as in the dashboard bench) with a large account beside the same dashboard
 * with a small one, at the same time, each against an exchange process of its own with the
 * same seed and activity:
 *
 * - small: the default market (3 Active contracts) and a fresh account (onboarding only);
 * - large: `perpdesk exchange --contracts 50` (the same 3 contracts, whose bots walk the same
 *   seeded paths, and 47 generated ones) and an account seeded through the public API with
 *   1,000 resting orders over all 50 contracts, 20,000 fills and 10 positions
 *   (bench/dashboard/seedAccount.ts).
 *
 * Both show every contract's open orders (`a` in the orders pane). Rows: CPU at normal and
 * busy, bytes per frame, keypress latency (busy; the other side, exchange and dashboard,
 * paused while one is sampled), resident memory over a short soak with
 * forced disconnects, and the in-process cost of a `/` filter keystroke on lists of the
 * large account's size (bench/account/filterCost.ts).
 */
export interface AccountBenchOptions {
  skipBuild?: boolean;
  warmupSeconds?: number;
  windowSeconds?: number;
  latencySamples?: number;
  /** Minutes from the busy warm-up to the start of the soak (memory warm-up). */
  memoryWarmupMin?: number;
  soakMin?: number;
  contracts?: number;
  log?: (line: string) => void;
}

export const SMALL: DashboardVariant = { ...OURS, name: 'small account (3 contracts, no orders)' };
export const LARGE: DashboardVariant = { ...OURS, name: 'large account (50 contracts, 1,000 orders, 20,000 fills, 10 positions)' };
const DEFAULT_MEMORY_WARMUP_MIN = 2;
const DEFAULT_SOAK_MIN = 3;

interface Side {
  exchange: ExchangeProcess;
  dashboard: PtyDashboard;
}

interface Window {
  seconds: number;
  bytesPerSec: number;
  framesPerSec: number;
  cpuPercent: number;
  exchangeCpuPercent: number;
}

async function startSides(activity: string, contracts: number): Promise<{ sides: Side[]; close: () => Promise<void> }> {
  const started: { exchange: ExchangeProcess; dashboard?: PtyDashboard }[] = [];
  const close = async () => {
    await Promise.all(started.map((s) => s.dashboard?.stop()));
    await Promise.all(started.map((s) => s.exchange.close()));
  };
  try {
    for (const [variant, n] of [
      [SMALL, undefined],
      [LARGE, contracts],
    ] as const) {
      const exchange = await startExchangeProcess({ root: ROOT, activity, seed: 1, ...(n !== undefined ? { contracts: n } : {}) });
      const s: { exchange: ExchangeProcess; dashboard?: PtyDashboard } = { exchange };
      started.push(s);
      s.dashboard = new PtyDashboard({ root: ROOT, variant, args: ['--url', exchange.url, '--invite-code', exchange.inviteCode()], withKeyFile: true });
    }
    await Promise.all(started.map((s) => s.dashboard!.until(liveBook, 60_000, 'a live book')));
  } catch (e) {
    await close();
    throw e;
  }
  return { sides: started.map((s) => ({ exchange: s.exchange, dashboard: s.dashboard! })), close };
}

/** Tab to the orders pane and press `a`: every contract's open orders, as a big account's trader would look at them. */
async function showAllOrders(d: PtyDashboard): Promise<boolean> {
  for (let i = 0; i < 12; i++) {
    d.press('\t');
    await sleep(150);
    d.press('a');
    try {
      await d.until((s) => s.includes('Orders all contracts'), 1_000, 'every contract in the orders pane');
      d.press('\u001b'); // Focus stays; Escape leaves no filter or overlay behind.
      return true;
    } catch {
      // Not the orders pane: `a` does nothing elsewhere.
    }
  }
  return false;
}

async function measure(sides: Side[], seconds: number): Promise<Window[]> {
  const start = sides.map((s) => ({ bytes: s.dashboard.bytes, frames: s.dashboard.frames, cpu: s.dashboard.cpuSeconds() ?? Number.NaN, ex: cpuSeconds(s.exchange.pid) ?? Number.NaN }));
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - t0) / 1000;
  return sides.map((s, i) => ({
    seconds: wall,
    bytesPerSec: (s.dashboard.bytes - start[i]!.bytes) / wall,
    framesPerSec: (s.dashboard.frames - start[i]!.frames) / wall,
    cpuPercent: (100 * ((s.dashboard.cpuSeconds() ?? Number.NaN) - start[i]!.cpu)) / wall,
    exchangeCpuPercent: (100 * ((cpuSeconds(s.exchange.pid) ?? Number.NaN) - start[i]!.ex)) / wall,
  }));
}

const HELP = 'Help: keys';

function signal(pids: number[], sig: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // Gone: its own checks report that.
    }
  }
}

/**
 * Keypress to screen change as in the dashboard bench (`?` opens help, `?` closes it, the
 * dashboards taking turns after random pauses), except that the side not being sampled is
 * paused whole, its exchange process with its dashboard: on two cores, two exchanges and two
 * dashboards at busy would otherwise time the machine's contention, not the dashboard.
 */
async function sideLatency(sides: Side[], samplesEach: number, seed = 5): Promise<number[][]> {
  const rng = new Prng(seed);
  const samples = sides.map(() => [] as number[]);
  for (let k = 0; k < Math.ceil(samplesEach / 2); k++) {
    for (const [i, side] of sides.entries()) {
      const others = sides.filter((o) => o !== side).flatMap((o) => [o.dashboard.pid, o.exchange.pid]);
      signal(others, 'SIGSTOP');
      try {
        await sleep(120 + rng.int(200));
        samples[i]!.push(await side.dashboard.pressAndTime('?', (s) => s.includes(HELP), 10_000, 'the help overlay'));
        await sleep(120 + rng.int(200));
        samples[i]!.push(await side.dashboard.pressAndTime('?', (s) => !s.includes(HELP), 10_000, 'the help overlay to close'));
      } finally {
        signal(others, 'SIGCONT');
      }
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b));
}

/** Both exchanges drop their WebSockets at the same moments (soakWithDrops drives one "exchange"). */
function bothExchanges(sides: Side[]): Pair {
  const [a, b] = sides as [Side, Side];
  return {
    exchange: { ...b.exchange, control: async (body) => (await Promise.all([a.exchange.control(body), b.exchange.control(body)]))[1] },
    dashboards: sides.map((s) => s.dashboard),
    heapFiles: [],
    close: async () => undefined,
  };
}

const ratio = (a: number, b: number) => (Number.isFinite(a / b) && b > 0 ? `${fix(a / b, 2)}x` : 'n/a');

interface ActivityResult {
  activity: string;
  windows: Window[];
  seed: SeedResult;
  allOrders: boolean[];
}

interface MemoryResult {
  warmupMs: number;
  drops: number;
  samples: RssSample[][];
  live: boolean[];
  errorShown: boolean[];
  exitCodes: (number | undefined)[];
  notes: string[];
}

export async function benchAccount(o: AccountBenchOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = o.log ?? ((line: string) => process.stderr.write(`  ${line}\n`));
  if (!o.skipBuild) buildDist(log);
  const contracts = o.contracts ?? 50;
  const memoryWarmupMin = o.memoryWarmupMin ?? DEFAULT_MEMORY_WARMUP_MIN;
  const soakMin = o.soakMin ?? DEFAULT_SOAK_MIN;
  const results: ActivityResult[] = [];
  let latency: number[][] | undefined;
  let memory: MemoryResult | undefined;

  for (const activity of ['normal', 'busy']) {
    log(`${activity}: two exchanges (default market; --contracts ${contracts}) and a dashboard on each...`);
    const { sides, close } = await startSides(activity, contracts);
    try {
      const large = sides[1]!;
      const seed = await seedAccount({ url: large.exchange.url, masterKey: large.dashboard.masterKey!, inviteCode: large.exchange.inviteCode(), log: (l) => log(`${activity}: ${l}`) });
      const allOrders = await Promise.all(sides.map((s) => showAllOrders(s.dashboard)));
      // The seeded fills and orders reach the dashboard as a flood of stream messages: let it settle.
      await sleep((o.warmupSeconds ?? 15) * 1000);
      const screen = (await large.dashboard.screen()).split('\n');
      const title = (what: string) => /[━─]\s*(\d[\d,]*)\s*[━─]*[┓╮]/.exec(screen.find((l) => l.includes(what))?.split(what)[1] ?? '')?.[1] ?? '?';
      log(`${activity}: the large account's panes: ${title('Orders all contracts')} orders, ${title('Fills')} fills, ${title('Positions')} positions`);
      const warmedAt = performance.now();
      const samples = sides.map(() => [] as RssSample[]);
      const sample = () => sides.forEach((s, i) => samples[i]!.push({ atMs: performance.now() - warmedAt, rss: s.dashboard.rssBytes() ?? Number.NaN }));
      sample();
      const sampler = activity === 'busy' ? setInterval(sample, 10_000) : undefined;
      try {
        log(`${activity}: measuring ${o.windowSeconds ?? 20} s...`);
        const windows = await measure(sides, o.windowSeconds ?? 20);
        results.push({ activity, windows, seed, allOrders });
        if (activity === 'busy') {
          log('busy: keypress latency...');
          latency = await sideLatency(sides, o.latencySamples ?? 60);
          const warmupMs = memoryWarmupMin * 60_000;
          const end = warmedAt + warmupMs + soakMin * 60_000;
          log(`busy: memory to ${memoryWarmupMin} min after the warm-up, then a ${soakMin}-min soak with forced disconnects (${fix((end - performance.now()) / 60_000)} min)...`);
          const drops = await soakWithDrops(bothExchanges(sides), end, { seed: 9, minGapMs: 20_000, maxGapMs: 60_000 });
          clearInterval(sampler);
          const checks = await Promise.all(sides.map((s) => checkAfterSoak(s.dashboard, drops)));
          sample();
          const exitCodes = await Promise.all(sides.map((s) => s.dashboard.quit()));
          const rawFile = path.join(os.tmpdir(), `perpdesk-bench-account-rss-${Date.now()}.json`);
          writeFileSync(rawFile, JSON.stringify({ variants: [SMALL.name, LARGE.name], warmupMs, samples }));
          log(`busy: RSS samples written to ${rawFile}`);
          memory = {
            warmupMs,
            drops,
            samples,
            live: checks.map((c) => c.live),
            errorShown: checks.map((c) => c.errorShown),
            exitCodes,
            notes: checks.flatMap((c) => (c.note ? [c.note] : [])),
          };
        }
      } finally {
        clearInterval(sampler);
      }
    } finally {
      await close();
    }
  }

  log('filter and sort cost per keystroke, in process...');
  const filter = filterCostRows();

  return report({ results, latency, memory, filter, memoryWarmupMin });
}

function report(r: { results: ActivityResult[]; latency: number[][] | undefined; memory: MemoryResult | undefined; filter: FilterCost[]; memoryWarmupMin: number }): { markdown: string; goals: GoalRow[] } {
  const names = [SMALL.name, LARGE.name];
  const sections: string[] = [];
  const seed = r.results[0]?.seed;
  if (seed) {
    sections.push(
      `Seeding (through the public API, per run): ${seed.openOrders.toLocaleString('en-US')} resting orders, ${seed.fills.toLocaleString('en-US')} fills, ${seed.positions} positions in ` +
        r.results.map((x) => `${fix(x.seed.ms / 1000)} s (${x.seed.requests.toLocaleString('en-US')} signed requests, ${x.activity})`).join(', ') +
        '. The dashboard keeps the newest 1,000 fills (its cap) of the 20,000 it is sent.',
    );
  }
  sections.push(
    table(
      ['dashboard, same moment', 'activity', 'CPU % of a core', 'bytes/s', 'frames/s', 'bytes/frame', 'exchange process CPU % (not counted)'],
      r.results.flatMap((x) =>
        x.windows.map((w, i) => [names[i]!, x.activity, fix(w.cpuPercent), Math.round(w.bytesPerSec).toLocaleString('en-US'), fix(w.framesPerSec), Math.round(w.bytesPerSec / w.framesPerSec).toLocaleString('en-US'), fix(w.exchangeCpuPercent)]),
      ),
    ),
  );
  if (r.latency) {
    sections.push(
      table(
        ['keypress to screen change, busy', 'samples', 'p50 ms', 'p95 ms', 'max ms'],
        r.latency.map((s, i) => [names[i]!, s.length, fix(percentile(s, 50)), fix(percentile(s, 95)), fix(s[s.length - 1] ?? Number.NaN)]),
      ),
    );
  }
  const growth = r.memory?.samples.map((s) => memoryGrowth(s, r.memory!.warmupMs));
  if (r.memory && growth) {
    const m = r.memory;
    sections.push(
      table(
        [`resident memory, ${fix(growth[1]!.soakMin, 1)}-min busy soak (short) after a ${r.memoryWarmupMin}-min warm-up, ${m.drops} forced disconnects`, 'at start MB', 'after warm-up MB', 'at end MB', 'soak growth MB', 'panes live at end', 'error shown', 'exit on q'],
        growth.map((g, i) => [names[i]!, fix(g.first), fix(g.warmedUp), fix(g.end), fix(g.soakGrowth), m.live[i] ? 'yes' : 'NO', m.errorShown[i] ? 'yes' : 'NO', String(m.exitCodes[i] ?? 'none')]),
      ),
    );
    if (m.notes.length > 0) sections.push(m.notes.map((n) => `- ${n}`).join('\n'));
  }
  sections.push(filterCostTable(r.filter));
  const notAll = r.results.filter((x) => x.allOrders.some((ok) => !ok));
  if (notAll.length > 0) sections.push(`Note: the orders pane could not be switched to every contract in the ${notAll.map((x) => x.activity).join(', ')} run.`);

  const goals: GoalRow[] = [];
  const at = (activity: string) => r.results.find((x) => x.activity === activity)?.windows;
  const normal = at('normal');
  if (normal) {
    const q = normal[1]!.cpuPercent / normal[0]!.cpuPercent;
    goals.push({ goal: 'large account: CPU at normal vs small account', target: '<= 1.2x', measured: `${ratio(normal[1]!.cpuPercent, normal[0]!.cpuPercent)} (${fix(normal[1]!.cpuPercent)} % vs ${fix(normal[0]!.cpuPercent)} %)`, met: Number.isFinite(q) ? q <= 1.2 : undefined });
  }
  if (r.latency) {
    const [s, l] = r.latency.map((x) => percentile(x, 95)) as [number, number];
    goals.push({ goal: 'large account: keypress p95 (busy) vs small account', target: '<= 1.2x', measured: `${ratio(l, s)} (${fix(l)} ms vs ${fix(s)} ms)`, met: Number.isFinite(l / s) ? l <= 1.2 * s : undefined });
  }
  const busy = at('busy');
  if (busy) {
    const [s, l] = busy.map((w) => w.bytesPerSec / w.framesPerSec) as [number, number];
    // "Unchanged": within a tenth, since the two screens show different numbers.
    goals.push({ goal: 'large account: bytes per frame (busy) vs small account', target: 'unchanged (<= 1.1x)', measured: `${ratio(l, s)} (${Math.round(l)} vs ${Math.round(s)})`, met: Number.isFinite(l / s) ? l <= 1.1 * s : undefined });
  }
  if (growth && r.memory) {
    const g = growth[1]!;
    goals.push({
      goal: 'large account: memory growth over a short busy soak',
      target: '<= 5 MB',
      measured: `${fix(g.soakGrowth)} MB over ${fix(g.soakMin, 1)} min after a ${r.memoryWarmupMin}-min warm-up (short soak; small account ${fix(growth[0]!.soakGrowth)} MB)`,
      met: Number.isFinite(g.soakGrowth) ? g.soakGrowth <= 5 : undefined,
    });
    goals.push({ goal: 'large account: every pane live after the soak, clean exit', target: 'all', measured: r.memory.live[1] && r.memory.exitCodes[1] === 0 ? 'yes' : r.memory.notes.join('; ') || `exit code ${String(r.memory.exitCodes[1])}`, met: r.memory.live[1] === true && r.memory.exitCodes[1] === 0 });
  }
  const keys = r.filter.filter((f) => f.kind === 'keystroke');
  const worst = keys.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
  const change = r.filter.filter((f) => f.kind === 'after a change').reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
  goals.push({
    goal: 'large account: filter/sort per keystroke, orders, fills, journal, contracts (in process)',
    target: '< 5 ms',
    measured: `${fix(worst.p95Ms, 2)} ms p95 (worst: ${worst.list}); after a data change ${fix(change.p95Ms, 2)} ms p95 (${change.list})`,
    met: worst.p95Ms < 5,
  });
  return { markdown: sections.join('\n\n'), goals };
}
