import { percentile } from '../measure.js';
import { cpuSeconds, rssBytes } from '../dashboard/procStats.js';
import { sleep } from '../dashboard/sessions.js';

/**
 * What a set of processes costs together over one wall-clock window: CPU seconds (user +
 * system, from /proc) of all of them as a percentage of one core, and their summed resident
 * memory. One sample of RSS moves by a few MB with the collector's timing, so the figure is
 * the median of the sums sampled every few seconds through the window.
 */
export interface ProcessWindow {
  seconds: number;
  cpuPercent: number;
  /** Median over the window of the summed RSS, bytes. */
  rssBytes: number;
  rssMinBytes: number;
  rssMaxBytes: number;
  samples: number;
}

const SAMPLE_MS = 3_000;

function total(pids: number[], read: (pid: number) => number | undefined): number {
  return pids.reduce((sum, pid) => sum + (read(pid) ?? Number.NaN), 0);
}

export async function processWindow(pids: number[], seconds: number): Promise<ProcessWindow> {
  const rss: number[] = [];
  const cpu0 = total(pids, cpuSeconds);
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  rss.push(total(pids, rssBytes));
  while (performance.now() < end) {
    await sleep(Math.min(SAMPLE_MS, Math.max(0, end - performance.now())));
    rss.push(total(pids, rssBytes));
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = total(pids, cpuSeconds) - cpu0;
  const sorted = rss.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    seconds: wall,
    cpuPercent: (100 * cpu) / wall,
    rssBytes: sorted.length > 0 ? percentile(sorted, 50) : Number.NaN,
    rssMinBytes: sorted[0] ?? Number.NaN,
    rssMaxBytes: sorted[sorted.length - 1] ?? Number.NaN,
    samples: sorted.length,
  };
}
