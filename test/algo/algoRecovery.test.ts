import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { algoHostOf, algoProgress, AlgoRunner, INTERRUPTED, statusText, type AlgoState } from '../../src/algo/index.js';
import { AlgoLog } from '../../src/algo/algoLog.js';
import { recordLine } from '../../src/algo/algoRecord.js';
import { CloidGenerator } from '../../src/client/cloid.js';
import { build, type OrderLookup } from '../../src/protocol/wire/index.js';
import type { Session } from '../../src/session/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { algoSession, positionSize, tradingAccount } from './support/algoAccount.js';
import { ManualClock } from './support/manualClock.js';

/**
 * A runner dropped in the middle of a TWAP, without any cleanup (as a killed process leaves
 * it), and a new one started on the same state directory: the algo reads as paused
 * (interrupted) with what really filled, the child whose answer was never written is
 * settled from the exchange by its cloid and never sent again, nothing resumes by itself,
 * and resume finishes the job with the exchange's fills adding up to the total.
 */
let ex: TestExchange;
const sessions: Session[] = [];
const stateDir = tempDirs('perpdesk-algo-recovery-');

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  const maker = await tradingAccount(ex, '8000000000');
  const rested = exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: '200', tif: 'Gtc' }]), maker.key));
  expect(rested.statuses[0]).toHaveProperty('resting');
});

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

afterAll(async () => {
  await ex?.close();
});

/** A runner on `dir` with its own clock: dropping both is the crash. */
async function runnerOn(session: Session, dir: string) {
  const clock = new ManualClock(ex);
  const runner = new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: dir, settings: {}, scheduler: clock });
  const recovery = await runner.start();
  return { runner, clock, recovery, advance: (ms: number) => clock.advance(ms, () => runner.idle()) };
}

/** A TWAP of 30 in three slices of 10, a minute apart, its first slice filled. */
async function twapWithOneSlice(): Promise<{ who: Registered; session: Session; dir: string; algo: AlgoState }> {
  const who = await tradingAccount(ex);
  const session = await algoSession(ex, who);
  sessions.push(session);
  const dir = stateDir();
  const first = await runnerOn(session, dir);
  const started = await first.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '30', durationMs: 180_000, slices: 3, bandPct: '2', sizeJitterPct: 0, timeJitterPct: 0, seed: 3 });
  if (!started.ok) throw new Error(started.error);
  const algo = started.value;
  expect(algo.children.map((c) => c.answer?.status)).toEqual(['filled']);
  // Slice 2 falls due: the process dies right after writing its child down.
  await first.clock.advance(30_000, () => first.runner.idle());
  return { who, session, dir, algo };
}

/** The child line a runner writes just before sending slice 2. */
function writeIntent(dir: string, algo: AlgoState, cloid: string, sentAt: number): void {
  const child = { cloid, slice: 1, isBuy: true, size: 10n, price: 102n, reduceOnly: false, sentAt };
  new AlgoLog(dir).append(recordLine({ type: 'child', id: algo.plan.id, time: sentAt, child }, algo.plan));
}

async function lookups(who: Registered, cloids: string[]): Promise<OrderLookup[]> {
  return (await ex.info<OrderLookup[]>({ type: 'ordersByCloids', user: who.address, cloids })).body;
}

