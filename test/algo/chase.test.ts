import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { algoProgress, statusText } from '../../src/algo/index.js';
import { build } from '../../src/protocol/wire/index.js';
import type { Session } from '../../src/session/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { positionSize, tradingAccount } from './support/algoAccount.js';
import { algoTrader, lookups } from './support/algoTrader.js';

/**
 * Chase against the embedded exchange: another account moves the book (bids placed and
 * cancelled), the runner's clock steps one interval at a time, and the chase's post-only
 * order follows the best bid by modify, keeping its oid.
 */
let ex: TestExchange;
let maker: Registered;
const sessions: Session[] = [];
const stateDir = tempDirs('perpdesk-chase-');

beforeEach(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  maker = await tradingAccount(ex, '8000000000');
});

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
  await ex?.close();
});

async function makerOrder(isBuy: boolean, price: string, size = '1'): Promise<void> {
  const r = exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy, price, size, tif: 'Gtc' }]), maker.key));
  expect(r.statuses[0]).toHaveProperty('resting');
}
async function makerCancelAll(): Promise<void> {
  exchangeData(await ex.signedPost(build.cancelAll(1), maker.key));
}

describe('chase', () => {
  it('follows the best bid up and down by modify (same oid), then stops at its limit and cancels its order', async () => {
    await makerOrder(true, '95');
    await makerOrder(false, '105');
    const t = await algoTrader(ex, stateDir(), { sessions });
    const started = await t.runner.startChase({ contract: 'SOL1', side: 'buy', size: '5', maxDistance: '3', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    expect(s.plan).toMatchObject({ kind: 'chase', startPx: 95n, limitPx: 98n, atLimit: 'stop' });
    expect(s.children).toHaveLength(1);
    const order = s.children[0]!;
    expect(order).toMatchObject({ price: 95n, size: 5n, tif: 'Alo', answer: { status: 'resting' } });
    const oid = order.answer!.oid;
    const onBook = async () => (await lookups(ex, t.who, [order.cloid]))[0]!;

    // The bid moves up: the order follows it.
    await makerOrder(true, '97');
    await t.advance(1_000);
    expect(s.chasePx).toBe(97n);
    expect(await onBook()).toMatchObject({ status: 'open', order: { oid, limitPx: '97', sz: '5' } });

    // The bid falls back to 94: alone at 97, the order follows it down.
    await makerCancelAll();
    await makerOrder(true, '94');
    await t.advance(1_000);
    expect(s.chasePx).toBe(94n);
    expect(await onBook()).toMatchObject({ status: 'open', order: { oid, limitPx: '94' } });
    // Nothing moved: nothing sent.
    await t.advance(1_000);
    expect(s.chasePx).toBe(94n);

    // The bid runs past the limit (98): the order is cancelled and the chase ends there.
    await makerOrder(true, '99');
    await t.advance(1_000);
    // Its goal (5 bought) was not reached: failed, not done.
    expect(s.status).toBe('failed');
    expect(s.reason).toBe('stopped at its limit 98: filled 0 of 5');
    expect((await onBook()).status).toBe('canceled');
    expect(s.children).toHaveLength(1);
    expect(t.orderRequests).toEqual([1]);
    expect(t.clock.pending()).toBe(0);
    const moves = readFileSync(t.runner.path, 'utf8').split('\n').filter((l) => l.includes('"type":"move"'));
    expect(moves.map((l) => JSON.parse(l).price)).toEqual(['97', '94']);
  });

  it('crosses at its limit when configured: the rest goes as an Ioc at the ask', async () => {
    await makerOrder(true, '95');
    await makerOrder(false, '101', '10');
    const t = await algoTrader(ex, stateDir(), { sessions });
    const started = await t.runner.startChase({ contract: 'SOL1', side: 'buy', size: '5', offsetTicks: 1, maxDistance: '2', atLimit: 'cross', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    // One tick behind the bid, at most 2 above that.
    expect(s.plan).toMatchObject({ startPx: 94n, limitPx: 96n });
    await makerOrder(true, '98');
    await t.advance(1_000);
    expect(s.status).toBe('done');
    expect(s.reason).toBe('crossed at 101 past its limit 96: filled 5 of 5');
    expect(s.children.map((c) => [c.slice, c.price, c.tif, c.answer?.status])).toEqual([
      [0, 94n, 'Alo', 'unfilled'],
      [1, 101n, undefined, 'filled'],
    ]);
    expect(algoProgress(s)).toMatchObject({ filled: 5n, avgPx: 101n });
    expect(await positionSize(ex, t.who.address, 1)).toBe('5');
  });

  it('comes back paused (interrupted) at its price after a restart; resume keeps the same order until it fills', async () => {
    await makerOrder(true, '95');
    const t = await algoTrader(ex, stateDir(), { sessions });
    const started = await t.runner.startChase({ contract: 'SOL1', side: 'buy', size: '5', maxDistance: '10', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    await makerOrder(true, '96');
    await t.advance(1_000);
    expect(started.value.chasePx).toBe(96n);
    const cloid = started.value.children[0]!.cloid;

    // The process dies; the next one reads the file.
    const next = await t.restart();
    expect(next.recovery.interrupted).toEqual([started.value.plan.id]);
    const s = next.runner.get(started.value.plan.id)!;
    expect(statusText(s)).toBe('paused (interrupted)');
    expect(s.chasePx).toBe(96n);

    // Meanwhile the bid moved again; resume follows it with the same order.
    await makerOrder(true, '97');
    expect((await next.runner.resume(s.plan.id)).ok).toBe(true);
    expect(s.chasePx).toBe(97n);
    expect(s.children.map((c) => c.cloid)).toEqual([cloid]);

    // A seller takes the maker's 97 and ours behind it: the next look finds it filled.
    const taker = await tradingAccount(ex);
    exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '97', size: '6', tif: 'Ioc' }]), taker.key));
    await next.advance(1_000);
    expect(s.status).toBe('done');
    expect(s.reason).toBe('filled 5 of 5');
    expect(await positionSize(ex, t.who.address, 1)).toBe('5');
    expect(t.orderRequests).toEqual([1]);
  });

  it('a move the guards refuse pauses the chase with the reason, its order left where it was', async () => {
    await makerOrder(true, '95');
    const t = await algoTrader(ex, stateDir(), { sessions, settings: { guards: { maxNotional: '480' } } });
    const started = await t.runner.startChase({ contract: 'SOL1', side: 'buy', size: '5', maxDistance: '10', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    // 5 at 95 is 475; at 97 it would be 485.
    await makerOrder(true, '97');
    await t.advance(1_000);
    expect(s.status).toBe('paused');
    expect(s.reason).toMatch(/^move to 97: refused before signing: notional .* guard \(guards\.maxNotional\)$/);
    expect((await lookups(ex, t.who, [s.children[0]!.cloid]))[0]).toMatchObject({ status: 'open', order: { limitPx: '95' } });
    expect(await t.runner.cancel(s.plan.id)).toMatchObject({ ok: true, value: { status: 'cancelled' } });
    expect((await lookups(ex, t.who, [s.children[0]!.cloid]))[0]?.status).toBe('canceled');
  });
});
