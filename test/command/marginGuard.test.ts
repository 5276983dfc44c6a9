import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { cliEnv, ROOT, runCli, tempHome } from './support/runCli.js';

/**
 * README's shell example (examples/margin-guard.sh, shown there verbatim) run as written:
 * below the threshold it leaves the orders alone, above it cancels every open order on
 * every contract that has one.
 */
const SCRIPT = path.join(ROOT, 'examples', 'margin-guard.sh');
let ex: TestExchange;
let home: string;
let acct: Registered;
let target: string[];

function runScript(threshold: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const perpdesk = ['node', 'dist/cli.js', ...target].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [SCRIPT], { cwd: ROOT, env: cliEnv(home, { PERPDESK: perpdesk, THRESHOLD: threshold }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function openCount(): Promise<number> {
  let n = 0;
  for (const md of [1, 2]) n += (await ex.info<unknown[]>({ type: 'userOrders', user: acct.address, marketDeployerId: md })).body.length;
  return n;
}

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'calm' });
  home = tempHome();
  const key = newKey();
  acct = await ex.registerFunded(key);
  const keyFile = path.join(home, 'master.key');
  writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  target = ['--url', ex.url, '--key-file', keyFile];
  const steps = [
    ['enroll', '--deployer', '1', '--yes'],
    ['enroll', '--deployer', '2', '--yes'],
    ['collateral', 'lock', '1000', '--deployer', '1', '--yes'],
    ['collateral', 'lock', '1000', '--deployer', '2', '--yes'],
    ['order', 'buy', '1', '@', '100', '--contract', 'SOL1', '--yes'],
    ['order', 'buy', '0.1', '@', '1500', '--contract', 'ETH1', '--yes'],
  ];
  for (const s of steps) {
    const r = await runCli([...target, ...s], { home });
    if (r.code !== 0) throw new Error(`${s.join(' ')}: ${r.stderr}`);
  }
}, 60_000);

afterAll(async () => {
  await ex?.close();
});

describe('README shell example: cancel everything when the margin ratio passes a threshold', () => {
  it('is the script in examples/, verbatim', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(readFileSync(SCRIPT, 'utf8').trim());
  });

  it('leaves the orders below the threshold and cancels them all above it', async () => {
    expect(await openCount()).toBe(2);
    const calm = await runScript('0.99');
    expect(calm.code, calm.stderr).toBe(0);
    expect(calm.stdout).toBe('');
    expect(await openCount()).toBe(2);

    const tripped = await runScript('0.00001');
    expect(tripped.code, tripped.stderr).toBe(0);
    expect(tripped.stdout).toContain('cancelled every open order on SOL1');
    expect(tripped.stdout).toContain('cancelled every open order on ETH1');
    expect(await openCount()).toBe(0);
  }, 60_000);
});
