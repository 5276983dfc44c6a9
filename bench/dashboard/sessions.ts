import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExchangeProcess, type ExchangeProcess } from './exchangeProcess.js';
import { cpuSeconds } from './procStats.js';
import { NAIVE, OURS, PtyDashboard, type DashboardVariant } from './ptyDashboard.js';
import { liveBook } from './screenChecks.js';

/**
 * A pair of dashboards, ours and the naive baseline, run at the same time against one
 * exchange process: they see the same market events, and whatever else the machine does
 * falls on both alike. Each has its own account (first-run onboarding with --key-file and
 * --invite-code, as a user on a deployment does).
 */
export const VARIANTS: readonly DashboardVariant[] = [OURS, NAIVE];

export interface Pair {
  exchange: ExchangeProcess;
  dashboards: PtyDashboard[];
  /** Per dashboard, the JSON lines of heapReport.cjs (V8's spaces every 10 s). */
  heapFiles: string[];
  close(): Promise<void>;
}

/** Preloaded into each dashboard: where its memory is, every 10 s (bench only). */
const HEAP_REPORT = fileURLToPath(new URL('./heapReport.cjs', import.meta.url));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPair(o: { root: string; activity: string; seed: number; record: boolean }): Promise<Pair> {
  const exchange = await startExchangeProcess({ root: o.root, activity: o.activity, seed: o.seed });
  const dashboards: PtyDashboard[] = [];
  const heapFiles = VARIANTS.map((_, i) => path.join(os.tmpdir(), `perpdesk-bench-heap-${process.pid}-${Date.now()}-${i}.jsonl`));
  const close = async () => {
    await Promise.all(dashboards.map((d) => d.stop()));
    await exchange.close();
    for (const f of heapFiles) rmSync(f, { force: true });
  };
  try {
    for (const variant of VARIANTS) {
      dashboards.push(
        new PtyDashboard({
          root: o.root,
          variant,
          args: ['--url', exchange.url, '--invite-code', exchange.inviteCode()],
          withKeyFile: true,
          record: o.record,
          nodeArgs: ['--require', HEAP_REPORT],
          env: { PERPDESK_BENCH_HEAP_FILE: heapFiles[dashboards.length]! },
        }),
      );
    }
    await Promise.all(dashboards.map((d) => d.until(liveBook, 60_000, 'a live book')));
  } catch (e) {
    await close();
    throw e;
  }
  return { exchange, dashboards, heapFiles, close };
}

export interface WindowFigures {
  seconds: number;
  bytesPerSec: number;
  framesPerSec: number;
  cpuPercent: number;
}

/**
 * Counts bytes, frames and CPU seconds of every dashboard over the same wall-clock
 * window (and the exchange process's CPU, for reference). Marks the window in the
 * recordings for the floor replay.
 */
export async function measureWindow(pair: Pair, seconds: number): Promise<{ figures: WindowFigures[]; exchangeCpuPercent: number }> {
  const start = pair.dashboards.map((d) => ({ bytes: d.bytes, frames: d.frames, cpu: d.cpuSeconds() ?? Number.NaN }));
  const exStart = cpuSeconds(pair.exchange.pid) ?? Number.NaN;
  for (const d of pair.dashboards) d.markWindowStart();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - t0) / 1000;
  for (const d of pair.dashboards) d.markWindowEnd();
  const figures = pair.dashboards.map((d, i) => {
    const s = start[i]!;
    return {
      seconds: wall,
      bytesPerSec: (d.bytes - s.bytes) / wall,
      framesPerSec: (d.frames - s.frames) / wall,
      cpuPercent: (100 * ((d.cpuSeconds() ?? Number.NaN) - s.cpu)) / wall,
    };
  });
  return { figures, exchangeCpuPercent: (100 * ((cpuSeconds(pair.exchange.pid) ?? Number.NaN) - exStart)) / wall };
}
