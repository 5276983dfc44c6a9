import { once } from 'node:events';
import { chmodSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createGzip } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { listRecordings, recordingsDir } from '../src/record/recordingFiles.js';
import { lineOf } from '../src/record/recordingLine.js';
import { RecordingWriter } from '../src/record/recordingWriter.js';
import { ROOT } from './dashboard.js';
import { prepareWindows, type WindowedOptions } from './windows.js';
import { startExchangeProcess } from './dashboard/exchangeProcess.js';
import { OURS, PtyDashboard } from './dashboard/ptyDashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { liveBook } from './dashboard/screenChecks.js';
import { sleep } from './dashboard/sessions.js';
import { fix, table } from './measure.js';
import { busyHour, timeSeeks } from './replaySeek.js';
import { ReplayFeed } from '../src/session/replayFeed.js';

/**
 * Issue 36, the cost of a market recording (docs/recording.md): a standalone dashboard with
 * `--record` beside the same dashboard without, at once against one exchange process (the
 * same market, the same machine noise), each on its own account. Per activity, after a
 * warm-up, CPU (utime + stime from /proc) over `rounds` windows, and the bytes the
 * recordings folder grew by, as bytes an hour.
 */
export type RecordingBenchOptions = WindowedOptions;

const folderBytes = (stateDir: string) => listRecordings(recordingsDir(stateDir)).reduce((n, f) => n + f.bytes, 0);

export async function benchRecording(o: RecordingBenchOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const { log, activities, warmup, windowMs, rounds } = prepareWindows(o, ['normal', 'busy']);
  const results = new Map<string, { plain: number; recording: number; bytesPerHour: number }>();
  let seek: Awaited<ReturnType<typeof timeSeeks>> | undefined;
  let replay50: { cpu: number; seconds: number; live: number } | undefined;
  let writer: { cpuSeconds: number; hourSeconds: number } | undefined;
  for (const activity of activities) {
    log(`recording: ${activity}, a dashboard with --record beside one without, ${rounds} windows of ${windowMs / 1000} s...`);
    const exchange = await startExchangeProcess({ root: ROOT, activity, seed: 13 });
    const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-rec-'));
    chmodSync(home, 0o700);
    const stateDir = path.join(home, 'state');
    const base = ['--url', exchange.url];
    const plain = new PtyDashboard({ root: ROOT, variant: OURS, args: [...base, '--invite-code', exchange.inviteCode()], withKeyFile: true });
    const recording = new PtyDashboard({ root: ROOT, variant: OURS, args: [...base, '--invite-code', exchange.inviteCode(), '--record'], withKeyFile: true, home });
    const dashboards = [plain, recording];
    try {
      await Promise.all(dashboards.map((d) => d.until(liveBook, 60_000, 'a live book')));
      await sleep(warmup);
      const cpu = [0, 0];
      let wall = 0;
      let bytes = 0;
      for (let r = 0; r < rounds; r++) {
        const c0 = dashboards.map((d) => d.cpuSeconds() ?? Number.NaN);
        const b0 = folderBytes(stateDir);
        const t0 = performance.now();
        await sleep(windowMs);
        const w = (performance.now() - t0) / 1000;
        dashboards.forEach((d, i) => (cpu[i]! += (d.cpuSeconds() ?? Number.NaN) - c0[i]!));
        bytes += folderBytes(stateDir) - b0;
        wall += w;
      }
      results.set(activity, { plain: (cpu[0]! / wall) * 100, recording: (cpu[1]! / wall) * 100, bytesPerHour: (bytes / wall) * 3600 });
      if (activity === 'busy') {
        // The busy recording made an hour long, and a seek into it timed (docs/recording.md, Seek).
        // Quit, so the last file is complete (gzip closed).
        await recording.quit();
        log('recording: seeking in a busy hour made of that recording...');
        const hour = busyHour(await ReplayFeed.load(listRecordings(recordingsDir(stateDir)), { onWarning: log }));
        seek = await timeSeeks(hour);
        log('recording: the writer alone, in process, writing that hour...');
        writer = await writerCpu(hour);
        // The same hour on disk, played on the dashboard at 50x beside the live dashboard's figure above.
        log('recording: that busy hour played on the dashboard at 50x...');
        replay50 = { ...(await replayCpu(hour, home, warmup, windowMs, rounds)), live: results.get('busy')!.plain };
      }
    } finally {
      await Promise.all(dashboards.map((d) => d.stop()));
      await exchange.close();
      rmSync(home, { recursive: true, force: true });
    }
  }
  const mib = (b: number) => `${fix(b / 1024 / 1024, 1)} MiB`;
  const rows = activities.map((a) => {
    const f = results.get(a)!;
    return [a, fix(f.plain, 2), fix(f.recording, 2), `${fix(((f.recording - f.plain) / f.plain) * 100, 1)} %`, mib(f.bytesPerHour)];
  });
  const markdown = [
    `A standalone dashboard at 120x40 with \`--record\` beside the same without, at once on one exchange process, ${rounds} windows of ${windowMs / 1000} s after ${warmup / 1000} s of warm-up; bytes an hour are the recordings folder's growth (gzip) over the windows.`,
    '',
    table(['activity', 'CPU not recording, % of a core', 'CPU recording', 'more', 'recorded an hour'], rows),
  ].join('\n');
  const goals: GoalRow[] = [];
  const busy = results.get('busy');
  if (busy) {
    const more = ((busy.recording - busy.plain) / busy.plain) * 100;
    goals.push({ goal: 'recording the market costs little more CPU than not, at busy (issue 36)', target: '<= 5 %', measured: `${fix(more, 1)} % (${fix(busy.recording, 2)} % vs ${fix(busy.plain, 2)} %)`, met: more <= 5 });
  }
  for (const a of activities) {
    const f = results.get(a)!;
    goals.push({ goal: `bytes recorded an hour at ${a} (issue 36)`, target: 'measured', measured: mib(f.bytesPerHour), met: true });
  }
  if (busy && writer) {
    // What the recorder itself does, without the noise of two dashboards side by side: the
    // busy hour's lines through the real writer (gzip, files, limits), its CPU over the hour.
    const pct = (writer.cpuSeconds / writer.hourSeconds) * 100;
    goals.push({
      goal: `the recording writer's own CPU over that busy hour, in process (issue 36; ${fix(writer.cpuSeconds, 2)} s of CPU for ${fix(writer.hourSeconds / 60, 0)} min recorded), over the busy dashboard's CPU`,
      target: '<= 5 %',
      measured: `${fix((pct / busy.plain) * 100, 2)} % (${fix(pct, 3)} % of a core)`,
      met: pct / busy.plain <= 0.05,
    });
  }
  if (seek) {
    const worst = Math.max(...seek.seeksMs);
    const sorted = [...seek.seeksMs].sort((a, b) => a - b);
    goals.push({
      goal: `seek to any time of a busy hour's recording, to the store (issue 36; ${seek.seeksMs.length} times, first pass ${fix(seek.firstPassMs / 1000, 1)} s)`,
      target: '<= 200 ms',
      measured: `${fix(worst, 1)} ms at most, median ${fix(sorted[sorted.length >> 1]!, 1)} ms`,
      met: worst <= 200,
    });
  }
  if (replay50) {
    goals.push({
      goal: `a busy hour's recording played on the dashboard at 50x (issue 36; ${fix(replay50.seconds, 0)} s measured, the live busy dashboard beside it ${fix(replay50.live, 2)} %)`,
      target: '< 100 % of a core',
      measured: `${fix(replay50.cpu, 2)} % of a core`,
      met: replay50.cpu < 100,
    });
  }
  return { markdown, goals };
}

