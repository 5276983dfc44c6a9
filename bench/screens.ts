import { ROOT } from './dashboard.js';
import { prepareWindows, type WindowedOptions } from './windows.js';
import { startExchangeProcess } from './dashboard/exchangeProcess.js';
import { NAIVE, OURS, PtyDashboard, type DashboardVariant } from './dashboard/ptyDashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { liveBook } from './dashboard/screenChecks.js';
import { sleep } from './dashboard/sessions.js';
import { fix, table } from './measure.js';

/**
 * Issue 34, "a screen costs what changed on it": a standalone dashboard's CPU with kept
 * regions and cell frames (src/ui/render/regionCache.ts, cellFrames.ts), beside the same
 * build with both switched off (every frame walks, assembles and parses the whole tree, as
 * before) and the naive baseline (ink's full frames, one store update per message). The
 * three run at the same time against one exchange process, so they see the same market and
 * the same machine noise; each onboards its own account. Per activity, after a warm-up,
 * CPU (utime + stime from /proc) and frames a second over `rounds` windows.
 */
export type ScreensOptions = WindowedOptions;

const WHOLE_TREE: DashboardVariant = { name: 'perpdesk, whole tree every frame (PERPDESK_REGIONS=0 PERPDESK_CELL_FRAMES=0)', renderer: 'diff' };
const WHOLE_TREE_ENV = { PERPDESK_REGIONS: '0', PERPDESK_CELL_FRAMES: '0' };

interface Figures {
  cpu: number;
  fps: number;
}

export async function benchScreens(o: ScreensOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const { log, activities, warmup, windowMs, rounds } = prepareWindows(o, ['calm', 'normal']);
  const variants: { variant: DashboardVariant; env: Record<string, string> }[] = [
    { variant: OURS, env: {} },
    { variant: WHOLE_TREE, env: WHOLE_TREE_ENV },
    { variant: NAIVE, env: {} },
  ];
  const results = new Map<string, Figures[]>();
  for (const activity of activities) {
    log(`screens: ${activity}, ${variants.length} dashboards at once, ${rounds} windows of ${windowMs / 1000} s...`);
    const exchange = await startExchangeProcess({ root: ROOT, activity, seed: 11 });
    const dashboards = variants.map(
      (v) => new PtyDashboard({ root: ROOT, variant: v.variant, args: ['--url', exchange.url, '--invite-code', exchange.inviteCode()], withKeyFile: true, env: v.env }),
    );
    try {
      await Promise.all(dashboards.map((d) => d.until(liveBook, 60_000, 'a live book')));
      await sleep(warmup);
      const sums = dashboards.map(() => ({ cpu: 0, frames: 0, wall: 0 }));
      for (let r = 0; r < rounds; r++) {
        const c0 = dashboards.map((d) => d.cpuSeconds() ?? Number.NaN);
        const f0 = dashboards.map((d) => d.frames);
        const t0 = performance.now();
        await sleep(windowMs);
        const wall = (performance.now() - t0) / 1000;
        dashboards.forEach((d, i) => {
          sums[i]!.cpu += (d.cpuSeconds() ?? Number.NaN) - c0[i]!;
          sums[i]!.frames += d.frames - f0[i]!;
          sums[i]!.wall += wall;
        });
      }
      results.set(
        activity,
        sums.map((s) => ({ cpu: (s.cpu / s.wall) * 100, fps: s.frames / s.wall })),
      );
    } finally {
      await Promise.all(dashboards.map((d) => d.stop()));
      await exchange.close();
    }
  }
  const rows = activities.flatMap((a) => {
    const f = results.get(a)!;
    return variants.map((v, i) => [a, v.variant.name, fix(f[i]!.cpu, 2), fix(f[i]!.fps, 1), i === 2 ? '1.0x' : `${fix(f[2]!.cpu / f[i]!.cpu, 1)}x`]);
  });
  const markdown = [
    `A standalone dashboard at 120x40, ${rounds} windows of ${windowMs / 1000} s after ${warmup / 1000} s of warm-up, the three at once on one exchange process.`,
    '',
    table(['activity', 'dashboard', 'CPU, % of a core', 'frames/s', 'naive / this'], rows),
  ].join('\n');
  const goals: GoalRow[] = [];
  for (const a of ['normal', 'calm']) {
    const f = results.get(a);
    if (!f) continue;
    const ratio = f[2]!.cpu / f[0]!.cpu;
    goals.push({
      goal: `standalone dashboard CPU at ${a} below the naive baseline (issue 34)`,
      target: '>= 15x',
      measured: `${fix(ratio, 1)}x (${fix(f[0]!.cpu, 2)} % vs ${fix(f[2]!.cpu, 2)} %; whole tree every frame: ${fix(f[1]!.cpu, 2)} %)`,
      met: ratio >= 15,
    });
  }
  return { markdown, goals };
}
