import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAlgoFile } from '../../src/algo/index.js';
import { recordLine, type AlgoRecord } from '../../src/algo/algoRecord.js';
import type { TwapPlan } from '../../src/algo/algoPlan.js';
import { build } from '../../src/protocol/wire/index.js';
import type { Session } from '../../src/session/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { algoSession, positionSize, tradingAccount } from './support/algoAccount.js';
import { runnerOn } from './support/manualClock.js';

/**
 * The algo file cannot make an algo run twice (issue 33, 7), and reading it back is linear
 * in its size (issue 33, 8).
 */
let ex: TestExchange;
const sessions: Session[] = [];
const stateDir = tempDirs('perpdesk-algo-tamper-');

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  const maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: '200', tif: 'Gtc' }]), maker.key));
});

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

afterAll(async () => {
  await ex?.close();
});


describe('the algo file', () => {
  it('a plan line appended again (a torn compaction, a copied file) never re-runs the algo: a TWAP buy 6 killed after 2 slices buys 6 in all', async () => {
    const who = await tradingAccount(ex);
    const session = await algoSession(ex, who);
    sessions.push(session);
    const dir = stateDir();
    const first = await runnerOn(ex, session, dir);
    const started = await first.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '6', durationMs: 180_000, slices: 3, bandPct: '2', sizeJitterPct: 0, timeJitterPct: 0, seed: 3 });
    if (!started.ok) throw new Error(started.error);
    const id = started.value.plan.id;
    await first.advance(60_000);
    expect(started.value.children.map((c) => c.answer?.status)).toEqual(['filled', 'filled']);
    expect(await positionSize(ex, who.address, 1)).toBe('4');
    // Killed here (the runner dropped); then the plan line is appended once more.
    const file = path.join(dir, 'algos.jsonl');
    const planLine = readFileSync(file, 'utf8').split('\n').find((l) => l.includes('"type":"plan"'))!;
    appendFileSync(file, `${planLine}\n`);

    const second = await runnerOn(ex, session, dir);
    const s = second.runner.get(id)!;
    expect((await second.runner.resume(id)).ok).toBe(true);
    await second.advance(200_000);
    expect(await positionSize(ex, who.address, 1)).toBe('6');
    expect(s.status).toBe('done');
    expect(s.reason).toBe('filled 6 of 6');
    expect(s.children).toHaveLength(3);
    // Said, not silently taken: the start reports the repeated plan.
    expect(second.recovery.repeated).toEqual([id]);
    // The reading face (algo list, a watching dashboard) sees the same algo.
    expect(readAlgoFile(dir).algos.filter((a) => a.plan.id === id).map((a) => a.children.length)).toEqual([3]);
  });

  it('replays a file of 100,000 child/answer pairs, with a plan line repeated in the middle, to the algo it describes', async () => {
    const dir = stateDir();
    const plan: TwapPlan = {
      kind: 'twap',
      id: 'twap-long-1',
      createdAt: 1,
      contract: 'SOL1',
      contractId: 1,
      priceScale: 0,
      qtyScale: 0,
      tickSize: 1n,
      stepSize: 1n,
      isBuy: true,
      total: 100_000n,
      reduceOnly: false,
      durationMs: 100_000_000,
      slices: 100_000,
      intervalMs: 1_000,
      arrivalMark: 100n,
      bandBps: 200,
      bandLow: 98n,
      bandHigh: 102n,
      sizeJitterPct: 0,
      timeJitterPct: 0,
      seed: 1,
    };
    const lines: string[] = [recordLine({ type: 'plan', time: 1, plan }, plan)];
    const n = 100_000;
    for (let k = 0; k < n; k++) {
      const cloid = `0x${k.toString(16).padStart(32, '0')}`;
      const child: AlgoRecord = { type: 'child', id: plan.id, time: k + 2, child: { cloid, slice: k, isBuy: true, size: 1n, price: 102n, reduceOnly: false, sentAt: k + 2 } };
      lines.push(recordLine(child, plan));
      lines.push(recordLine({ type: 'answer', id: plan.id, time: k + 2, cloid, answer: { status: 'filled', filled: 1n, avgPx: 100n, detail: 'filled 1 @ 100', source: 'answer', time: k + 2 } }, plan));
      if (k === n / 2) lines.push(lines[0]!);
    }
    lines.push(recordLine({ type: 'state', id: plan.id, time: n + 2, status: 'done', reason: 'filled 100000 of 100000' }, plan));
    writeFileSync(path.join(dir, 'algos.jsonl'), `${lines.join('\n')}\n`, { mode: 0o600 });

    const read = readAlgoFile(dir);
    expect(read.algos).toHaveLength(1);
    const s = read.algos[0]!;
    expect(s.children).toHaveLength(n);
    expect(s.children.every((c) => c.answer?.status === 'filled')).toBe(true);
    expect(s).toMatchObject({ status: 'done', nextSlice: n });
  }, 60_000);
});
