import { fix, percentile, table } from '../measure.js';
import { GOAL_MB, GOAL_MIN, memoryGoal, RESIDENT_GOAL_MB, residentGoal, type MemoryRun } from './memory.js';
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
  /** The benchmark that measured it, and the date of that run (set when written to the docs). */
  bench?: string;
  date?: string;
}

export interface ActivityRun {
  activity: string;
  figures: WindowFigures[];
  exchangeCpuPercent: number;
  replays: (ReplayResult | undefined)[];
}

const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
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

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** With `withRun`, a last column names the benchmark and date that measured each row. */
export function goalsTable(goals: GoalRow[], withRun = false): string {
  return table(
    ['goal', 'target', 'measured', 'met', ...(withRun ? ['run'] : [])],
    goals.map((g) => [
      ...[g.goal, g.target, g.measured].map(cell),
      g.met === undefined ? 'not measured' : g.met ? 'yes' : 'NO',
      ...(withRun ? [cell([g.bench, g.date].filter((x) => x).join(', ') || '-')] : []),
    ]),
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
    goals.push({ goal: 'output bytes/s vs changed-cell floor (busy, issue 34)', target: '<= 1.2x', measured: ratio(ours, floor), met: Number.isFinite(floor) ? ours <= 1.2 * floor : undefined });
  }
  for (const [activity, max] of [['normal', 5], ['stress', 25]] as const) {
    const r = o.runs.find((x) => x.activity === activity);
    const cpu = r?.figures[0]!.cpuPercent;
    goals.push({ goal: `CPU at ${activity}`, target: `<= ${max} % of a core`, measured: cpu === undefined ? 'n/a' : `${fix(cpu)} %`, met: cpu === undefined ? undefined : cpu <= max });
  }
  const lat = o.latency?.[0];
  goals.push({ goal: 'keypress to screen change p95 (busy)', target: '<= 30 ms', measured: lat ? `${fix(percentile(lat, 95))} ms` : 'n/a', met: lat ? percentile(lat, 95) <= 30 : undefined });
  const naiveLat = o.latency?.[1];
  if (lat && naiveLat && lat.length > 0 && naiveLat.length > 0) {
    const ours95 = percentile(lat, 95);
    const naive95 = percentile(naiveLat, 95);
    goals.push({
      goal: 'keypress to screen change p95 (busy) below the naive baseline (issue 34)',
      target: '>= 15x',
      measured: `${fix(naive95 / ours95, 1)}x (${fix(ours95)} ms vs ${fix(naive95)} ms)`,
      met: naive95 >= 15 * ours95,
    });
  }
  const st = o.startup?.[0];
  const p50 = st ? percentile([...st].sort((a, b) => a - b), 50) : undefined;
  goals.push({ goal: 'start to first live frame, p50', target: '<= 1,000 ms', measured: p50 === undefined ? 'n/a' : `${int(p50)} ms`, met: p50 === undefined ? undefined : p50 <= 1000 });
  const mem = o.memory;
  if (mem) {
    goals.push({ goal: `memory growth over ${GOAL_MIN} min (busy)`, target: `<= ${GOAL_MB} MB`, ...memoryGoal(mem) });
    goals.push({ goal: 'resident memory after the busy warm-up', target: `<= ${RESIDENT_GOAL_MB} MB`, ...residentGoal(mem) });
    const ours = mem.notes.filter((n) => n.startsWith(OURS.name));
    goals.push({ goal: 'soak: every pane live, errors shown, clean exit', target: 'all', measured: mem.panesLive[0] && mem.errorShown[0] && mem.exitCodes[0] === 0 ? 'yes' : ours.join('; ') || `exit code ${String(mem.exitCodes[0])}`, met: mem.panesLive[0] === true && mem.errorShown[0] === true && mem.exitCodes[0] === 0 });
  }
  return goals;
}
