import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fix, percentile, table } from '../measure.js';
import type { DashboardVariant } from './ptyDashboard.js';

/**
 * The memory row of the dashboard bench: resident memory after a warm-up and after a busy
 * soak with forced disconnects, and the growth between them (issue 8: at most 5 MB over
 * 30 minutes).
 *
 * Warm-up: the first minutes of a busy dashboard are V8 sizing its heap and compiling hot
 * code, not the application keeping anything: in a logged soak the heap V8 reserves went
 * from 74 to 80 MB and the code space from 3.4 to 4.5 MB over the first minutes while the
 * heap in use stayed between 28 and 49 MB. So the soak is measured from the end of a warm-up
 * of MEMORY_WARMUP_MIN minutes, and the growth that includes the warm-up is shown beside it.
 *
 * One sample of RSS moves by a few MB with the collector's timing, as much as the goal
 * itself, so each end of the soak is the median of the samples in a minute around it.
 */
export const MEMORY_WARMUP_MIN = 5;
/** Samples within this many ms of a point count towards its median. */
const HALF_WINDOW_MS = 30_000;
/** Shorter soaks are too short for a forecast of 30 minutes. */
const MIN_FORECAST_SOAK_MIN = 10;
export const GOAL_MB = 5;
export const GOAL_MIN = 30;

export interface RssSample {
  /** ms since the dashboards' bench warm-up (10 s after their first live book). */
  atMs: number;
  rss: number;
}

export interface MemoryRun {
  /** ms from the first sample to the end of the memory warm-up. */
  warmupMs: number;
  drops: number;
  /** Per variant, RSS samples (bytes) every 10 s from the bench warm-up to the end of the soak. */
  samples: RssSample[][];
  panesLive: boolean[];
  errorShown: boolean[];
  exitCodes: (number | undefined)[];
  notes: string[];
  /** Per variant, heapReport.cjs's lines over the same run. */
  heap?: HeapSample[][];
  /** Date.now() at the end of the memory warm-up (heap samples carry wall-clock times). */
  warmedUpAtWallMs?: number;
  /** Resident bytes of inkFloor.mjs, run alone after the dashboards. */
  inkFloorRss?: number;
}

export interface MemoryGrowth {
  /** MB, median around the first sample. */
  first: number;
  /** MB, median around the end of the warm-up (NaN when the samples stop before it). */
  warmedUp: number;
  /** MB, median of the last minute. */
  end: number;
  /** Minutes between the centres of the warm-up and end windows (the soak less half a minute). */
  soakMin: number;
  /** MB from the end of the warm-up to the end. */
  soakGrowth: number;
  /** MB from the first sample to the end. */
  wholeGrowth: number;
}

const MB = 1024 * 1024;

/** Median RSS (MB) of the samples in [fromMs, toMs]. */
function medianIn(samples: RssSample[], fromMs: number, toMs: number): number {
  const inWindow = samples.filter((x) => x.atMs >= fromMs && x.atMs <= toMs && Number.isFinite(x.rss)).map((x) => x.rss);
  return percentile(inWindow.sort((a, b) => a - b), 50) / MB;
}

export function memoryGrowth(samples: RssSample[], warmupMs: number): MemoryGrowth {
  const firstAt = samples[0]?.atMs ?? Number.NaN;
  const lastAt = samples[samples.length - 1]?.atMs ?? Number.NaN;
  const first = medianIn(samples, firstAt, firstAt + 2 * HALF_WINDOW_MS);
  const warmedUp = lastAt >= warmupMs + HALF_WINDOW_MS ? medianIn(samples, warmupMs - HALF_WINDOW_MS, warmupMs + HALF_WINDOW_MS) : Number.NaN;
  const end = medianIn(samples, lastAt - 2 * HALF_WINDOW_MS, lastAt);
  return { first, warmedUp, end, soakMin: (lastAt - HALF_WINDOW_MS - warmupMs) / 60_000, soakGrowth: end - warmedUp, wholeGrowth: end - first };
}

export function memoryTable(m: MemoryRun, variants: readonly DashboardVariant[]): string {
  const g0 = memoryGrowth(m.samples[0] ?? [], m.warmupMs);
  const label = `${fix(g0.soakMin, 0)}-min busy soak after a ${MEMORY_WARMUP_MIN}-min warm-up, ${m.drops} forced disconnects`;
  return table(
    [`resident memory, ${label}`, 'at start MB', 'after warm-up MB', 'at end MB', 'soak growth MB', 'growth incl. warm-up MB', 'panes live at end', 'error shown', 'exit on q'],
    m.samples.map((s, i) => {
      const g = memoryGrowth(s, m.warmupMs);
      return [
        variants[i]!.name,
        fix(g.first),
        fix(g.warmedUp),
        fix(g.end),
        fix(g.soakGrowth),
        fix(g.wholeGrowth),
        m.panesLive[i] ? 'yes' : 'NO',
        m.errorShown[i] ? 'yes' : 'NO',
        String(m.exitCodes[i] ?? 'none'),
      ];
    }),
  );
}

