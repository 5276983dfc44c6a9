import { buildDist, ROOT } from './dashboard.js';
import { startExchangeProcess } from './dashboard/exchangeProcess.js';
import { cpuSeconds } from './dashboard/procStats.js';
import { OURS, PtyDashboard } from './dashboard/ptyDashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { liveBook } from './dashboard/screenChecks.js';
import { sleep } from './dashboard/sessions.js';
import { processWindow } from './serve/processWindow.js';
import { serveGoals, serveTables, type Step } from './serve/serveReport.js';
import { startServeProcess, type ServeProcess } from './serve/serveProcess.js';
import { SshViewer } from './serve/sshViewer.js';
import { tradeToScreen } from './serve/tradeToScreen.js';

/**
 * Issue 20: what a viewer costs through `perpdesk serve` against a `perpdesk` of its own.
 * One exchange process (`perpdesk exchange`, normal activity) is the market for both sides,
 * so neither pays for an embedded exchange and both watch the same events:
 *
 * - serve: one `perpdesk serve --url ...` with an account of its own, and 1, then 4, then 16
 *   SSH viewers (ssh2 clients in this process, each a 120x40 shell that reads everything, as
 *   a terminal does; their cost is the terminal's, not counted);
 * - standalone: 1, then 4, then 16 `node dist/cli.js --url ...` in 120x40 ptys, each with an
 *   account of its own (a --key-file and an invite code), as the dashboard bench runs them.
 *
 * The sides run one after the other, not at once: 16 dashboards and a server with 16
 * viewers at the same time would be the contention of two cores, not either side's cost.
 * Each count is reached by adding viewers to the ones already live, then a warm-up, then a
 * window over which the CPU (user + system) and the summed resident memory of the side's
 * processes are measured. The 16-viewer steps are the ones the goals use.
 */
export interface ServeBenchOptions {
  skipBuild?: boolean;
  activity?: string;
  counts?: number[];
  warmupSeconds?: number;
  windowSeconds?: number;
  log?: (line: string) => void;
  /** Which sides to run (default all, in this order). */
  sides?: Step['side'][];
}

export const DEFAULT_COUNTS = [1, 4, 16, 100];
/**
 * The baselines stop at 16: standalone dashboards are whole processes (about 100 MB each),
 * and 100 screens of their own in one server are more than these 2 cores draw.
 */
const BASELINE_MAX = 16;
export const DEFAULT_WARMUP_S = 20;
export const DEFAULT_WINDOW_S = 30;
const LIVE_TIMEOUT_MS = 120_000;

interface Side {
  side: Step['side'];
  /** Brings the number of live viewers to `n`; returns the pids to measure. */
  grow(n: number): Promise<number[]>;
  bytes(): number;
  /** A few viewers type: help opened (`keys`) and closed (`closes`), then a form's price digit by digit (`typed`); ms from each key to the screen showing it. */
  typing?(): Promise<{ first: number[]; keys: number[]; closes: number[]; typed: number[] }>;
  /** A watching viewer: milliseconds from a trade to the screen listing it (tradeToScreen.ts). */
  current?(): Promise<{ ms: number[]; missed: number }>;
  close(): Promise<void>;
}

/**
 * SERVE_BENCH_NODE_ARGS: node options for the server process (space-separated), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of the server over the run.
 */
const SERVER_NODE_ARGS = process.env['SERVE_BENCH_NODE_ARGS']?.split(' ').filter((a) => a !== '');

const TYPISTS = 3;
const CURRENCY_SAMPLES = 20;
const PRESSES = 10;
const helpShown = (screen: string) => screen.includes('Help: keys');

