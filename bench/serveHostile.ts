import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import type { ClientChannel } from 'ssh2';
import { generateEd25519 } from '../src/serve/ed25519Key.js';
import { buildDist, ROOT } from './dashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { liveBook } from './dashboard/screenChecks.js';
import { sleep } from './dashboard/sessions.js';
import { fix, percentile, table } from './measure.js';
import { processWindow, type ProcessWindow } from './serve/processWindow.js';
import { SshViewer } from './serve/sshViewer.js';

/**
 * Issue 33: one read-only SSH key against `perpdesk serve` on its embedded exchange. First a
 * normal 120x40 viewer (the baseline); then, instead, one whose pty request is 10000x10000,
 * that steps its size 1000 -> 4000 -> 20000 -> 65535 every 4 s and then sends about 400
 * normal-size window-changes a second for 12 s (what once grew the server to 7 GB, wedged it
 * and held a core). Over each window: the server's resident memory (median and peak of
 * samples every 3 s) and the latency of the embedded exchange's `/info` (an l2Book read every
 * 20 ms, one at a time, from the bench process to the address serve records in its state
 * directory), whose tail shows a server too busy to answer.
 */
export interface HostileServeOptions {
  skipBuild?: boolean;
  warmupSeconds?: number;
  windowSeconds?: number;
  log?: (line: string) => void;
}

interface Phase {
  name: string;
  window: ProcessWindow;
  info: number[];
  resizes: number;
}

