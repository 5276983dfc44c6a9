import { percentile, table } from '../measure.js';
import type { ReplayResult } from './replay.js';
import { OURS, type DashboardVariant } from './ptyDashboard.js';
import type { WindowFigures } from './sessions.js';

/** Tables for the dashboard bench, each figure beside its baseline or floor, and the goals. */
export interface GoalRow {
  goal: string;
  target: string;
  measured: string;
  /** undefined: not measured in this run. */
  met: boolean | undefined;
}

export interface ActivityRun {
  activity: string;
  figures: WindowFigures[];
  exchangeCpuPercent: number;
  replays: (ReplayResult | undefined)[];
}

export interface MemoryRun {
  soakMinutes: number;
  short: boolean;
  drops: number;
  /** Per variant: RSS samples (bytes) from the end of warm-up to the end of the soak, with times (ms). */
  samples: { atMs: number; rss: number }[][];
  panesLive: boolean[];
  errorShown: boolean[];
  exitCodes: (number | undefined)[];
  notes: string[];
}

const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
const fix = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const mb = (b: number) => fix(b / (1024 * 1024), 1);
const ratio = (a: number, b: number) => (Number.isFinite(a / b) && b > 0 ? `${fix(a / b, a / b >= 10 ? 0 : 2)}x` : 'n/a');

export function floorPerSec(r: ReplayResult | undefined, seconds: number): number {
  return r ? r.floorBytes / seconds : Number.NaN;
}

export function outputTable(run: ActivityRun, variants: readonly DashboardVariant[]): string {
  const [ours, naive] = run.figures;
  const floor = floorPerSec(run.replays[0], ours!.seconds);
  const rows: (string | number)[][] = run.figures.map((f, i) => [
    variants[i]!.name,
    run.replays[i]?.renderer ?? 'n/a',
    int(f.bytesPerSec),
    fix(f.framesPerSec),
    int(f.bytesPerSec / f.framesPerSec),
    ratio(f.bytesPerSec, floor),
  ]);
  run.replays.forEach((r, i) => {
    if (!r) return;
    const perSec = floorPerSec(r, run.figures[i]!.seconds);
    rows.push([`floor: changed cells of the ${i === 0 ? 'perpdesk' : 'naive'} screens`, '-', int(perSec), fix(r.frames / run.figures[i]!.seconds), int(r.floorBytes / r.frames), ratio(perSec, floor)]);
  });
  void naive;
  return table(['terminal output, ' + run.activity, 'renderer seen', 'bytes/s', 'frames/s', 'bytes/frame', 'vs floor'], rows);
}

export function outputByActivity(runs: ActivityRun[]): string {
  return table(
    ['output by activity', 'perpdesk B/s', 'naive B/s', 'floor B/s', 'perpdesk / floor', 'naive / perpdesk'],
    runs.map((r) => {
      const [o, n] = r.figures;
      const floor = floorPerSec(r.replays[0], o!.seconds);
      return [r.activity, int(o!.bytesPerSec), int(n!.bytesPerSec), int(floor), ratio(o!.bytesPerSec, floor), ratio(n!.bytesPerSec, o!.bytesPerSec)];
    }),
  );
}

export function cpuTable(runs: ActivityRun[]): string {
  return table(
    ['CPU, % of one core', 'perpdesk', 'naive', 'naive / perpdesk', 'exchange process (not counted)'],
    runs.map((r) => [r.activity, fix(r.figures[0]!.cpuPercent), fix(r.figures[1]!.cpuPercent), ratio(r.figures[1]!.cpuPercent, r.figures[0]!.cpuPercent), fix(r.exchangeCpuPercent)]),
  );
}

export function latencyTable(samples: number[][], variants: readonly DashboardVariant[]): string {
  return table(
    ['keypress to screen change, busy', 'samples', 'p50 ms', 'p95 ms', 'max ms'],
    samples.map((s, i) => [variants[i]!.name, s.length, fix(percentile(s, 50)), fix(percentile(s, 95)), fix(s[s.length - 1] ?? Number.NaN)]),
  );
}

export function startupTable(times: number[][], floor: number[], variants: readonly DashboardVariant[]): string {
  const row = (name: string, s: number[]) => {
    const sorted = [...s].sort((a, b) => a - b);
    return [name, s.length, int(percentile(sorted, 50)), int(sorted[0] ?? Number.NaN), int(sorted[sorted.length - 1] ?? Number.NaN)];
  };
  return table(
    ['start to first live book (embedded exchange)', 'runs', 'p50 ms', 'min ms', 'max ms'],
    [...times.map((s, i) => row(variants[i]!.name, s)), row('floor: `perpdesk --version`, spawn to exit', floor)],
  );
}

/** Growth per minute over the second half of the samples (past the warm-up heap growth). */
export function lateSlopePerMin(samples: { atMs: number; rss: number }[]): number {
  if (samples.length < 4) return Number.NaN;
  const half = samples.slice(Math.floor(samples.length / 2));
  const a = half[0]!;
  const b = half[half.length - 1]!;
  return ((b.rss - a.rss) / (b.atMs - a.atMs)) * 60_000;
}

/** Minutes after warm-up at which the heap counts as settled (V8 sizes its heap in the first minutes). */
export const SETTLE_MIN = 5;

/** The first sample at least SETTLE_MIN minutes in, when the soak is long enough to leave 5 more. */
export function settledSample(samples: { atMs: number; rss: number }[]): { atMs: number; rss: number } | undefined {
  const last = samples[samples.length - 1];
  if (!last || last.atMs < (SETTLE_MIN + 5) * 60_000) return undefined;
  return samples.find((x) => x.atMs >= SETTLE_MIN * 60_000);
}