/** The real writer over `lines` on their own clock, as a recording session writes them: its CPU seconds (best of 3) and the span recorded. */
async function writerCpu(lines: Awaited<ReturnType<typeof ReplayFeed.load>>): Promise<{ cpuSeconds: number; hourSeconds: number }> {
  const hourSeconds = (lines.at(-1)!.us - lines[0]!.us) / 1e6;
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-writer-'));
    let now = lines[0]!.us;
    const w = new RecordingWriter({ dir, limits: { maxBytes: 1e12, maxAgeMs: 30 * 86_400_000 }, header: () => ({ venue: 'bench' }), now: () => now, onError: (m) => console.error(m) });
    const c0 = process.cpuUsage();
    let i = 0;
    for (const l of lines) {
      now = l.us;
      if (l.kind !== 'header') w.message(l.message, l.us);
      if (++i % 2000 === 0) await new Promise((r) => setImmediate(r));
    }
    await w.close();
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1e6);
    rmSync(dir, { recursive: true, force: true });
  }
  return { cpuSeconds: best, hourSeconds };
}

/**
 * CPU of `perpdesk replay FILE --speed 50` on a terminal (120x40) playing `lines`, written as
 * one gzip file: after `warmup` (its load and the first frames), over `rounds` windows of
 * `windowMs` (an hour at 50x lasts 72 s: the windows end before it does).
 */
async function replayCpu(lines: Awaited<ReturnType<typeof ReplayFeed.load>>, home: string, warmup: number, windowMs: number, rounds: number): Promise<{ cpu: number; seconds: number }> {
  const file = path.join(home, 'busy-hour.ndjson.gz');
  const gz = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gz.pipe(out);
  for (const l of lines) if (!gz.write(l.kind === 'disconnect' ? '\n' : lineOf(l.us, l.message))) await once(gz, 'drain');
  gz.end();
  await once(out, 'close');
  const replay = new PtyDashboard({ root: ROOT, variant: OURS, args: ['replay', file, '--speed', '50'] });
  try {
    await replay.until((screen) => /REPLAY \S+ 50x playing/.test(screen), 120_000, 'the replay playing at 50x');
    await sleep(Math.min(warmup, 10_000));
    const budget = 60_000 - Math.min(warmup, 10_000);
    const each = Math.min(windowMs, Math.floor(budget / rounds));
    let cpu = 0;
    let wall = 0;
    for (let r = 0; r < rounds; r++) {
      const c0 = replay.cpuSeconds() ?? Number.NaN;
      const t0 = performance.now();
      await sleep(each);
      wall += (performance.now() - t0) / 1000;
      cpu += (replay.cpuSeconds() ?? Number.NaN) - c0;
    }
    return { cpu: (cpu / wall) * 100, seconds: wall };
  } finally {
    await replay.stop();
  }
}