describe('algo recovery', () => {
  it('a child sent with no answer written: settled from the exchange by cloid, shown paused (interrupted), resumed to the total', async () => {
    const { who, session, dir, algo } = await twapWithOneSlice();
    const cloid = new CloidGenerator().next();
    writeIntent(dir, algo, cloid, ex.running.core.clock.now());
    // It went out and filled; the process died before its answer was written.
    const sent = await session.exchange.order([{ contractId: 1, isBuy: true, price: '102', size: '10', tif: 'Ioc', cloid }]);
    expect(sent.ok).toBe(true);

    const second = await runnerOn(session, dir);
    expect(second.recovery).toMatchObject({ interrupted: [algo.plan.id], unsettled: [], malformed: 0 });
    expect(second.recovery.settled).toEqual([{ id: algo.plan.id, cloid, answer: expect.objectContaining({ status: 'filled', filled: 10n, avgPx: 102n, pxIsLimit: true, source: 'exchange' }) }]);
    const s = second.runner.get(algo.plan.id)!;
    expect(statusText(s)).toBe('paused (interrupted)');
    expect(s.reason).toBe(INTERRUPTED);
    expect(s.nextSlice).toBe(2);
    // 10 at 100 from its answer, 10 at most 102 from the exchange's records (which carry no average).
    expect(algoProgress(s)).toMatchObject({ filled: 20n, total: 30n, avgPx: 101n, avgIsBound: true, slicesSent: 2, unsettled: 0 });

    // Nothing resumes by itself.
    await second.advance(300_000);
    expect(s.children).toHaveLength(2);
    expect(await positionSize(ex, who.address, 1)).toBe('20');

    const resumed = await second.runner.resume(algo.plan.id);
    expect(resumed.ok).toBe(true);
    await second.advance(10_000);
    expect(s.status).toBe('done');
    expect(s.reason).toBe('filled 30 of 30');
    const cloids = s.children.map((c) => c.cloid);
    expect(s.children.map((c) => c.slice)).toEqual([0, 1, 2]);
    expect(new Set(cloids).size).toBe(3);
    // The exchange's own records: three orders, each once, filling 30 in all.
    const records = await lookups(who, cloids);
    expect(records.map((r) => r.status)).toEqual(['filled', 'filled', 'filled']);
    expect(records.reduce((sum, r) => sum + Number(r.order.origSz) - Number(r.order.sz), 0)).toBe(30);
    expect(await positionSize(ex, who.address, 1)).toBe('30');

    // A third start finds nothing to settle and nothing interrupted.
    const third = await runnerOn(session, dir);
    expect(third.recovery).toEqual({ interrupted: [], settled: [], unsettled: [], malformed: 0 });
    expect(third.runner.get(algo.plan.id)).toMatchObject({ status: 'done', nextSlice: 3 });
  });

  it('a child written but never sent: settled as absent, not sent again, its share going to the next slice', async () => {
    const { who, session, dir, algo } = await twapWithOneSlice();
    const cloid = new CloidGenerator().next();
    writeIntent(dir, algo, cloid, ex.running.core.clock.now());
    // A torn last line, as a write cut short would leave.
    new AlgoLog(dir).append('{"type":"answer","id":');

    const second = await runnerOn(session, dir);
    expect(second.recovery.malformed).toBe(1);
    expect(second.recovery.settled).toEqual([{ id: algo.plan.id, cloid, answer: expect.objectContaining({ status: 'absent', filled: 0n, source: 'exchange' }) }]);
    const s = second.runner.get(algo.plan.id)!;
    expect(statusText(s)).toBe('paused (interrupted)');
    expect(algoProgress(s)).toMatchObject({ filled: 10n, total: 30n, slicesSent: 2 });

    expect((await second.runner.resume(algo.plan.id)).ok).toBe(true);
    await second.advance(10_000);
    expect(s.status).toBe('done');
    expect(s.children.map((c) => [c.slice, c.size, c.answer?.status])).toEqual([
      [0, 10n, 'filled'],
      [1, 10n, 'absent'],
      [2, 20n, 'filled'],
    ]);
    expect(await lookups(who, [cloid])).toEqual([]);
    expect(await positionSize(ex, who.address, 1)).toBe('30');
    // The file holds the settled answer: read again, nothing is left open.
    expect(readFileSync(new AlgoLog(dir).path, 'utf8')).toContain(`"cloid":"${cloid}","answer":{"status":"absent"`);
  });

  it('pause and cancel: a paused algo sends nothing; a cancelled one stays cancelled across a restart', async () => {
    const { session, dir, algo } = await twapWithOneSlice();
    const second = await runnerOn(session, dir);
    const id = algo.plan.id;
    expect((await second.runner.resume(id)).ok).toBe(true);
    expect((await second.runner.pause(id)).ok).toBe(true);
    const s = second.runner.get(id)!;
    expect(statusText(s)).toBe('paused');
    const sent = s.children.length;
    await second.advance(120_000);
    expect(s.children).toHaveLength(sent);
    expect(await second.runner.cancel(id)).toMatchObject({ ok: true, value: { status: 'cancelled', reason: 'cancelled by the trader' } });
    expect(await second.runner.resume(id)).toMatchObject({ ok: false, error: `${id}: it is cancelled` });
    const third = await runnerOn(session, dir);
    expect(third.recovery.interrupted).toEqual([]);
    expect(third.runner.get(id)).toMatchObject({ status: 'cancelled' });
  });

  it('cancel cancels a resting child and reads back what it came to', async () => {
    const { who, session, dir, algo } = await twapWithOneSlice();
    // A child left resting on the book (as a short-lived post-only child would be) when the process died.
    const cloid = new CloidGenerator().next();
    writeIntent(dir, algo, cloid, ex.running.core.clock.now());
    const sent = await session.exchange.order([{ contractId: 1, isBuy: true, price: '90', size: '10', tif: 'Gtc', cloid }]);
    expect(sent.ok).toBe(true);

    const second = await runnerOn(session, dir);
    expect(second.recovery.settled).toEqual([{ id: algo.plan.id, cloid, answer: expect.objectContaining({ status: 'resting', resting: true, filled: 0n }) }]);
    const cancelled = await second.runner.cancel(algo.plan.id);
    expect(cancelled).toMatchObject({ ok: true, value: { status: 'cancelled' } });
    const child = second.runner.get(algo.plan.id)!.children.find((c) => c.cloid === cloid)!;
    expect(child.answer).toMatchObject({ status: 'unfilled', source: 'exchange' });
    expect(child.answer?.resting).toBeUndefined();
    expect((await lookups(who, [cloid])).map((r) => r.status)).toEqual(['canceled']);
    expect(await positionSize(ex, who.address, 1)).toBe('10');
  });
});
