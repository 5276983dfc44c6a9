import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { algoHostOf, algoProgress, AlgoRunner, INTERRUPTED, statusText, type AlgoState } from '../../src/algo/index.js';
import { AlgoLog } from '../../src/algo/algoLog.js';
import { recordLine } from '../../src/algo/algoRecord.js';
import { compactionOf } from '../../src/algo/compactAlgoFile.js';
import { readAlgoFile } from '../../src/algo/index.js';
import { CloidGenerator } from '../../src/client/cloid.js';
import { build, type OrderLookup } from '../../src/protocol/wire/index.js';
import { NonceManager } from '../../src/protocol/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { algoSession, positionSize, tradingAccount } from './support/algoAccount.js';
import { ManualClock, runnerOn } from './support/manualClock.js';

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


/** A TWAP of 30 in three slices of 10, a minute apart, its first slice filled. */
async function twapWithOneSlice(): Promise<{ who: Registered; session: Session; dir: string; algo: AlgoState }> {
  const who = await tradingAccount(ex);
  const session = await algoSession(ex, who);
  sessions.push(session);
  const dir = stateDir();
  const first = await runnerOn(ex, session, dir);
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

    const second = await runnerOn(ex, session, dir);
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
    const third = await runnerOn(ex, session, dir);
    expect(third.recovery).toEqual({ interrupted: [], settled: [], unsettled: [], malformed: 0, compacted: [], repeated: [] });
    expect(third.runner.get(algo.plan.id)).toMatchObject({ status: 'done', nextSlice: 3 });
  });

  it('a child written but never sent: settled as absent, not sent again, its share going to the next slice', async () => {
    const { who, session, dir, algo } = await twapWithOneSlice();
    const cloid = new CloidGenerator().next();
    writeIntent(dir, algo, cloid, ex.running.core.clock.now());
    // A torn last line, as a write cut short would leave.
    new AlgoLog(dir).append('{"type":"answer","id":');

    const second = await runnerOn(ex, session, dir);
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
    const second = await runnerOn(ex, session, dir);
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
    const third = await runnerOn(ex, session, dir);
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

    const second = await runnerOn(ex, session, dir);
    expect(second.recovery.settled).toEqual([{ id: algo.plan.id, cloid, answer: expect.objectContaining({ status: 'resting', resting: true, filled: 0n }) }]);
    const cancelled = await second.runner.cancel(algo.plan.id);
    expect(cancelled).toMatchObject({ ok: true, value: { status: 'cancelled' } });
    const child = second.runner.get(algo.plan.id)!.children.find((c) => c.cloid === cloid)!;
    expect(child.answer).toMatchObject({ status: 'unfilled', source: 'exchange' });
    expect(child.answer?.resting).toBeUndefined();
    expect((await lookups(who, [cloid])).map((r) => r.status)).toEqual(['canceled']);
    expect(await positionSize(ex, who.address, 1)).toBe('10');
  });
  it('start compacts the file: finished algos past the age limit go, the rest replay the same, written whole and private', async () => {
    const who = await tradingAccount(ex);
    const session = await algoSession(ex, who);
    sessions.push(session);
    const dir = stateDir();
    const first = await runnerOn(ex, session, dir);
    const done = await first.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '1', durationMs: 1_000, slices: 1, bandPct: '2', timeJitterPct: 0, seed: 1 });
    if (!done.ok) throw new Error(done.error);
    expect(done.value.status).toBe('done');
    const live = await first.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '30', durationMs: 180_000, slices: 3, bandPct: '2', sizeJitterPct: 0, timeJitterPct: 0, seed: 3 });
    if (!live.ok) throw new Error(live.error);
    const id = live.value.plan.id;
    // Every change of state leaves a line (a pause, a resume, a schedule based again); only
    // the last matters to a restart.
    const log = new AlgoLog(dir);
    for (let i = 0; i < 40; i++) log.append(recordLine({ type: 'state', id, time: live.value.updatedAt, status: 'running', base: live.value.base }, live.value.plan));
    const file = path.join(dir, 'algos.jsonl');
    const before = statSync(file).size;
    const was = readAlgoFile(dir).algos.find((a) => a.plan.id === id)!;
    await ex.control({ type: 'advanceTime', ms: 120_000 });

    const clock = new ManualClock(ex);
    const second = new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: dir, settings: {}, scheduler: clock, compaction: { keptMs: 60_000 } });
    const recovery = await second.start();
    expect(recovery.compacted).toEqual([done.value.plan.id]);
    expect(recovery.interrupted).toEqual([id]);
    expect(second.list().map((a) => a.plan.id)).toEqual([id]);
    const after = readAlgoFile(dir);
    expect(after.malformed).toBe(0);
    expect(after.algos).toHaveLength(1);
    const kept = after.algos[0]!;
    expect(kept).toMatchObject({ status: 'paused', interrupted: true, nextSlice: was.nextSlice, base: was.base, children: was.children, skipped: was.skipped });
    expect(statSync(file).size).toBeLessThan(before / 4);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    // It still runs from the rewritten file.
    expect(await second.resume(id)).toMatchObject({ ok: true });
    await clock.advance(180_000, () => second.idle());
    expect(second.get(id)).toMatchObject({ status: 'done', reason: 'filled 30 of 30' });
  });

  it('past its size limit every finished algo goes, whatever its age; one with a resting child stays', () => {
    const at = (status: AlgoState['status'], resting = false) =>
      ({ plan: { id: `${status}${resting ? '-resting' : ''}` }, status, updatedAt: 1_000, children: resting ? [{ answer: { resting: true } }] : [] }) as unknown as AlgoState;
    const algos = [at('done'), at('cancelled'), at('paused'), at('done', true), at('running')];
    expect(compactionOf(algos, 2_000, 10, { maxBytes: 100 })).toBeUndefined();
    expect(compactionOf(algos, 2_000, 101, { maxBytes: 100 })).toMatchObject({ dropped: ['done', 'cancelled'] });
    expect(compactionOf(algos, 2_000, 10, { keptMs: 500 })).toMatchObject({ dropped: ['done', 'cancelled'] });
  });
  it("a child settled from the exchange's records gets its real average from the account's fills, not its limit", async () => {
    const { who, session, dir, algo } = await twapWithOneSlice();
    const cloid = new CloidGenerator().next();
    writeIntent(dir, algo, cloid, ex.running.core.clock.now());
    // Limit 102, filled at the maker's 100; the process died before the answer was written.
    expect((await session.exchange.order([{ contractId: 1, isBuy: true, price: '102', size: '10', tif: 'Ioc', cloid }])).ok).toBe(true);
    // The dashboard's session: its userFills stream brings the account's recent fills.
    const core = ex.running.core;
    const live = createSession({ url: ex.url }, { master: who.key }, { contractName: 'SOL1', live: true, nonces: new NonceManager({ now: () => core.clock.now() }) });
    sessions.push(live);
    expect((await live.ready).ok).toBe(true);
    const [sent] = await lookups(who, [cloid]);
    const deadline = Date.now() + 10_000;
    while (!live.store.getState().orders.fills.some((f) => f.oid === sent!.order.oid)) {
      if (Date.now() > deadline) throw new Error('no userFills snapshot');
      await new Promise((r) => setTimeout(r, 20));
    }
    const runner = new AlgoRunner({ host: algoHostOf(live, { refresh: true }), stateDir: dir, settings: {}, scheduler: new ManualClock(ex) });
    const recovery = await runner.start();
    expect(recovery.settled).toEqual([{ id: algo.plan.id, cloid, answer: expect.objectContaining({ status: 'filled', filled: 10n, avgPx: 100n, source: 'exchange' }) }]);
    const s = runner.get(algo.plan.id)!;
    expect(s.children[1]!.answer?.pxIsLimit).toBeUndefined();
    expect(algoProgress(s)).toMatchObject({ filled: 20n, avgPx: 100n, avgIsBound: false });
    // As the file has it, for the next start and for algo list.
    expect(readAlgoFile(dir).algos[0]!.children[1]!.answer).toMatchObject({ avgPx: 100n, source: 'exchange' });
    await runner.stop();
  });
});
