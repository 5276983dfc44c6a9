import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData } from '../support/exchangeHarness.js';
import { KEYS, spawnTerminal } from '../support/terminal.js';
import { centsText, cliTrader, markCents, type CliTrader } from './support/cliTrader.js';
import { cliEnv, ROOT } from './support/runCli.js';

/**
 * On a terminal, a write the confirm policy asks about shows the request and asks; only a
 * yes sends it. (From a script the same write is refused without --yes: writes.test.ts.)
 */
let t: CliTrader;

beforeAll(async () => {
  t = await cliTrader({ contract: 'ETH1' });
  exchangeData(await t.ex.signedPost(build.enroll(2), t.keyHex));
  exchangeData(await t.ex.signedPost(build.lockCollateral(2, 0, '1000000000'), t.keyHex));
}, 30_000);

afterAll(async () => {
  await t?.ex.close();
});

async function openCount(): Promise<number> {
  return (await t.ex.info<unknown[]>({ type: 'userOrders', user: t.acct.address, marketDeployerId: 2 })).body.length;
}

async function orderOnTerminal(answer: string): Promise<{ exitCode: number; screen: string }> {
  const px = centsText(await markCents(t.ex, 3, 80n));
  const term = spawnTerminal(process.execPath, ['dist/cli.js', ...t.base, 'order', 'buy', '0.1', '@', px], { cwd: ROOT, env: cliEnv(t.home) });
  try {
    const screen = await term.waitFor('Send? [y/N]', 20_000);
    await term.type(answer);
    await term.press(KEYS.enter);
    const { exitCode } = await term.exited;
    return { exitCode, screen };
  } finally {
    term.kill('SIGKILL');
  }
}

describe('the confirm policy on a terminal', () => {
  it('shows the request, sends on y and not on n', async () => {
    const no = await orderOnTerminal('n');
    expect(no.screen).toContain('New order');
    expect(no.screen).toMatch(/Buy 0\.10 ETH1 @ [\d,.]+ Gtc/);
    expect(no.screen).toContain('Notional:');
    expect(no.exitCode).toBe(4);
    expect(await openCount()).toBe(0);

    const yes = await orderOnTerminal('y');
    expect(yes.exitCode).toBe(0);
    expect(await openCount()).toBe(1);
  }, 60_000);

  it('Ctrl-C at the question is "not sent", exit 4, not an internal error', async () => {
    const px = centsText(await markCents(t.ex, 3, 80n));
    const before = await openCount();
    const term = spawnTerminal(process.execPath, ['dist/cli.js', ...t.base, 'order', 'buy', '0.1', '@', px], { cwd: ROOT, env: cliEnv(t.home) });
    try {
      await term.waitFor('Send? [y/N]', 20_000);
      await term.press(KEYS.ctrlC);
      const { exitCode } = await term.exited;
      const out = term.output();
      expect(out).toContain('not sent: interrupted at the question (Ctrl-C)');
      expect(out).not.toContain('internal error');
      expect(exitCode).toBe(4);
      expect(await openCount()).toBe(before);
    } finally {
      term.kill('SIGKILL');
    }
  }, 60_000);
});
