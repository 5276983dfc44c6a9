import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureLatency } from './dashboard/latency.js';
import { replay, type ReplayResult } from './dashboard/replay.js';
import {
  computeGoals,
  cpuTable,
  latencyTable,
  outputByActivity,
  outputTable,
  startupTable,
  type ActivityRun,
  type GoalRow,
} from './dashboard/report.js';
import { heapTable, inkFloorRss, MEMORY_WARMUP_MIN, memoryTable, readHeapSamples, type MemoryRun } from './dashboard/memory.js';
import { measureWindow, sleep, startPair, VARIANTS } from './dashboard/sessions.js';
import { checkAfterSoak, soakWithDrops } from './dashboard/soak.js';
import { timeNodeVersion, timeToLiveBook } from './dashboard/startup.js';

/**
 * Issue 8: the dashboard as a user runs it (the built `node dist/cli.js` in a 120x40 pty),
 * beside the naive baseline (PERPDESK_RENDERER=ink PERPDESK_FLUSH_MS=0: ink's full frames
 * and one store update per WebSocket message) and the changed-cell floor, in one run:
 * output, CPU per activity, keypress latency, start-up, memory over a soak with forced
 * disconnects. Method and estimator: docs/performance.md.
 */
export interface DashboardBenchOptions {
  /** Minutes of busy soak after the memory warm-up (issue 8: 10 unless told; 30 judges the growth goal). */
  soakMinutes?: number;
  /** Skip `npm run build` (dist/ is already current). */
  skipBuild?: boolean;
  warmupSeconds?: number;
  windowSeconds?: number;
  latencySamples?: number;
  startupRuns?: number;
  activities?: readonly string[];
  /**
   * Only the output and CPU rows: per activity the warm-up, the window and the floor replay;
   * no keypress latency, memory warm-up, soak or start-up (a minute or so per activity).
   */
  outputOnly?: boolean;
  log?: (line: string) => void;
}

/**
 * `npm run bench -- dashboard --no-docs` with DASHBOARD_BENCH_OUTPUT_ONLY=1 runs the output
 * rows only (outputOnly); DASHBOARD_BENCH_ACTIVITIES=calm,busy narrows the activities.
 */
function optionsFromEnv(o: DashboardBenchOptions): DashboardBenchOptions {
  const env = process.env;
  return {
    ...o,
    outputOnly: o.outputOnly ?? env['DASHBOARD_BENCH_OUTPUT_ONLY'] === '1',
    ...(o.activities === undefined && env['DASHBOARD_BENCH_ACTIVITIES'] ? { activities: env['DASHBOARD_BENCH_ACTIVITIES'].split(',') } : {}),
  };
}

export const ROOT = path.resolve(import.meta.dirname, '..');
const ACTIVITIES = ['calm', 'normal', 'busy', 'stress'] as const;
export const DEFAULT_SOAK_MIN = 10;

export function buildDist(log: (line: string) => void): void {
  log('building dist/ (npm run build)...');
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string };
    const detail = `${out.stdout ?? ''}${out.stderr ?? ''}`.trim().split('\n').slice(0, 12).join('\n');
    throw new Error(`npm run build failed, so the dashboard cannot be measured:\n${detail}`);
  }
}

