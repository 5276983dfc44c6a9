import { spawnSync } from 'node:child_process';
import { PtyDashboard, type DashboardVariant } from './ptyDashboard.js';
import { liveBook } from './screenChecks.js';

/**
 * Start to first live frame: from spawning `perpdesk` (embedded exchange, default
 * activity, nothing else) to the arrival of the output after which the screen shows a
 * book with price levels on both sides. The floor is Node itself: `perpdesk --version`,
 * spawn to exit.
 */
export async function timeToLiveBook(root: string, variant: DashboardVariant): Promise<{ ms: number; exitCode: number | undefined }> {
  const d = new PtyDashboard({ root, variant, args: [] });
  try {
    const at = await d.until(liveBook, 30_000, 'a live book');
    const exitCode = await d.quit();
    return { ms: at - d.spawnedAt, exitCode };
  } finally {
    await d.stop();
  }
}

export function timeNodeVersion(root: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['dist/cli.js', '--version'], { cwd: root, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`perpdesk --version failed: ${r.stderr.trim()}`);
  return ms;
}