/** `share: false` is the baseline: every viewer its own screen (PERPDESK_SERVE_SHARE=0), as before watch groups. */
function serveSide(root: string, url: string, inviteCode: string, max: number, share: boolean): Side {
  let server: ServeProcess | undefined;
  const viewers: SshViewer[] = [];
  return {
    side: share ? 'serve' : 'serve-unshared',
    async grow(n) {
      server ??= await startServeProcess({ root, url, inviteCode, viewers: max, ...(SERVER_NODE_ARGS ? { nodeArgs: SERVER_NODE_ARGS } : {}), ...(share ? {} : { env: { PERPDESK_SERVE_SHARE: '0' } }) });
      const s = server;
      // A few at a time: sixteen key exchanges at once are a burst of the bench's own CPU.
      while (viewers.length < n) {
        const batch = Array.from({ length: Math.min(4, n - viewers.length) }, (_, i) => SshViewer.open({ port: s.port, privateKey: s.viewerKeys[viewers.length + i]! }));
        const opened = await Promise.all(batch);
        viewers.push(...opened);
        // The first viewer keeps its screen: the one whose currency is measured (a watcher throughout).
        await Promise.all(opened.map((v) => v.ready(liveBook, LIVE_TIMEOUT_MS, 'a live book', v === viewers[0])));
      }
      return [s.pid];
    },
    bytes: () => viewers.reduce((sum, v) => sum + v.bytes, 0),
    current: () => tradeToScreen({ url, viewer: viewers[0]!, samples: CURRENCY_SAMPLES, timeoutMs: 5_000 }),
    async typing() {
      const first: number[] = [];
      const keys: number[] = [];
      const closes: number[] = [];
      const typed: number[] = [];
      for (const v of viewers.slice(-TYPISTS)) {
        v.watch();
        // The first key mounts the viewer a screen of its own (when it watched with others).
        first.push(await v.key('?', helpShown, 20_000));
        for (let i = 0; i < PRESSES; i++) {
          await sleep(100);
          closes.push(await v.key('\x1b', (sc) => !helpShown(sc), 10_000));
          await sleep(100);
          keys.push(await v.key('?', helpShown, 10_000));
        }
        // Typing into a form: a sell form's price, digit by digit, each timed to the field showing it.
        await v.key('\x1b', (sc) => !helpShown(sc), 10_000);
        await sleep(100);
        await v.key('s', (sc) => sc.includes('Reduce-only'), 10_000);
        let price = '';
        for (const d of '1234567') {
          await sleep(100);
          price += d;
          const shown = new RegExp(`Price\\s+${price}(?!\\d)`);
          typed.push(await v.key(d, (sc) => shown.test(sc), 10_000));
        }
        await sleep(100);
        await v.key('\x1b', (sc) => !sc.includes('Reduce-only'), 10_000);
      }
      return { first, keys, closes, typed };
    },
    async close() {
      for (const v of viewers) v.close();
      await server?.close();
    },
  };
}

function standaloneSide(root: string, url: string, inviteCode: () => string): Side {
  const dashboards: PtyDashboard[] = [];
  return {
    side: 'standalone',
    async grow(n) {
      const added: PtyDashboard[] = [];
      while (dashboards.length < n) {
        const d = new PtyDashboard({ root, variant: OURS, args: ['--url', url, '--invite-code', inviteCode()], withKeyFile: true });
        dashboards.push(d);
        added.push(d);
      }
      await Promise.all(added.map((d) => d.until(liveBook, LIVE_TIMEOUT_MS, 'a live book')));
      return dashboards.map((d) => d.pid);
    },
    bytes: () => dashboards.reduce((sum, d) => sum + d.bytes, 0),
    async close() {
      await Promise.all(dashboards.map((d) => d.stop()));
    },
  };
}

