import { fix, percentile, table } from '../measure.js';
import type { GoalRow } from '../dashboard/report.js';
import type { ProcessWindow } from './processWindow.js';

/** One configuration measured: `viewers` people watching, through one server or one process each. */
export interface Step {
  side: 'serve' | 'serve-unshared' | 'standalone';
  viewers: number;
  processes: number;
  window?: ProcessWindow;
  /** Bytes/s written to all the viewers' terminals together over the window. */
  bytesPerSec?: number;
  exchangeCpuPercent?: number;
  /** After the window, a few viewers typing: ms from key to screen (their first keys apart). */
  typing?: { first: number[]; keys: number[]; closes: number[]; typed: number[] };
  /** Before the typing, a watcher: ms from a trade on the exchange's stream to its screen listing it. */
  current?: { ms: number[]; missed: number };
  /** Why the step has no figures (a start that failed or timed out). */
  error?: string;
}

export interface ServeRun {
  activity: string;
  warmupSeconds: number;
  windowSeconds: number;
  steps: Step[];
}

const MB = 1024 * 1024;
const mb = (bytes: number | undefined) => (bytes === undefined ? Number.NaN : bytes / MB);
const LABEL = { serve: 'one `perpdesk serve`, SSH viewers', 'serve-unshared': 'one `perpdesk serve`, a screen per viewer (PERPDESK_SERVE_SHARE=0)', standalone: 'standalone `perpdesk`, one process each' } as const;

function find(run: ServeRun, side: Step['side'], viewers: number): Step | undefined {
  return run.steps.find((s) => s.side === side && s.viewers === viewers && s.window !== undefined);
}

/** Per extra viewer from the first step to `viewers`: (figure(n) - figure(1)) / (n - 1). */
function perExtra(run: ServeRun, side: Step['side'], viewers: number, figure: (w: ProcessWindow) => number): number {
  const a = find(run, side, 1)?.window;
  const b = find(run, side, viewers)?.window;
  return a && b && viewers > 1 ? (figure(b) - figure(a)) / (viewers - 1) : Number.NaN;
}

export function serveTables(run: ServeRun): string {
  const rows = run.steps.map((s) => {
    const w = s.window;
    if (!w) return [LABEL[s.side], s.viewers, s.processes, 'n/a', '', '', 'n/a', '', '', `not measured: ${s.error ?? 'no window'}`];
    return [
      LABEL[s.side],
      s.viewers,
      s.processes,
      fix(mb(w.rssBytes)),
      `${fix(mb(w.rssMinBytes))}–${fix(mb(w.rssMaxBytes))}`,
      fix(mb(w.rssBytes) / s.viewers),
      fix(w.cpuPercent),
      fix(w.cpuPercent / s.viewers, 2),
      Math.round(s.bytesPerSec ?? Number.NaN).toLocaleString('en-US'),
      fix(s.exchangeCpuPercent ?? Number.NaN),
    ];
  });
  const main = table(
    [`${run.activity} activity, 120x40, ${run.warmupSeconds}-s warm-up then a ${run.windowSeconds}-s window`, 'viewers', 'processes', 'resident MB (sum, median)', 'range MB', 'MB per viewer', 'CPU % of a core (sum)', 'CPU % per viewer', 'bytes/s to terminals', 'exchange CPU % (not counted)'],
    rows,
  );
  const counts = [...new Set(run.steps.map((s) => s.viewers))].filter((n) => n > 1).sort((a, b) => a - b);
  const extra = table(
    ['each extra viewer, from 1 to N', 'N', 'resident MB', 'CPU % of a core'],
    (['serve', 'serve-unshared', 'standalone'] as const).flatMap((side) =>
      counts.filter((n) => find(run, side, n)).map((n) => [LABEL[side], n, fix(perExtra(run, side, n, (w) => mb(w.rssBytes))), fix(perExtra(run, side, n, (w) => w.cpuPercent), 2)]),
    ),
  );
  return `${main}\n\n${extra}`;
}

