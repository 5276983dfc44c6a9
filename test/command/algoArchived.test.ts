import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { tradingAccount } from '../algo/support/algoAccount.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { algosTable } from '../../src/command/algoRows.js';
import { algoCliUser, type AlgoRowJson } from './support/algoCli.js';
import { startCapturingProxy, type CapturingProxy } from './support/capturingProxy.js';
import { runCli } from './support/runCli.js';

/**
 * `perpdesk algo list` marks another venue's or another account's algos archived, as the
 * Algos pane does, and `algo resume|pause|cancel` (dry run or not) refuses them with exit 4
 * before anything is signed. The venue here is the deployment's URL: a proxy in front of the
 * exchange is another address, so another venue to the command line.
 */
let ex: TestExchange;
let proxy: CapturingProxy;

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  const maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: '50', tif: 'Gtc' }]), maker.key));
  proxy = await startCapturingProxy(ex.url);
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await ex?.close();
});

async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Listed = { owner: number | null; algos: (AlgoRowJson & { archived: string | null })[] };

describe('perpdesk algo and archived algos', () => {
  it("another venue's and another account's algos are listed archived, and resume, pause and cancel refuse them (exit 4)", async () => {
    // A TWAP started through the proxy (venue one), paused by SIGTERM after its first slice.
    const u = await algoCliUser(ex, proxy.url);
    const run = u.start(['algo', 'twap', 'buy', '2', 'SOL1', '--duration', '60s', '--slices', '2', '--band', '1%', '--seed', '718', '--yes', '--json']);
    await until('the first slice to fill', () => run.lines().some((e) => e.algo.filled !== '0'));
    const id = run.lines()[0]!.algo.id;
    run.child.kill('SIGTERM');
    const ended = await run.closed;
    expect(ended.code, ended.stderr).toBe(0);

    // The same account straight at the exchange: another venue.
    const keyFile = path.join(u.home, 'master.key');
    const direct = (args: string[]) => runCli(['--url', ex.url, '--key-file', keyFile, '--contract', 'SOL1', ...args], { home: u.home });
    const list = await direct(['algo', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    const [row] = (list.json as Listed).algos;
    expect(row).toMatchObject({ id, status: 'paused', archived: expect.stringContaining('another venue') });
    // A person's table (on a terminal) says so in the state column.
    expect(algosTable([row as unknown as Parameters<typeof algosTable>[0][number]], undefined).rows[0]).toContain('archived (was paused)');

    const posted = proxy.posts.length;
    for (const words of [['resume', id], ['pause', id], ['cancel', id, '--yes'], ['resume', id, '--dry-run'], ['cancel', id, '--dry-run']]) {
      const r = await direct(['algo', ...words, '--json']);
      expect(r.code, `${words.join(' ')}: ${r.stderr}`).toBe(4);
      expect(r.stderr).toMatch(new RegExp(`${id} is archived here, read-only: it was started on another venue`));
      expect(r.json).toMatchObject({ ok: false, exitCode: 4, archived: expect.stringContaining('another venue') });
    }

    // Another account in the same state directory, through the same venue.
    const other = await tradingAccount(ex);
    const otherKey = path.join(u.home, 'other.key');
    writeFileSync(otherKey, `${other.key}\n`, { mode: 0o600 });
    const asOther = (args: string[]) => runCli(['--url', proxy.url, '--key-file', otherKey, '--contract', 'SOL1', ...args], { home: u.home });
    const theirs = await asOther(['algo', 'list', '--json']);
    expect((theirs.json as Listed).algos[0]).toMatchObject({ id, archived: expect.stringContaining(`it belongs to account ${u.who.address.toLowerCase()}`) });
    const refused = await asOther(['algo', 'resume', id, '--yes', '--json']);
    expect(refused.code, refused.stderr).toBe(4);
    expect(refused.stderr).toContain('archived here, read-only: it belongs to account');
    expect(proxy.posts.length).toBe(posted);

    // Its own venue and account: listed live, and it still cancels there.
    const own = await u.cli(['algo', 'list', '--json']);
    expect((own.json as Listed).algos[0]).toMatchObject({ id, status: 'paused', archived: null });
    const cancelled = await u.cli(['algo', 'cancel', id, '--yes', '--json']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.json).toMatchObject({ ok: true, algo: { id, status: 'cancelled' } });
  }, 120_000);
});