export async function benchDashboard(options: DashboardBenchOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const o = optionsFromEnv(options);
  const log = o.log ?? ((line: string) => process.stderr.write(`  ${line}\n`));
  const warmupMs = (o.warmupSeconds ?? 10) * 1000;
  const windowS = o.windowSeconds ?? 20;
  const soakMinutes = o.soakMinutes ?? DEFAULT_SOAK_MIN;
  if (!o.skipBuild) buildDist(log);

  const runs: ActivityRun[] = [];
  let latency: number[][] | undefined;
  let memory: MemoryRun | undefined;
  for (const activity of o.activities ?? ACTIVITIES) {
    log(`${activity}: starting the exchange and both dashboards...`);
    const pair = await startPair({ root: ROOT, activity, seed: 1, record: true });
    let recordings;
    let window;
    let sampler: NodeJS.Timeout | undefined;
    try {
      await sleep(warmupMs);
      const warmedAt = performance.now();
      const warmedWall = Date.now();
      const rssSamples = pair.dashboards.map(() => [] as { atMs: number; rss: number }[]);
      const sampleRss = () => pair.dashboards.forEach((d, i) => rssSamples[i]!.push({ atMs: performance.now() - warmedAt, rss: d.rssBytes() ?? Number.NaN }));
      sampleRss();
      // RSS every 10 s from here on in the busy run: the memory row's warm-up starts now.
      sampler = activity === 'busy' && !o.outputOnly ? setInterval(sampleRss, 10_000) : undefined;
      log(`${activity}: measuring ${windowS} s...`);
      window = await measureWindow(pair, windowS);
      recordings = pair.dashboards.map((d) => d.takeRecording());
      if (activity === 'busy' && !o.outputOnly) {
        log('busy: keypress latency...');
        latency = await measureLatency(pair.dashboards, o.latencySamples ?? 60);
        // The memory warm-up (which the window and latency samples above are part of), then the soak.
        const memoryWarmupMs = MEMORY_WARMUP_MIN * 60_000;
        const soakEnd = warmedAt + memoryWarmupMs + soakMinutes * 60_000;
        log(`busy: ${MEMORY_WARMUP_MIN}-min memory warm-up, then a ${soakMinutes}-min soak, with forced disconnects (${((soakEnd - performance.now()) / 60_000).toFixed(1)} min)...`);
        const drops = await soakWithDrops(pair, soakEnd, { seed: 9, minGapMs: 20_000, maxGapMs: 90_000 });
        clearInterval(sampler);
        const checks = await Promise.all(pair.dashboards.map((d) => checkAfterSoak(d, drops)));
        // The end sample is taken once the panes are live again, not mid-reconnect.
        sampleRss();
        const exitCodes = await Promise.all(pair.dashboards.map((d) => d.quit()));
        const rawFile = path.join(os.tmpdir(), `perpdesk-bench-rss-${Date.now()}.json`);
        const heap = pair.heapFiles.map(readHeapSamples);
        writeFileSync(rawFile, JSON.stringify({ variants: VARIANTS.map((v) => v.name), warmupMs: memoryWarmupMs, samples: rssSamples, heap }));
        log(`busy: RSS samples written to ${rawFile}`);
        memory = {
          warmupMs: memoryWarmupMs,
          drops,
          samples: rssSamples,
          panesLive: checks.map((c) => c.live),
          errorShown: checks.map((c) => c.errorShown),
          exitCodes,
          notes: checks.flatMap((c) => (c.note ? [c.note] : [])),
          heap,
          warmedUpAtWallMs: warmedWall + memoryWarmupMs,
        };
      }
    } finally {
      clearInterval(sampler);
      await pair.close();
    }
    if (activity === 'busy' && memory) {
      log('busy: the memory floor of an ink dashboard...');
      memory.inkFloorRss = inkFloorRss(ROOT);
    }
    log(`${activity}: replaying the output for the floor...`);
    const replays: (ReplayResult | undefined)[] = [];
    for (const rec of recordings) replays.push(rec ? await replay(rec) : undefined);
    runs.push({ activity, figures: window.figures, exchangeCpuPercent: window.exchangeCpuPercent, replays });
  }

  const startupRuns = o.outputOnly ? 0 : (o.startupRuns ?? 5);
  if (startupRuns > 0) log('start-up: time to the first live book...');
  const startup = VARIANTS.map(() => [] as number[]);
  const startupExits = new Set<number | undefined>();
  for (let r = 0; r < startupRuns; r++) {
    for (const [i, v] of VARIANTS.entries()) {
      const t = await timeToLiveBook(ROOT, v);
      startup[i]!.push(t.ms);
      startupExits.add(t.exitCode);
    }
  }
  const versionFloor = Array.from({ length: startupRuns }, () => timeNodeVersion(ROOT));

  const allGoals = computeGoals({ runs, latency, startup: startupRuns > 0 ? startup : undefined, memory });
  // An output-only run leaves the rows it did not measure as they are.
  const goals = o.outputOnly ? allGoals.filter((g) => g.met !== undefined) : allGoals;
  const busy = runs.find((r) => r.activity === 'busy') ?? runs[0]!;
  const notes: string[] = [];
  const seen = busy.replays[0]?.renderer;
  if (seen !== undefined && seen !== 'diff') notes.push(`Note: PERPDESK_RENDERER=diff was passed but the output is ${seen}'s: this build does not switch renderers yet, so the perpdesk rows measure ink's renderer with the coalesced feed.`);
  const checked = runs.flatMap((r) => r.replays).reduce((a, r) => ({ ok: a.ok + (r?.verified ?? 0), bad: a.bad + (r?.mismatched ?? 0) }), { ok: 0, bad: 0 });
  notes.push(`Floor check: the floor's own bytes, replayed into a second terminal, reproduced ${checked.ok} of ${checked.ok + checked.bad} screens exactly.`);
  if ([...startupExits].some((c) => c !== 0)) notes.push(`Start-up runs quit with exit codes ${[...startupExits].join(', ')} (0 expected).`);

  const sections = [
    outputTable(busy, VARIANTS),
    outputByActivity(runs),
    cpuTable(runs),
    latency ? latencyTable(latency, VARIANTS) : '',
    startupRuns > 0 ? startupTable(startup, versionFloor, VARIANTS) : '',
    memory ? memoryTable(memory, VARIANTS) : '',
    memory?.heap && memory.warmedUpAtWallMs !== undefined ? heapTable(memory.heap, memory.warmedUpAtWallMs, VARIANTS, memory.inkFloorRss) : '',
    ...(memory?.notes.length ? [memory.notes.map((n) => `- ${n}`).join('\n')] : []),
    notes.join('\n'),
  ].filter((s) => s !== '');
  return { markdown: sections.join('\n\n'), goals };
}