export function memoryTable(m: MemoryRun, variants: readonly DashboardVariant[]): string {
  const label = `${m.short ? 'short ' : ''}${fix(m.soakMinutes, m.soakMinutes < 1 ? 1 : 0)}-min busy soak, ${m.drops} forced disconnects`;
  return table(
    [`resident memory, ${label}`, 'after warm-up MB', `at ${SETTLE_MIN} min MB`, 'at end MB', 'growth MB', `growth from ${SETTLE_MIN} min MB`, '2nd-half growth MB/min', 'panes live at end', 'error shown', 'exit on q'],
    m.samples.map((s, i) => {
      const first = s[0]?.rss ?? Number.NaN;
      const settled = settledSample(s)?.rss ?? Number.NaN;
      const last = s[s.length - 1]?.rss ?? Number.NaN;
      return [
        variants[i]!.name,
        mb(first),
        mb(settled),
        mb(last),
        mb(last - first),
        mb(last - settled),
        fix(lateSlopePerMin(s) / (1024 * 1024), 2),
        m.panesLive[i] ? 'yes' : 'NO',
        m.errorShown[i] ? 'yes' : 'NO',
        String(m.exitCodes[i] ?? 'none'),
      ];
    }),
  );
}

export function goalsTable(goals: GoalRow[]): string {
  return table(
    ['goal (issue 8)', 'target', 'measured', 'met'],
    goals.map((g) => [g.goal, g.target, g.measured, g.met === undefined ? 'not measured' : g.met ? 'yes' : 'NO']),
  );
}

export function computeGoals(o: { runs: ActivityRun[]; latency?: number[][] | undefined; startup?: number[][] | undefined; memory?: MemoryRun | undefined }): GoalRow[] {
  const goals: GoalRow[] = [];
  const busy = o.runs.find((r) => r.activity === 'busy');
  if (busy) {
    const ours = busy.figures[0]!.bytesPerSec;
    const floor = floorPerSec(busy.replays[0], busy.figures[0]!.seconds);
    const naive = busy.figures[1]!.bytesPerSec;
    goals.push({ goal: 'output bytes/s vs changed-cell floor (busy)', target: '<= 2x', measured: ratio(ours, floor), met: Number.isFinite(floor) ? ours <= 2 * floor : undefined });
    goals.push({ goal: 'output bytes/s below the naive baseline (busy)', target: '>= 10x', measured: ratio(naive, ours), met: naive >= 10 * ours });
  }
  for (const [activity, max] of [['normal', 5], ['stress', 25]] as const) {
    const r = o.runs.find((x) => x.activity === activity);
    const cpu = r?.figures[0]!.cpuPercent;
    goals.push({ goal: `CPU at ${activity}`, target: `<= ${max} % of a core`, measured: cpu === undefined ? 'n/a' : `${fix(cpu)} %`, met: cpu === undefined ? undefined : cpu <= max });
  }
  const lat = o.latency?.[0];
  goals.push({ goal: 'keypress to screen change p95 (busy)', target: '<= 30 ms', measured: lat ? `${fix(percentile(lat, 95))} ms` : 'n/a', met: lat ? percentile(lat, 95) <= 30 : undefined });
  const st = o.startup?.[0];
  const p50 = st ? percentile([...st].sort((a, b) => a - b), 50) : undefined;
  goals.push({ goal: 'start to first live frame, p50', target: '<= 1,000 ms', measured: p50 === undefined ? 'n/a' : `${int(p50)} ms`, met: p50 === undefined ? undefined : p50 <= 1000 });
  const mem = o.memory;
  if (mem) {
    const s = mem.samples[0]!;
    const last = s[s.length - 1]!;
    const growth = (last.rss - s[0]!.rss) / (1024 * 1024);
    const settled = settledSample(s);
    const judgedMin = settled ? (last.atMs - settled.atMs) / 60_000 : 0;
    const fromSettled = settled ? (last.rss - settled.rss) / (1024 * 1024) : Number.NaN;
    const whole = `${fix(growth)} MB from warm-up`;
    if (settled && judgedMin >= 29.5) {
      goals.push({ goal: 'memory growth over 30 min (busy)', target: '<= 5 MB', measured: `${fix(fromSettled)} MB over ${fix(judgedMin, 0)} min from ${SETTLE_MIN} min in (${whole})`, met: fromSettled <= 5 });
    } else if (mem.soakMinutes >= 10) {
      // Past the first minutes the heap has settled; the late slope is a fair forecast.
      const per30 = (lateSlopePerMin(s) * 30) / (1024 * 1024);
      goals.push({
        goal: 'memory growth over 30 min (busy)',
        target: '<= 5 MB',
        measured: `${whole} over ${fix(mem.soakMinutes, 0)} min; ${fix(per30)} MB per 30 min at the late rate (forecast; --soak ${30 + SETTLE_MIN} judges it)`,
        met: Number.isFinite(per30) ? per30 <= 5 : undefined,
      });
    } else {
      goals.push({
        goal: 'memory growth over 30 min (busy)',
        target: '<= 5 MB',
        measured: `${fix(growth)} MB over a ${fix(mem.soakMinutes, 1)}-min soak: too short to judge (--soak ${30 + SETTLE_MIN})`,
        met: undefined,
      });
    }
    const ours = mem.notes.filter((n) => n.startsWith(OURS.name));
    goals.push({ goal: 'soak: every pane live, errors shown, clean exit', target: 'all', measured: mem.panesLive[0] && mem.errorShown[0] && mem.exitCodes[0] === 0 ? 'yes' : ours.join('; ') || `exit code ${String(mem.exitCodes[0])}`, met: mem.panesLive[0] === true && mem.errorShown[0] === true && mem.exitCodes[0] === 0 });
  }
  return goals;
}
