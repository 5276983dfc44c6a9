/**
 * The headless face's cost: a `perpdesk order` command's wall time from spawn to exit,
 * beside Node's own start (`node -e 0`) and beside the dashboard's path for the same signed
 * order (ExchangeClient.order in a running process, no spawn). The exchange runs in this
 * process on loopback; the command is the built one (dist/cli.js), as a user runs it.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ExchangeClient } from '../src/client/exchangeClient.js';
import { HttpTransport } from '../src/client/http.js';
import { InfoClient } from '../src/client/infoClient.js';
import { SignerSet } from '../src/client/signers.js';
import { startExchange } from '../src/exchange/startExchange.js';
import { toHex } from '../src/protocol/index.js';
import { buildDist, ROOT } from './dashboard.js';
import type { GoalRow } from './dashboard/report.js';
import { fix, percentile, table } from './measure.js';

const RUNS = 15;

/** Spawn to exit, asynchronously: the exchange answering the command runs in this process. */
function timed(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      else resolve(ms);
    });
  });
}

export async function benchCommand(o: { skipBuild: boolean; log?: (line: string) => void }): Promise<{ markdown: string; goals: GoalRow[] }> {
  const log = o.log ?? ((line: string) => process.stderr.write(`  ${line}\n`));
  if (!o.skipBuild) buildDist(log);
  const ex = await startExchange({ host: '127.0.0.1', port: 0, activity: 'calm', seed: 1, creditDelayMs: 50, rateLimitPerMin: 0, inviteCount: 2 });
  const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-cmd-'));
  chmodSync(home, 0o700);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_STATE_HOME: path.join(home, 'state') };
  const http = new HttpTransport({ baseUrl: ex.url });
  try {
    const key = toHex(secp256k1.utils.randomSecretKey());
    const keyFile = path.join(home, 'master.key');
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    const cli = (args: string[]) => ['dist/cli.js', ...args, '--url', ex.url, '--key-file', keyFile];
    log('registering, funding and enrolling an account through the command line...');
    await timed(cli(['register', '--invite-code', ex.inviteCodes[0]!]), env);
    await new Promise((r) => setTimeout(r, 300));
    await timed(cli(['enroll', '--deployer', '1', '--yes']), env);
    await timed(cli(['collateral', 'lock', '5000', '--deployer', '1', '--yes']), env);

    // The dashboard's path: a second account, the same client the session sends through.
    const key2 = toHex(secp256k1.utils.randomSecretKey());
    const info = new InfoClient(http);
    const signers = new SignerSet({ master: key2 });
    const client = new ExchangeClient({ http, info, signers, address: signers.masterAddress! });
    await client.registerAccount(ex.inviteCodes[1]!);
    await new Promise((r) => setTimeout(r, 300));
    await client.enroll(1);
    await client.lockCollateral(1, 0, '5000000000');

    const node: number[] = [];
    const command: number[] = [];
    const inProcess: number[] = [];
    log(`timing ${RUNS} runs of node -e 0, perpdesk order (spawn to exit) and ExchangeClient.order...`);
    for (let i = 0; i < RUNS; i++) {
      node.push(await timed(['-e', '0'], env));
      command.push(await timed(cli(['order', 'buy', '1', '@', '100', '--contract', 'SOL1', '--yes', '--json']), env));
      const t0 = performance.now();
      const r = await client.order([{ contractId: 1, isBuy: true, price: '100', size: '1', tif: 'Gtc' }]);
      inProcess.push(performance.now() - t0);
      if (!r.ok) throw new Error(`in-process order failed: ${r.error.message}`);
    }
    const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
    const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
    const over = p50(command) - p50(node);
    const markdown = [
      `A signed limit order from the command line, ${RUNS} runs each, interleaved; wall time in ms.`,
      '',
      table(
        ['path', 'p50 ms', 'p95 ms'],
        [
          ['`node -e 0` (Node\'s own start: the floor)', fix(p50(node)), fix(p95(node))],
          ['`perpdesk order buy 1 @ 100 --yes` (spawn to exit, dist/)', fix(p50(command)), fix(p95(command))],
          ['signed order round trip inside a running session (the dashboard\'s path)', fix(p50(inProcess), 2), fix(p95(inProcess), 2)],
        ],
      ),
      '',
      `The command costs ${fix(over)} ms over Node's own start at p50.`,
    ].join('\n');
    return { markdown, goals: [{ goal: 'perpdesk order, spawn to exit, over node -e 0 (p50)', target: '<= 300 ms', measured: `${fix(over)} ms`, met: over <= 300 }] };
  } finally {
    await http.close();
    await ex.close();
    rmSync(home, { recursive: true, force: true });
  }
}