/** The goal row: judged on a soak of 30 minutes or more, forecast linearly from 10 to 30, not judged below. */
export function memoryGoal(m: MemoryRun): { measured: string; met: boolean | undefined } {
  const g = memoryGrowth(m.samples[0] ?? [], m.warmupMs);
  const whole = `${fix(g.wholeGrowth)} MB incl. the ${MEMORY_WARMUP_MIN}-min warm-up`;
  if (!Number.isFinite(g.soakGrowth)) return { measured: `no soak after the warm-up (${whole})`, met: undefined };
  if (g.soakMin >= GOAL_MIN - 0.5) {
    return { measured: `${fix(g.soakGrowth)} MB over ${fix(g.soakMin, 0)} min after warm-up (${whole})`, met: g.soakGrowth <= GOAL_MB };
  }
  if (g.soakMin >= MIN_FORECAST_SOAK_MIN - 0.5) {
    const forecast = (g.soakGrowth * GOAL_MIN) / g.soakMin;
    return {
      measured: `${fix(g.soakGrowth)} MB over ${fix(g.soakMin, 0)} min after warm-up: ${fix(forecast)} MB per ${GOAL_MIN} min at that rate (forecast; --soak ${GOAL_MIN} measures it)`,
      met: forecast <= GOAL_MB,
    };
  }
  return { measured: `${fix(g.soakGrowth)} MB over ${fix(g.soakMin, 1)} min: too short to judge (--soak ${GOAL_MIN})`, met: undefined };
}

/** One line of heapReport.cjs: where a dashboard's memory was at `at` (bytes). */
export interface HeapSample {
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  newSpace: number;
  oldSpace: number;
  codeSpace: number;
}

export function readHeapSamples(file: string): HeapSample[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as HeapSample];
      } catch {
        return []; // a line cut by the dashboard's exit
      }
    });
}

const HEAP_COLUMNS = ['rss', 'heapTotal', 'heapUsed', 'newSpace', 'oldSpace', 'codeSpace', 'external'] as const;

/** Median of each figure (MB) over the samples taken within a minute around `atWallMs`. */
function heapAround(samples: HeapSample[], atWallMs: number): Record<(typeof HEAP_COLUMNS)[number], number> {
  const near = samples.filter((s) => Math.abs(s.at - atWallMs) <= HALF_WINDOW_MS);
  const median = (k: (typeof HEAP_COLUMNS)[number]) => percentile(near.map((s) => s[k]).sort((a, b) => a - b), 50) / MB;
  return Object.fromEntries(HEAP_COLUMNS.map((k) => [k, median(k)])) as Record<(typeof HEAP_COLUMNS)[number], number>;
}

/** The resident memory goal (issue 18): after the warm-up, at most this many MB. */
export const RESIDENT_GOAL_MB = 90;

/**
 * Where the memory is after the warm-up, per dashboard, beside the floor of any ink
 * dashboard (Node with ink, React and yoga drawing one static frame).
 */
export function heapTable(heap: HeapSample[][], warmedUpAtWallMs: number, variants: readonly DashboardVariant[], inkFloorRss: number | undefined): string {
  const rows = heap.map((samples, i) => {
    const h = heapAround(samples, warmedUpAtWallMs);
    return [variants[i]!.name, ...HEAP_COLUMNS.map((k) => fix(h[k]))];
  });
  if (inkFloorRss !== undefined) rows.push(['floor: Node + ink + React + yoga, one static 120x40 frame, V8 heap sizing', fix(inkFloorRss / MB), '', '', '', '', '', '']);
  return table(['after the warm-up, medians of a minute (MB)', 'resident', 'V8 heap reserved', 'V8 heap in use', 'young generation', 'old generation', 'code space', 'external (yoga memory, buffers)'], rows);
}

export function residentGoal(m: MemoryRun): { measured: string; met: boolean | undefined } {
  const g = memoryGrowth(m.samples[0] ?? [], m.warmupMs);
  if (!Number.isFinite(g.warmedUp)) return { measured: 'no sample after the warm-up', met: undefined };
  return { measured: `${fix(g.warmedUp)} MB after the ${MEMORY_WARMUP_MIN}-min busy warm-up`, met: g.warmedUp <= RESIDENT_GOAL_MB };
}

/** Runs inkFloor.mjs alone (NODE_ENV=production, as the dashboards) and returns its resident bytes. */
export function inkFloorRss(root: string): number | undefined {
  const r = spawnSync(process.execPath, [path.join(root, 'bench', 'dashboard', 'inkFloor.mjs')], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8', timeout: 30_000 });
  const bytes = Number(/^(\d+)$/m.exec(r.stdout ?? '')?.[1]);
  return Number.isFinite(bytes) ? bytes : undefined;
}
