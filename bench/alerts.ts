import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDist, ROOT } from './dashboard.js';
import { startExchangeProcess } from './dashboard/exchangeProcess.js';
import { measureLatency } from './dashboard/latency.js';
import { OURS, PtyDashboard, type DashboardVariant } from './dashboard/ptyDashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { liveBook } from './dashboard/screenChecks.js';
import { sleep } from './dashboard/sessions.js';
import { fix, percentile, table } from './measure.js';

/**
 * Issue 37, "a hook that hangs or fails does not slow the screen": two dashboards at 120x40 at
 * once on one busy exchange, one without alert rules and one with 100 armed (the config's
 * `alerts.rules`: price levels far from the market on the three contracts, moves, funding,
 * spreads, stale streams, order and algo events; a hook that sleeps 30 s, killed at its
 * timeout, and a webhook to a closed port, for any that fires). Keypress to screen change
 * p95 (the dashboard bench's `?` help toggle, the other dashboard paused while one is timed)
 * and CPU over a window, side by side.
 */
export interface AlertsBenchOptions {
  skipBuild?: boolean;
  warmupSeconds?: number;
  windowSeconds?: number;
  latencySamples?: number;
  log?: (line: string) => void;
}

const CONTRACTS = ['SOL1', 'BTC1', 'ETH1'];

/** 100 rules that stay armed on the default market (levels far from it), of every kind. */
export function hundredRules(): unknown[] {
  const rules: unknown[] = [];
  for (let i = 0; i < 40; i++) {
    const contract = CONTRACTS[i % 3]!;
    rules.push({ kind: 'price', contract, source: (['mark', 'last', 'mid'] as const)[i % 3], direction: i % 2 ? 'above' : 'below', level: i % 2 ? `${10_000_000 + i}` : `0.${String(i + 1).padStart(4, '0')}` });
  }
  for (let i = 0; i < 15; i++) rules.push({ kind: 'move', contract: CONTRACTS[i % 3], source: 'mark', pct: `${50 + i}`, windowSec: 300 });
  for (let i = 0; i < 10; i++) rules.push({ kind: 'funding', contract: CONTRACTS[i % 3], direction: 'above', rate: `${0.5 + i / 100}` });
  for (let i = 0; i < 10; i++) rules.push({ kind: 'spread', contract: CONTRACTS[i % 3], ticks: 100_000 + i });
  for (let i = 0; i < 10; i++) rules.push({ kind: 'stale', stream: (['book', 'trades', 'candles', 'account', 'connection'] as const)[i % 5], seconds: 3_600 + i });
  for (let i = 0; i < 10; i++) rules.push({ kind: 'pnl', contract: CONTRACTS[i % 3], direction: 'above', amount: `${1_000_000 + i}` });
  for (let i = 0; i < 3; i++) rules.push({ kind: 'order', event: (['filled', 'rejected', 'cancelled'] as const)[i] });
  rules.push({ kind: 'algo', event: 'failed' }, { kind: 'algo', event: 'paused' });
  return rules;
}

const NONE: DashboardVariant = { ...OURS, name: 'no alert rules' };
const HUNDRED: DashboardVariant = { ...OURS, name: '100 alert rules armed (a hanging hook, a dead webhook)' };

export async function benchAlerts(o: AlertsBenchOptions = {}): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  if (!o.skipBuild) buildDist(log);
  const homes = [NONE, HUNDRED].map((v) => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-alerts-'));
    if (v === HUNDRED) {
      mkdirSync(path.join(home, 'config', 'perpdesk'), { recursive: true, mode: 0o700 });
      const alerts = { rules: hundredRules(), hook: 'sleep 30', hookTimeoutMs: 2_000, webhook: 'http://127.0.0.1:9/perpdesk', webhookTimeoutMs: 1_000, webhookRetries: 1 };
      writeFileSync(path.join(home, 'config', 'perpdesk', 'config.json'), JSON.stringify({ alerts }), { mode: 0o600 });
    }
    return home;
  });
  log('alerts: a busy exchange and two dashboards (none, 100 rules)...');
  const exchange = await startExchangeProcess({ root: ROOT, activity: 'busy', seed: 11 });
  const dashboards = [NONE, HUNDRED].map((variant, i) => new PtyDashboard({ root: ROOT, variant, home: homes[i]!, args: ['--url', exchange.url, '--invite-code', exchange.inviteCode()], withKeyFile: true }));
  try {
    await Promise.all(dashboards.map((d) => d.until(liveBook, 60_000, 'a live book')));
    await sleep((o.warmupSeconds ?? 10) * 1000);
    const windowMs = (o.windowSeconds ?? 20) * 1000;
    log(`alerts: CPU over ${windowMs / 1000} s...`);
    const c0 = dashboards.map((d) => d.cpuSeconds() ?? Number.NaN);
    const t0 = performance.now();
    await sleep(windowMs);
    const wall = (performance.now() - t0) / 1000;
    const cpu = dashboards.map((d, i) => (((d.cpuSeconds() ?? Number.NaN) - c0[i]!) / wall) * 100);
    log('alerts: keypress latency...');
    const lat = await measureLatency(dashboards, o.latencySamples ?? 60);
    const screen = await dashboards[1]!.screen();
    const rows = [NONE, HUNDRED].map((v, i) => [v.name, fix(cpu[i]!, 2), String(lat[i]!.length), fix(percentile(lat[i]!, 50)), fix(percentile(lat[i]!, 95)), fix(lat[i]![lat[i]!.length - 1]!)]);
    const p95 = lat.map((l) => percentile(l, 95));
    const ratio = p95[1]! / p95[0]!;
    const markdown = [
      `Two dashboards at 120x40 at once on one busy exchange (seed 11), ${windowMs / 1000} s of CPU after the warm-up, then keypress latency taking turns. The rules' dashboard ${/alert /.test(screen) ? 'showed an alert' : 'showed no alert'} at the end (none is expected to fire).`,
      '',
      table(['dashboard', 'CPU, % of a core', 'key samples', 'p50 ms', 'p95 ms', 'max ms'], rows),
    ].join('\n');
    return {
      markdown,
      goals: [
        {
          goal: 'keypress p95 (busy) with 100 alert rules armed vs none (issue 37)',
          target: '<= 1.2x',
          measured: `${fix(ratio, 2)}x (${fix(p95[1]!)} ms vs ${fix(p95[0]!)} ms; CPU ${fix(cpu[1]!, 2)} % vs ${fix(cpu[0]!, 2)} %)`,
          met: Number.isFinite(ratio) ? ratio <= 1.2 : undefined,
        },
      ],
    };
  } finally {
    await Promise.all(dashboards.map((d) => d.stop()));
    await exchange.close();
    for (const h of homes) rmSync(h, { recursive: true, force: true });
  }
}