async function startServe(home: string, publicKey: string): Promise<{ child: ChildProcess; port: number; infoUrl: string; close(): Promise<void> }> {
  const keysFile = path.join(home, 'authorized_keys');
  writeFileSync(keysFile, `${publicKey}\n`, { mode: 0o600 });
  const stateDir = path.join(home, 'state');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), NODE_ENV: 'production' })) {
    if (v !== undefined && k !== 'CI' && k !== 'NO_COLOR') env[k] = v;
  }
  const child = spawn(process.execPath, ['dist/cli.js', 'serve', '--ssh', '127.0.0.1:0', '--authorized-keys', keysFile, '--state-dir', stateDir, '--activity', 'normal'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 60_000;
  while (!/listening on 127\.0\.0\.1:(\d+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`perpdesk serve did not start: ${err.trim()}`);
    await sleep(50);
  }
  const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(out)![1]);
  const endpoint = JSON.parse(readFileSync(path.join(stateDir, 'embedded', 'endpoint.json'), 'utf8')) as { url: string };
  return {
    child,
    port,
    infoUrl: `${endpoint.url}/info`,
    async close() {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** A hostile viewer: ssh2 with a shell of `cols`x`rows`, whose output is counted and dropped (no terminal to draw it). */
async function rawShell(port: number, privateKey: string, cols: number, rows: number): Promise<{ stream: ClientChannel; close(): void }> {
  const client = new ssh2.Client();
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', reject);
    client.connect({ host: '127.0.0.1', port, username: 'mallory', privateKey, readyTimeout: 30_000 });
  });
  client.on('error', () => undefined);
  const stream = await new Promise<ClientChannel>((resolve, reject) => client.shell({ term: 'xterm-256color', cols, rows }, (e, s) => (e ? reject(e) : resolve(s))));
  stream.on('data', () => undefined);
  stream.stderr.on('data', () => undefined);
  return {
    stream,
    close() {
      stream.destroy();
      client.end();
    },
  };
}

/** Reads /info one request at a time until stopped; each latency in ms. */
function probeInfo(url: string): { stop(): Promise<number[]> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(url, { method: 'POST', body: JSON.stringify({ type: 'l2Book', contractId: 1 }), signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        samples.push(performance.now() - t0);
      } catch {
        samples.push(performance.now() - t0);
      }
      await sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function measure(name: string, pid: number, infoUrl: string, seconds: number, during?: (until: number) => Promise<number>): Promise<Phase> {
  const probe = probeInfo(infoUrl);
  const until = performance.now() + seconds * 1000;
  const [window, resizes] = await Promise.all([processWindow([pid], seconds), during ? during(until) : Promise.resolve(0)]);
  const info = (await probe.stop()).sort((a, b) => a - b);
  return { name, window, info, resizes };
}

const mb = (b: number) => b / 1024 / 1024;

export async function benchServeHostile(o: HostileServeOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = o.log ?? ((line: string) => process.stderr.write(`  ${line}\n`));
  if (!o.skipBuild) buildDist(log);
  const warmup = o.warmupSeconds ?? 15;
  const seconds = o.windowSeconds ?? 28;
  const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-hostile-'));
  const key = generateEd25519('bench-hostile');
  const serve = await startServe(home, key.public);
  const phases: Phase[] = [];
  try {
    log('a normal 120x40 viewer...');
    const normal = await SshViewer.open({ port: serve.port, privateKey: key.private });
    await normal.ready(liveBook, 120_000, 'a live book');
    await sleep(warmup * 1000);
    phases.push(await measure('one normal viewer, 120x40', serve.child.pid!, serve.infoUrl, seconds));
    normal.close();
    await sleep(3_000);

    log('one hostile viewer: 10000x10000, size steps, a resize storm...');
    const hostile = await rawShell(serve.port, key.private, 10_000, 10_000);
    await sleep(3_000);
    phases.push(
      await measure('the hostile viewer instead: 10000x10000, then 1000, 4000, 20000, 65535 every 4 s', serve.child.pid!, serve.infoUrl, 16, async () => {
        for (const n of [1_000, 4_000, 20_000, 65_535]) {
          hostile.stream.setWindow(n, n, 0, 0);
          await sleep(4_000);
        }
        return 4;
      }),
    );
    phases.push(
      await measure('then ~400 normal-size window-changes a second for 12 s', serve.child.pid!, serve.infoUrl, 12, async (until) => {
        let sent = 0;
        // About 4,850 in 12 s, in bursts of 20 every 50 ms.
        while (performance.now() < until) {
          for (let i = 0; i < 20; i++) hostile.stream.setWindow(24 + ((sent + i) % 30), 80 + ((sent + i) % 60), 0, 0);
          sent += 20;
          await sleep(50);
        }
        return sent;
      }),
    );
    hostile.close();
    await sleep(3_000);

    log('a viewer that opens at 80x24 and grows to 10000x10000...');
    const grower = await rawShell(serve.port, key.private, 80, 24);
    await sleep(3_000);
    phases.push(
      await measure('a viewer opening at 80x24, then sending 10000x10000', serve.child.pid!, serve.infoUrl, 12, async () => {
        grower.stream.setWindow(10_000, 10_000, 0, 0);
        return 1;
      }),
    );
    grower.close();
  } finally {
    await serve.close();
    rmSync(home, { recursive: true, force: true });
  }
  const [base, huge, storm, grown] = phases as [Phase, Phase, Phase, Phase];
  const rows = phases.map((p) => [
    p.name,
    fix(mb(p.window.rssBytes)),
    fix(mb(p.window.rssMaxBytes)),
    fix(p.window.cpuPercent, 1),
    fix(percentile(p.info, 50), 1),
    fix(percentile(p.info, 99), 1),
    fix(p.info[p.info.length - 1] ?? Number.NaN, 1),
    p.info.length,
    p.resizes,
  ]);
  const markdown =
    `One \`perpdesk serve\` on its embedded exchange (normal activity), one read-only key; a ${warmup}-s warm-up with the normal viewer, then a ${seconds}-s window with it, 16 s and 12 s for the hostile viewer's two phases, and 12 s for a viewer that opens small and grows. ` +
    'Resident memory is the server process\'s (median and peak of samples every 3 s); /info is an l2Book read of the embedded exchange every 20 ms, one at a time.\n\n' +
    table(['phase', 'resident MB (median)', 'resident MB (peak)', 'CPU % of a core', '/info p50 ms', '/info p99 ms', '/info max ms', 'reads', 'window-changes sent'], rows);
  const peak = Math.max(huge.window.rssMaxBytes, storm.window.rssMaxBytes, grown.window.rssMaxBytes);
  const growth = mb(peak) - mb(base.window.rssBytes);
  const hostileInfo = [...huge.info, ...storm.info, ...grown.info].sort((a, b) => a - b);
  const p99 = percentile(hostileInfo, 99);
  const goals: GoalRow[] = [
    {
      goal: 'serve: one viewer sending 10000x10000 (at open or after) and a resize storm, resident memory over a normal viewer',
      target: '< 50 MB',
      measured: `${fix(growth)} MB (peak ${fix(mb(peak))} MB vs ${fix(mb(base.window.rssBytes))} MB)`,
      met: growth < 50,
    },
    { goal: 'serve: /info p99 while one viewer sends 10000x10000 (at open or after) and a resize storm', target: '< 100 ms', measured: `${fix(p99, 1)} ms (normal viewer: ${fix(percentile(base.info, 99), 1)} ms)`, met: p99 < 100 },
  ];
  return { markdown, goals };
}
