import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { positionSize, tradingAccount } from '../algo/support/algoAccount.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { type CliResult } from './support/runCli.js';
import { algoCliUser, algoEvents, type AlgoRowJson } from './support/algoCli.js';

/**
 * `perpdesk algo` spawned as a user runs it, against the embedded exchange over loopback:
 * another account rests asks at 100 on SOL1 (mark 100), and short real TWAPs (seconds)
 * buy through them with Ioc slices. The algo file in the command's state directory is
 * shared by every run of one test, as it is by a trader's commands.
 */
let ex: TestExchange;
let maker: Registered;
const MAKER_ASK = 300n;


beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  maker = await tradingAccount(ex, '8000000000');
  const rested = exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: MAKER_ASK.toString(), tif: 'Gtc' }]), maker.key));
  expect(rested.statuses[0]).toHaveProperty('resting');
}, 30_000);

afterAll(async () => {
  await ex?.close();
});

/** A funded trader with a key file, and its command line against the exchange. */
async function cliUser() {
  const { who, home, cli, start } = await algoCliUser(ex, ex.url);
  return { who, home, cli, start };
}


const lastOf = (stdout: string) => algoEvents(stdout).at(-1)!;
const listed = (r: CliResult) => r.json as { owner: number | null; algos: AlgoRowJson[] };

/**
 * Two slices 30 s apart, so a test interrupts the algo between them however slow the
 * machine; seed 718 puts both slices within 0.25 s of their slot's opening (slice 1's slot
 * opens when the algo is resumed), so the test waits for neither.
 */
const TWO_SLICES = (size: string) => ['algo', 'twap', 'buy', size, 'SOL1', '--duration', '60s', '--slices', '2', '--band', '1%', '--seed', '718', '--yes', '--json'];

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function makerLeft(): Promise<bigint> {
  const r = await ex.info<{ sz: string }[]>({ type: 'userOrders', user: maker.address, marketDeployerId: 1 });
  return r.body.reduce((sum, o) => sum + BigInt(o.sz), 0n);
}

