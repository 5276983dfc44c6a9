import { spawnSync } from 'node:child_process';
import { OURS, PtyDashboard, type DashboardVariant } from './ptyDashboard.js';
import { liveBook } from './screenChecks.js';

/**
 * Start to first live frame: from spawning `perpdesk` (embedded exchange, default
 * activity, nothing else) to the arrival of the output after which the screen shows a
 * book with price levels on both sides. The floor is Node itself: `perpdesk --version`,
 * spawn to exit.
 */
export async function timeToLiveBook(root: string, variant: DashboardVariant): Promise<{ ms: number; exitCode: number | undefined }> {
  const t = await timeStart({ root, variant });
  return { ms: t.liveBookMs, exitCode: t.exitCode };
}

/**
 * Ready to trade: the embedded exchange's onboarding is done (registered, funded, enrolled,
 * collateral locked, agent approved), which the status bar says with this notice.
 */
export function readyToTrade(screen: string): boolean {
  return /account funded/.test(screen);
}

export interface StartTimes {
  liveBookMs: number;
  /** Only when asked for. */
  readyMs?: number;
  /** CPU time (user + system) of the spawned process at those moments: what a loaded machine does not inflate. */
  liveBookCpuMs?: number;
  readyCpuMs?: number;
  exitCode: number | undefined;
}

/**
 * One start of the dashboard as a user makes it, spawn to the first live book and, when
 * asked, to ready to trade; then `q`. `home` keeps the state directory for a second start.
 */
export async function timeStart(o: { root: string; variant?: DashboardVariant; launcher?: 'node' | 'npm'; home?: string; ready?: boolean; nodeArgs?: string[] }): Promise<StartTimes> {
  const d = new PtyDashboard({
    root: o.root,
    variant: o.variant ?? OURS,
    args: [],
    ...(o.launcher ? { launcher: o.launcher } : {}),
    ...(o.home ? { home: o.home } : {}),
    ...(o.nodeArgs ? { nodeArgs: o.nodeArgs } : {}),
  });
  try {
    // Both watchers from the start: the notice may come before or after the book.
    let readyCpu: number | undefined;
    const ready = o.ready ? d.until(readyToTrade, 30_000, 'ready to trade').then((at) => ((readyCpu = d.cpuSeconds()), at)) : undefined;
    // Awaited below; a start that fails before then must not leave it unhandled.
    ready?.catch(() => {});
    const live = await d.until(liveBook, 30_000, 'a live book');
    const liveCpu = d.cpuSeconds();
    const readyAt = ready ? await ready : undefined;
    const exitCode = await d.quit();
    return {
      liveBookMs: live - d.spawnedAt,
      ...(readyAt !== undefined ? { readyMs: readyAt - d.spawnedAt } : {}),
      ...(liveCpu !== undefined ? { liveBookCpuMs: liveCpu * 1000 } : {}),
      ...(readyCpu !== undefined ? { readyCpuMs: readyCpu * 1000 } : {}),
      exitCode,
    };
  } finally {
    await d.stop();
  }
}

/** Spawn to exit of a command in `root`, synchronously (nothing else runs in the bench meanwhile). */
export function timeSpawn(root: string, file: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(file, args, { cwd: root, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return ms;
}

export function timeNodeVersion(root: string): number {
  return timeSpawn(root, process.execPath, ['dist/cli.js', '--version']);
}
