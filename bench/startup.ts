/**
 * Issue 18, part 4: start-up as a user starts it. The built dashboard in a pty with the
 * embedded exchange, started with `node dist/cli.js` and with `npm start`, from spawn to the
 * first live book and to ready to trade (account funded, collateral locked, agent approved),
 * on a first start (empty state directory) and a second start on the same directory; beside
 * the floors, each command's `--version` (spawn to exit). Runs interleaved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDist, ROOT } from './dashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { timeSpawn, timeStart } from './dashboard/startup.js';
import { percentile, table } from './measure.js';

const RUNS = 7;
/** `PERPDESK_BENCH_RUNS=n` for a quick look while working on the start-up path. */
const runsFromEnv = Number(process.env['PERPDESK_BENCH_RUNS']);
export const LIVE_BOOK_GOAL_MS = 500;
export const READY_GOAL_MS = 2_000;
/** Issue 34: the first live book within this many times Node's own start (`--version`, spawn to exit). */
export const LIVE_BOOK_FLOOR_RATIO_GOAL = 3;

const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p50 = (xs: number[]) => percentile(sorted(xs), 50);

function row(name: string, xs: number[]): (string | number)[] {
  const s = sorted(xs);
  return [name, s.length, int(percentile(s, 50)), int(s[0] ?? Number.NaN), int(s[s.length - 1] ?? Number.NaN)];
}

export async function benchStartup(o: { skipBuild: boolean; runs?: number; root?: string; log?: (line: string) => void }): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = o.log ?? ((line: string) => process.stderr.write(`  ${line}\n`));
  if (!o.skipBuild) buildDist(log);
  const root = o.root ?? ROOT;
  const runs = o.runs ?? (Number.isSafeInteger(runsFromEnv) && runsFromEnv > 0 ? runsFromEnv : RUNS);
  const times = () => ({ live: [] as number[], ready: [] as number[], liveCpu: [] as number[], readyCpu: [] as number[] });
  const t = {
    nodeFirst: times(),
    nodeSecond: times(),
    npmFirst: times(),
    nodeVersion: [] as number[],
    npmVersion: [] as number[],
  };
  const exits = new Set<number | undefined>();
  const take = (into: ReturnType<typeof times>, r: Awaited<ReturnType<typeof timeStart>>) => {
    into.live.push(r.liveBookMs);
    if (r.readyMs !== undefined) into.ready.push(r.readyMs);
    if (r.liveBookCpuMs !== undefined) into.liveCpu.push(r.liveBookCpuMs);
    if (r.readyCpuMs !== undefined) into.readyCpu.push(r.readyCpuMs);
    exits.add(r.exitCode);
  };
  log(`${runs} rounds: node dist/cli.js first and second start, npm start, and the --version floors...`);
  for (let i = 0; i < runs; i++) {
    const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-start-'));
    try {
      take(t.nodeFirst, await timeStart({ root, home, ready: true }));
      take(t.nodeSecond, await timeStart({ root, home, ready: true }));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    take(t.npmFirst, await timeStart({ root, launcher: 'npm', ready: true }));
    t.nodeVersion.push(timeSpawn(root, process.execPath, ['dist/cli.js', '--version']));
    t.npmVersion.push(timeSpawn(root, 'npm', ['start', '--silent', '--', '--version']));
  }
  const markdown = [
    table(
      ['start to first live book (embedded exchange)', 'runs', 'p50 ms', 'min ms', 'max ms'],
      [
        row('`node dist/cli.js`, first start (empty state directory)', t.nodeFirst.live),
        row('`node dist/cli.js`, second start (same state directory)', t.nodeSecond.live),
        row('`npm start`, first start', t.npmFirst.live),
        row('floor: `node dist/cli.js --version`, spawn to exit', t.nodeVersion),
        row('floor: `npm start -- --version`, spawn to exit', t.npmVersion),
      ],
    ),
    table(
      ['start to ready to trade (funded, collateral locked, agent approved)', 'runs', 'p50 ms', 'min ms', 'max ms'],
      [
        row('`node dist/cli.js`, first start (empty state directory)', t.nodeFirst.ready),
        row('`node dist/cli.js`, second start (same state directory)', t.nodeSecond.ready),
        row('`npm start`, first start', t.npmFirst.ready),
      ],
    ),
    table(
      ['CPU time of the dashboard process (user + system)', 'runs', 'p50 ms', 'min ms', 'max ms'],
      [
        row('to the first live book, first start', t.nodeFirst.liveCpu),
        row('to ready to trade, first start', t.nodeFirst.readyCpu),
        row('to the first live book, second start', t.nodeSecond.liveCpu),
        row('to ready to trade, second start', t.nodeSecond.readyCpu),
      ],
    ),
    `npm's own start costs ${int(p50(t.npmVersion) - p50(t.nodeVersion))} ms at p50 (\`npm start -- --version\` over \`node dist/cli.js --version\`).`,
    ...([...exits].some((c) => c !== 0) ? [`Runs quit with exit codes ${[...exits].join(', ')} (0 expected).`] : []),
  ].join('\n\n');
  const live = p50(t.nodeFirst.live);
  const ready = p50(t.nodeFirst.ready);
  // Both p50s from the same interleaved rounds: a busy host stretches the two alike.
  const floor = p50(t.nodeVersion);
  const overFloor = live / floor;
  return {
    markdown,
    goals: [
      { goal: 'first live book from `node dist/cli.js`, p50 (issue 18)', target: `<= ${int(LIVE_BOOK_GOAL_MS)} ms`, measured: `${int(live)} ms`, met: Number.isFinite(live) ? live <= LIVE_BOOK_GOAL_MS : undefined },
      {
        goal: 'start to first live book vs `--version` floor, p50 over p50 (issue 34)',
        target: `<= ${LIVE_BOOK_FLOOR_RATIO_GOAL}x`,
        measured: Number.isFinite(overFloor) ? `${overFloor.toFixed(1)}x (${int(live)} / ${int(floor)} ms)` : 'n/a',
        met: Number.isFinite(overFloor) ? overFloor <= LIVE_BOOK_FLOOR_RATIO_GOAL : undefined,
      },
      { goal: 'ready to trade on a first start, p50 (issue 18)', target: `<= ${int(READY_GOAL_MS)} ms`, measured: `${int(ready)} ms`, met: Number.isFinite(ready) ? ready <= READY_GOAL_MS : undefined },
    ],
  };
}