export function serveGoals(run: ServeRun): GoalRow[] {
  const s16 = find(run, 'serve', 16)?.window;
  const one = find(run, 'standalone', 1)?.window;
  const goals: GoalRow[] = [];
  const ratio = s16 && one ? mb(s16.rssBytes) / mb(one.rssBytes) : Number.NaN;
  goals.push({
    goal: 'serve: 16 SSH viewers, memory vs one standalone dashboard',
    target: '< 2x',
    measured: Number.isFinite(ratio) ? `${fix(ratio, 2)}x (${fix(mb(s16!.rssBytes))} MB vs ${fix(mb(one!.rssBytes))} MB)` : 'not measured',
    met: Number.isFinite(ratio) ? ratio < 2 : undefined,
  });
  const mem = perExtra(run, 'serve', 16, (w) => mb(w.rssBytes));
  goals.push({
    goal: 'serve: resident memory per extra viewer (1 to 16)',
    target: '< 5 MB',
    measured: Number.isFinite(mem) ? `${fix(mem)} MB` : 'not measured',
    met: Number.isFinite(mem) ? mem < 5 : undefined,
  });
  const cpu = perExtra(run, 'serve', 16, (w) => w.cpuPercent);
  goals.push({
    goal: `serve: CPU per extra viewer (1 to 16, ${run.activity})`,
    target: '< 1 % of a core',
    measured: Number.isFinite(cpu) ? `${fix(cpu, 2)} %` : 'not measured',
    met: Number.isFinite(cpu) ? cpu < 1 : undefined,
  });
  // Issue 34's rows, beside the unshared baseline of the same run.
  const base = perExtra(run, 'serve-unshared', 16, (w) => w.cpuPercent);
  const baseMem = perExtra(run, 'serve-unshared', 16, (w) => mb(w.rssBytes));
  const vs = (x: number, unit: string, d: number) => (Number.isFinite(x) ? ` (a screen per viewer: ${fix(x, d)}${unit})` : '');
  goals.push({
    goal: `serve: CPU per extra viewer, watchers (1 to 16, ${run.activity}, 120x40)`,
    target: '<= 0.5 % of a core',
    measured: Number.isFinite(cpu) ? `${fix(cpu, 2)} %${vs(base, ' %', 2)}` : 'not measured',
    met: Number.isFinite(cpu) ? cpu <= 0.5 : undefined,
  });
  goals.push({
    goal: 'serve: resident memory per extra viewer, watchers (1 to 16)',
    target: '<= 3 MB',
    measured: Number.isFinite(mem) ? `${fix(mem)} MB${vs(baseMem, ' MB', 1)}` : 'not measured',
    met: Number.isFinite(mem) ? mem <= 3 : undefined,
  });
  const cpuRatio = s16 && one ? s16.cpuPercent / one.cpuPercent : Number.NaN;
  goals.push({
    goal: 'serve: 16 SSH viewers, CPU vs one standalone dashboard',
    target: '<= 2x',
    measured: Number.isFinite(cpuRatio) ? `${fix(cpuRatio, 2)}x (${fix(s16!.cpuPercent)} % vs ${fix(one!.cpuPercent)} %)` : 'not measured',
    met: Number.isFinite(cpuRatio) ? cpuRatio <= 2 : undefined,
  });
  const s100 = find(run, 'serve', 100)?.window;
  const u100 = find(run, 'serve-unshared', 100)?.window;
  goals.push({
    goal: `serve: 100 SSH viewers (watchers), total CPU (${run.activity})`,
    target: '< 100 % of a core',
    measured: s100 ? `${fix(s100.cpuPercent)} %, ${fix(mb(s100.rssBytes) / 100, 2)} MB a viewer${u100 ? ` (a screen per viewer: ${fix(u100.cpuPercent)} %, ${fix(mb(u100.rssBytes) / 100, 2)} MB)` : ''}` : 'not measured',
    met: s100 ? s100.cpuPercent < 100 : undefined,
  });
  const typed = (side: Step['side']) => run.steps.filter((st) => st.side === side && st.typing).at(-1);
  const t = typed('serve');
  const tb = typed('serve-unshared');
  const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
  goals.push({
    goal: `serve: keypress to screen, p95, a typing viewer among ${t?.viewers ?? 'N'} (${run.activity})`,
    target: '<= 50 ms',
    measured: t?.typing
      ? `${fix(p95(t.typing.typed), 1)} ms over ${t.typing.typed.length} digits typed into a form (? opening help ${fix(p95(t.typing.keys), 1)} ms, Esc closing it ${fix(p95(t.typing.closes), 1)} ms); first key (its own screen mounted) ${t.typing.first.map((x) => fix(x, 0)).join(', ')} ms${tb?.typing ? ` (a screen per viewer, ${tb.viewers} viewers: digits ${fix(p95(tb.typing.typed), 1)} ms)` : ''}`
      : 'not measured',
    met: t?.typing ? p95(t.typing.typed) <= 50 : undefined,
  });
  const c = t?.current;
  const cb = tb?.current;
  const worst = c ? Math.max(...c.ms) : Number.NaN;
  goals.push({
    goal: `serve: a watcher's screen current, trade to screen, among ${t?.viewers ?? 'N'} viewers (${run.activity})`,
    target: 'every one within 500 ms',
    measured: c
      ? `p50 ${fix(percentile([...c.ms].sort((a, b) => a - b), 50), 1)} ms, worst ${fix(worst, 1)} ms over ${c.ms.length} trades${c.missed ? `, ${c.missed} not seen in 5 s` : ''}${cb ? ` (a screen per viewer, ${tb!.viewers} viewers: worst ${fix(Math.max(...cb.ms), 1)} ms)` : ''}`
      : 'not measured',
    met: c ? c.missed === 0 && worst <= 500 : undefined,
  });
  return goals;
}
