/**
 * `npm run bench [-- NAME ...] [--soak MINUTES] [--no-docs] [--no-build]`: runs the named
 * benchmarks (all by default), prints each figure beside its baseline or floor measured in
 * the same run, and writes the tables into docs/performance.md under a dated heading. Naming
 * some benchmarks replaces only their sections and their rows of the goals table.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAccount } from './account.js';
import { benchCommand } from './command.js';
import { benchDashboard, DEFAULT_SOAK_MIN, ROOT } from './dashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { goalsTable } from './dashboard/report.js';
import { writeBenchDocs } from './docsWriter.js';
import { benchExchange } from './exchange.js';
import { benchFanout } from './fanout.js';
import { benchHistory } from './history.js';
import { benchRecording } from './recording.js';
import { benchServe } from './serve.js';
import { benchScreens } from './screens.js';
import { benchAlerts } from './alerts.js';
import { benchServeHostile } from './serveHostile.js';
import { benchSigning } from './signing.js';
import { benchStartup } from './startup.js';

interface Flags {
  soakMinutes?: number;
  build: boolean;
}
type Bench = (flags: Flags) => Promise<{ markdown: string; goals?: GoalRow[] }>;
const BENCHES: Record<string, Bench> = {
  signing: () => benchSigning(),
  exchange: () => benchExchange(),
  fanout: () => benchFanout(),
  command: (f) => benchCommand({ skipBuild: !f.build }),
  startup: (f) => benchStartup({ skipBuild: !f.build }),
  dashboard: (f) => benchDashboard({ ...(f.soakMinutes !== undefined ? { soakMinutes: f.soakMinutes } : {}), skipBuild: !f.build }),
  // Issue 18 part 3: a large account beside a small one (the dashboard in a pty, as above).
  account: (f) => benchAccount({ skipBuild: !f.build }),
  // Issue 20: one `perpdesk serve` with 1, 4 and 16 SSH viewers against as many standalone dashboards.
  // Issue 34: watchers sharing one screen, 100 of them, beside a screen per viewer.
  // SERVE_BENCH_COUNTS (e.g. 1,16,100) and SERVE_BENCH_SIDES (serve,serve-unshared,standalone) narrow a run.
  serve: (f) =>
    benchServe({
      skipBuild: !f.build,
      ...(process.env['SERVE_BENCH_COUNTS'] ? { counts: process.env['SERVE_BENCH_COUNTS'].split(',').map(Number) } : {}),
      ...(process.env['SERVE_BENCH_SIDES'] ? { sides: process.env['SERVE_BENCH_SIDES'].split(',') as NonNullable<Parameters<typeof benchServe>[0]>['sides'] } : {}),
    }),
  // Issue 33: one viewer sending 10000x10000 and a resize storm, against a normal one.
  'serve-hostile': (f) => benchServeHostile({ skipBuild: !f.build }),
  // Issue 34: kept regions and cell frames beside the whole-tree walk and the naive baseline.
  screens: (f) => benchScreens({ skipBuild: !f.build }),
  // Issue 37: keypress latency with 100 alert rules armed beside none.
  alerts: (f) => benchAlerts({ skipBuild: !f.build }),
  // Issue 35: a history store of 100,000 fills and 10,000 orders beside the small account's.
  history: (f) => benchHistory({ skipBuild: !f.build }),
  // Issue 36: a dashboard recording the market beside the same not recording; bytes an hour.
  recording: (f) => benchRecording({ skipBuild: !f.build }),
};

const USAGE = `usage: npm run bench [-- NAME ...] [--soak MINUTES] [--no-docs] [--no-build]
  NAME             ${Object.keys(BENCHES).join(', ')} (default: all)
  --soak MINUTES   dashboard memory row after a busy soak of MINUTES (default ${DEFAULT_SOAK_MIN})
  --no-docs        print only; leave docs/performance.md as it is
  --no-build       use dist/ as it is (the dashboard bench runs npm run build otherwise)`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { soak: { type: 'string' }, 'no-docs': { type: 'boolean' }, 'no-build': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const soak = parsed.values.soak;
  if (soak !== undefined && !/^\d+(\.\d+)?$/.test(soak)) {
    process.stderr.write(`--soak expects minutes, got "${soak}"\n${USAGE}\n`);
    return 2;
  }
  const names = parsed.positionals;
  const unknown = names.filter((n) => !(n in BENCHES));
  if (unknown.length > 0) {
    process.stderr.write(`unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(BENCHES).join(', ')})\n`);
    return 2;
  }
  const flags: Flags = { ...(soak !== undefined ? { soakMinutes: Number(soak) } : {}), build: !parsed.values['no-build'] };
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${date}, Node ${process.version}, ${os.cpus().length} x ${cpu}, ${os.platform()} ${os.release()}`;
  process.stdout.write(`perpdesk bench — ${machine}\n\n`);
  const benches: { name: string; markdown: string; goals: GoalRow[] }[] = [];
  const goals: GoalRow[] = [];
  for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
    process.stderr.write(`${name}...\n`);
    const r = await BENCHES[name]!(flags);
    process.stdout.write(`## ${name}\n\n${r.markdown}\n\n`);
    benches.push({ name, markdown: `### ${name} — ${machine}\n\n${r.markdown}`, goals: r.goals ?? [] });
    goals.push(...(r.goals ?? []));
  }
  if (goals.length > 0) process.stdout.write(`## goals\n\n${goalsTable(goals)}\n`);
  if (!parsed.values['no-docs']) {
    const file = path.join(ROOT, 'docs', 'performance.md');
    const full = Object.keys(BENCHES).every((n) => names.length === 0 || names.includes(n));
    writeBenchDocs(file, { benches, full, date });
    process.stderr.write(`wrote ${path.relative(process.cwd(), file)}\n`);
  }
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