describe('perpdesk algo', () => {
  it('dry run prints the plan and schedule and sends nothing', async () => {
    const u = await cliUser();
    const r = await u.cli(['algo', 'twap', 'buy', '3', 'SOL1', '--duration', '3s', '--slices', '3', '--band', '1%', '--seed', '5', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json as { dryRun: boolean; algo: { bandHigh: string; slices: number }; schedule: { size: string; price: string }[] };
    expect(out).toMatchObject({ dryRun: true, algo: { bandHigh: '101', slices: 3 } });
    expect(out.schedule).toHaveLength(3);
    expect(out.schedule.reduce((s, x) => s + BigInt(x.size), 0n)).toBe(3n);
    expect(out.schedule.every((x) => x.price === '101')).toBe(true);
    expect(listed(await u.cli(['algo', 'list'])).algos).toEqual([]);
    expect(await positionSize(ex, u.who.address, 1)).toBe('0');
  }, 30_000);

  it('runs a TWAP in the foreground to the end, and algo list shows it done with the total filled', async () => {
    const u = await cliUser();
    const before = await makerLeft();
    const r = await u.cli(['algo', 'twap', 'buy', '3', 'SOL1', '--duration', '3s', '--slices', '3', '--band', '1%', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = algoEvents(r.stdout);
    expect(lines[0]?.event).toBe('plan');
    expect(lastOf(r.stdout)).toMatchObject({ event: 'end', algo: { status: 'done', filled: '3', total: '3', avgPx: '100', slicesSent: 3 } });

    const list = await u.cli(['algo', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(listed(list).owner).toBeNull();
    expect(listed(list).algos).toMatchObject([{ id: lines[0]!.algo.id, status: 'done', state: 'done', filled: '3', total: '3', slicesSent: 3, slices: 3 }]);
    expect(await positionSize(ex, u.who.address, 1)).toBe('3');
    expect(before - (await makerLeft())).toBe(3n);
    // The algo's run recorded its fills in the account's history store (docs/history.md).
    const history = await u.cli(['history', 'fills', '--ndjson']);
    expect(history.code, history.stderr).toBe(0);
    const fills = history.stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; size: string; side: string });
    expect(fills.filter((f) => f.kind === 'fill').reduce((n, f) => n + BigInt(f.size), 0n)).toBe(3n);
  }, 30_000);

  it('one owner: a second process is refused naming the first; SIGTERM pauses; resume finishes it, every unit filled once', async () => {
    const u = await cliUser();
    const before = await makerLeft();
    const run = u.start(TWO_SLICES('6'));
    await until('the first slice to fill', () => run.lines().some((e) => e.algo.filled !== '0'));
    const id = run.lines()[0]!.algo.id;

    const list = await u.cli(['algo', 'list']);
    expect(listed(list).owner).toBe(run.child.pid);
    expect(listed(list).algos[0]).toMatchObject({ id, status: 'running' });
    for (const verb of ['pause', 'cancel']) {
      const second = await u.cli(['algo', verb, id, '--yes']);
      expect(second.code, `${verb}: ${second.stderr}`).toBe(4);
      expect(second.stderr).toContain(`another perpdesk process (pid ${run.child.pid})`);
      expect(second.json).toMatchObject({ ok: false, exitCode: 4, ownerPid: run.child.pid });
    }
    const twice = await u.cli(['algo', 'twap', 'buy', '1', 'SOL1', '--duration', '2s', '--slices', '1', '--band', '1%', '--yes']);
    expect(twice.code).toBe(4);
    expect(twice.stderr).toContain(`pid ${run.child.pid}`);

    run.child.kill('SIGTERM');
    const ended = await run.closed;
    expect(ended.code, ended.stderr).toBe(0);
    const paused = lastOf(ended.stdout);
    expect(paused).toMatchObject({ event: 'end', algo: { id, status: 'paused', state: 'paused' } });
    const partial = BigInt(paused.algo.filled);
    expect(partial > 0n && partial < 6n).toBe(true);
    expect(await positionSize(ex, u.who.address, 1)).toBe(partial.toString());

    const after = listed(await u.cli(['algo', 'list']));
    expect(after.owner).toBeNull();
    expect(after.algos[0]).toMatchObject({ id, status: 'paused', filled: partial.toString() });

    const resumed = await u.cli(['algo', 'resume', id, '--yes', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(lastOf(resumed.stdout)).toMatchObject({ event: 'end', algo: { id, status: 'done', filled: '6', total: '6' } });
    // The exchange's side of it: the position and the maker's ask moved by the total, once.
    expect(await positionSize(ex, u.who.address, 1)).toBe('6');
    expect(before - (await makerLeft())).toBe(6n);
    expect(listed(await u.cli(['algo', 'list'])).algos[0]).toMatchObject({ id, status: 'done', filled: '6' });
  }, 60_000);

  it('a process killed mid-TWAP (SIGKILL) leaves its lock to the next one, which finds the algo interrupted and resumes it', async () => {
    const u = await cliUser();
    const before = await makerLeft();
    const run = u.start(TWO_SLICES('4'));
    await until('the first slice to fill', () => run.lines().some((e) => e.algo.filled !== '0'));
    const id = run.lines()[0]!.algo.id;
    run.child.kill('SIGKILL');
    await run.closed;

    const list = await u.cli(['algo', 'list']);
    expect(listed(list).owner).toBeNull();
    // No process runs it: shown as the next start finds it, with what the file recorded.
    expect(listed(list).algos[0]).toMatchObject({ id, status: 'paused', state: 'paused (interrupted)', interrupted: true, slicesSent: 1 });
    expect(BigInt(listed(list).algos[0]!.filled) > 0n).toBe(true);

    const resumed = await u.cli(['algo', 'resume', id, '--yes', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`${id} was left running by a process that ended`);
    expect(lastOf(resumed.stdout)).toMatchObject({ event: 'end', algo: { id, status: 'done', filled: '4', total: '4' } });
    expect(await positionSize(ex, u.who.address, 1)).toBe('4');
    expect(before - (await makerLeft())).toBe(4n);
  }, 30_000);
});
