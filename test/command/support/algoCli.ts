import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tradingAccount } from '../../algo/support/algoAccount.js';
import type { TestExchange } from '../../support/exchangeHarness.js';
import { cliEnv, ROOT, runCli, tempHome } from './runCli.js';

/** One algo as `perpdesk algo ... --json` prints it (the fields the tests read). */
export interface AlgoRowJson {
  id: string;
  status: string;
  state: string;
  interrupted: boolean;
  filled: string;
  total: string;
  avgPx: string | null;
  slicesSent: number;
  slices: number;
  reason: string | null;
}

export interface AlgoEventJson {
  event: 'plan' | 'progress' | 'end';
  algo: AlgoRowJson;
}

/** The NDJSON lines of a foreground algo command. */
export function algoEvents(ndjson: string): AlgoEventJson[] {
  return ndjson
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as AlgoEventJson);
}

/**
 * A funded trader with a key file, and `perpdesk` against `url` (the exchange, or a proxy in
 * front of it) as that trader: `cli` runs a command to its end, `start` spawns one and lets
 * the test read its lines or kill it.
 */
export async function algoCliUser(ex: TestExchange, url: string) {
  const who = await tradingAccount(ex);
  const home = tempHome();
  const keyFile = path.join(home, 'master.key');
  writeFileSync(keyFile, `${who.key}\n`, { mode: 0o600 });
  const base = ['--url', url, '--key-file', keyFile, '--contract', 'SOL1'];
  const cli = (args: string[]) => runCli([...base, ...args], { home });
  const start = (args: string[]) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...base, ...args], { cwd: ROOT, env: cliEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
    );
    return { child, closed, lines: () => algoEvents(stdout) };
  };
  return { who, home, cli, start };
}
