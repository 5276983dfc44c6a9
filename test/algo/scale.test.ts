import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { algoProgress, statusText } from '../../src/algo/index.js';
import type { Session } from '../../src/session/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { algoTrader, lookups } from './support/algoTrader.js';

/** Scale orders against the embedded exchange: resting orders on an empty book below the mark. */
let ex: TestExchange;
const sessions: Session[] = [];
const stateDir = tempDirs('perpdesk-scale-');

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
});

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

afterAll(async () => {
  await ex?.close();
});

describe('scale', () => {
  it('places 12 orders in two requests (10 + 2), each once by its cloid, and cancelling the algo cancels them all', async () => {
    const t = await algoTrader(ex, stateDir(), { sessions });
    const started = await t.runner.startScale({ contract: 'SOL1', side: 'buy', size: '40', orders: 12, from: '95', to: '84', skew: 'flat' });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    // Placed, not done: its orders rest, and the scale says so.
    expect(s.status).toBe('working');
    // (3 x (95 + ... + 85) + 7 x 84) / 40 = 88.95, truncated.
    expect(s.reason).toBe('placed 12 orders, 40 at an average 88: 12 resting, filled 0 of 40');
    expect(t.orderRequests).toEqual([10, 2]);
    // 40 over 12 on a step of 1: eleven of 3, the remainder (7) on the last.
    expect(s.children.map((c) => [c.price, c.size])).toEqual([...Array.from({ length: 11 }, (_, i) => [BigInt(95 - i), 3n]), [84n, 7n]]);
    expect(s.children.every((c) => c.tif === 'Gtc' && c.answer?.status === 'resting')).toBe(true);

    const cloids = s.children.map((c) => c.cloid);
    expect(new Set(cloids).size).toBe(12);
    const onBook = await lookups(ex, t.who, cloids);
    expect(onBook.map((l) => [l.status, l.order.limitPx, l.order.sz])).toEqual(s.children.map((c) => ['open', String(c.price), String(c.size)]));

    expect(await t.runner.cancel(s.plan.id)).toMatchObject({ ok: true, value: { status: 'cancelled' } });
    expect((await lookups(ex, t.who, cloids)).map((l) => l.status)).toEqual(Array(12).fill('canceled'));
    expect(s.children.every((c) => c.answer?.status === 'unfilled' && !c.answer.resting)).toBe(true);
  });

  it('a linear-up Alo sell scale: sizes growing towards the far price, the planned average, and fills counted as they come', async () => {
    const t = await algoTrader(ex, stateDir(), { sessions });
    const started = await t.runner.startScale({ contract: 'SOL1', side: 'sell', size: '10', orders: 4, from: '101', to: '104', skew: 'up', tif: 'Alo' });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    expect(s.plan).toMatchObject({ kind: 'scale', avgPx: 103n, total: 10n });
    expect(s.children.map((c) => [c.price, c.size, c.tif])).toEqual([
      [101n, 1n, 'Alo'],
      [102n, 2n, 'Alo'],
      [103n, 3n, 'Alo'],
      [104n, 4n, 'Alo'],
    ]);
    expect(t.orderRequests).toEqual([4]);

    // Someone buys through the first two; cancel reads what they filled and cancels the rest.
    const taker = await algoTrader(ex, stateDir(), { sessions });
    const hit = await taker.session.exchange.order([{ contractId: 1, isBuy: true, price: '102', size: '3', tif: 'Ioc' }]);
    expect(hit.ok).toBe(true);
    await t.runner.cancel(s.plan.id);
    expect(s.children.map((c) => c.answer?.status)).toEqual(['filled', 'filled', 'unfilled', 'unfilled']);
    expect(algoProgress(s)).toMatchObject({ filled: 3n, total: 10n, slices: 4 });
  });

  it('a scale stopped before its second batch resumes after a restart with the order not yet sent, none twice', async () => {
    const t = await algoTrader(ex, stateDir(), { sessions, settings: { guards: { maxNotional: '500' } } });
    // 50 over 11: ten of 4 (at most 360 each), the last 10 at 80 (800) over the guard. The whole
    // batch is checked before any of it is sent: the first goes out, the second is refused.
    const started = await t.runner.startScale({ contract: 'SOL1', side: 'buy', size: '50', orders: 11, from: '90', to: '80', skew: 'flat' });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    expect(s.children).toHaveLength(10);
    expect(s.status).toBe('paused');
    expect(s.reason).toMatch(/^order 11: refused before signing: notional/);
    expect(t.orderRequests).toEqual([10]);

    const next = await t.restart({});
    const again = next.runner.get(s.plan.id)!;
    expect(statusText(again)).toBe('paused');
    expect(again.nextSlice).toBe(10);
    expect(next.recovery.settled).toEqual([]);
    expect((await next.runner.resume(s.plan.id)).ok).toBe(true);
    expect(again.status).toBe('working');
    expect(t.orderRequests).toEqual([10, 1]);
    expect(again.children.map((c) => c.slice)).toEqual(Array.from({ length: 11 }, (_, i) => i));
    const onBook = await lookups(ex, t.who, again.children.map((c) => c.cloid));
    expect(onBook.map((l) => l.order.sz)).toEqual([...Array(10).fill('4'), '10']);
    await next.runner.cancel(s.plan.id);
  });
});
