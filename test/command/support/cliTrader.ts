import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Hex } from '../../../src/protocol/index.js';
import { newKey, startTestExchange, type Registered, type TestExchange } from '../../support/exchangeHarness.js';
import { runCli, tempHome, type CliResult } from './runCli.js';

/**
 * A trader at the command line: an embedded exchange with calm market makers, a registered
 * and funded account whose master key sits in a 0600 key file, and `cli(args)` that runs
 * perpdesk against it with `--url`, `--key-file` and the contract, remembering every run
 * (a test can then check that no output ever held the key).
 */
export interface CliTrader {
  ex: TestExchange;
  home: string;
  acct: Registered;
  keyHex: Hex;
  base: string[];
  runs: CliResult[];
  cli(args: string[], o?: { input?: string; env?: NodeJS.ProcessEnv }): Promise<CliResult>;
}

export async function cliTrader(o: { contract: string }): Promise<CliTrader> {
  const ex = await startTestExchange({ activity: 'calm' });
  const home = tempHome();
  const keyHex = newKey();
  const acct = await ex.registerFunded(keyHex);
  const keyFile = path.join(home, 'master.key');
  writeFileSync(keyFile, `${keyHex}\n`, { mode: 0o600 });
  const base = ['--url', ex.url, '--key-file', keyFile, '--contract', o.contract];
  const runs: CliResult[] = [];
  return {
    ex,
    home,
    acct,
    keyHex,
    base,
    runs,
    async cli(args, opts = {}) {
      const r = await runCli([...base, ...args], { home, ...opts });
      runs.push(r);
      return r;
    },
  };
}

/** A price in hundredths as text the way the exchange writes it: no trailing zeros. */
export const centsText = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`.replace(/\.?0+$/, '');

/** A contract's mark times percent/100 in hundredths, on a tick of `tickCents` (ETH1: 5). */
export async function markCents(ex: TestExchange, contractId: number, percent: bigint, tickCents = 5n): Promise<bigint> {
  const r = await ex.info<{ markPx: string }>({ type: 'marketState', contractId });
  const [whole, frac = ''] = r.body.markPx.split('.');
  const mark = BigInt(whole!) * 100n + BigInt(`${frac}00`.slice(0, 2));
  return ((mark * percent) / 100n / tickCents) * tickCents;
}