export async function benchServe(o: ServeBenchOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = o.log ?? ((line: string) => process.stderr.write(`  ${line}\n`));
  if (!o.skipBuild) buildDist(log);
  const activity = o.activity ?? 'normal';
  const counts = [...(o.counts ?? DEFAULT_COUNTS)].sort((a, b) => a - b);
  const warmupSeconds = o.warmupSeconds ?? DEFAULT_WARMUP_S;
  const windowSeconds = o.windowSeconds ?? DEFAULT_WINDOW_S;
  const max = counts[counts.length - 1]!;
  const started = performance.now();
  const steps: Step[] = [];
  log(`one exchange process (${activity}) for both sides...`);
  const exchange = await startExchangeProcess({ root: ROOT, activity, seed: 1, inviteCount: max + 8 });
  try {
    const all: Record<Step['side'], () => Side> = {
      serve: () => serveSide(ROOT, exchange.url, exchange.inviteCode(), max, true),
      'serve-unshared': () => serveSide(ROOT, exchange.url, exchange.inviteCode(), max, false),
      standalone: () => standaloneSide(ROOT, exchange.url, () => exchange.inviteCode()),
    };
    for (const name of o.sides ?? (Object.keys(all) as Step['side'][])) {
      const side = all[name]();
      try {
        const sideCounts = counts.filter((c) => name === 'serve' || c <= BASELINE_MAX);
        for (const n of sideCounts) {
          log(`${side.side}: ${n} viewer(s)...`);
          let pids: number[];
          try {
            pids = await side.grow(n);
          } catch (e) {
            const error = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
            log(`${side.side}: ${n} viewer(s) not reached: ${error}`);
            for (const m of counts.filter((c) => c >= n)) steps.push({ side: side.side, viewers: m, processes: side.side === 'serve' ? 1 : m, error });
            break;
          }
          await sleep(warmupSeconds * 1000);
          const bytes0 = side.bytes();
          const ex0 = cpuSeconds(exchange.pid) ?? Number.NaN;
          const window = await processWindow(pids, windowSeconds);
          const step: Step = {
            side: side.side,
            viewers: n,
            processes: pids.length,
            window,
            bytesPerSec: (side.bytes() - bytes0) / window.seconds,
            exchangeCpuPercent: (100 * ((cpuSeconds(exchange.pid) ?? Number.NaN) - ex0)) / window.seconds,
          };
          if (side.typing && side.current && n === sideCounts[sideCounts.length - 1]) {
            try {
              step.current = await side.current();
              step.typing = await side.typing();
            } catch (e) {
              log(`${side.side}: typing not measured: ${e instanceof Error ? e.message : String(e)}`);
            }
          }
          steps.push(step);
          log(`${side.side}: ${n} viewer(s): ${(window.rssBytes / 1024 / 1024).toFixed(1)} MB, ${window.cpuPercent.toFixed(1)} % of a core`);
        }
      } finally {
        await side.close();
      }
    }
  } finally {
    await exchange.close();
  }
  const run = { activity, warmupSeconds, windowSeconds, steps };
  const minutes = (performance.now() - started) / 60_000;
  const method =
    `One \`perpdesk exchange --activity ${activity}\` process is the market for both sides; each side has its own account on it (a --key-file onboarded with an invite code). ` +
    `The serve side is one \`perpdesk serve --url ...\` process with ${counts.join(', then ')} SSH viewers (ssh2 clients in the bench process, trading keys, 120x40 shells that read everything and type nothing, so they share one screen: src/ui/serve/watchGroups.ts); ` +
    `the unshared side is the same with PERPDESK_SERVE_SHARE=0 (a screen per viewer, the baseline) up to ${BASELINE_MAX} viewers; ` +
    `the standalone side is ${counts.filter((c) => c <= BASELINE_MAX).join(', then ')} \`perpdesk --url ...\` processes in 120x40 ptys. The sides run one after the other; each count adds viewers to those already live, ` +
    `waits for their live books and a ${warmupSeconds}-s warm-up, then measures CPU (user + system, /proc) and the summed resident memory (median of samples every 3 s) of the side's processes over ${windowSeconds} s. ` +
    `Viewers' terminals (ssh2 client, pty) are the bench's and not counted. Run took ${minutes.toFixed(1)} min.`;
  return { markdown: `${method}\n\n${serveTables(run)}`, goals: serveGoals(run) };
}
