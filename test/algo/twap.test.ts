import { statSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { algoHostOf, algoProgress, AlgoRunner, type AlgoState } from '../../src/algo/index.js';
import { build } from '../../src/protocol/wire/index.js';
import type { Session } from '../../src/session/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { algoSession, positionSize, tradingAccount } from './support/algoAccount.js';
import { ManualClock } from './support/manualClock.js';

/**
 * TWAP against the embedded exchange over loopback, its clock driven through the control
 * route: another account rests asks at 100, the TWAP buys through them with Ioc slices
 * priced at the top of its band.
 */
let ex: TestExchange;
let maker: Registered;
const sessions: Session[] = [];
const stateDir = tempDirs('perpdesk-algo-');

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  maker = await tradingAccount(ex, '8000000000');
  const rested = exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: '300', tif: 'Gtc' }]), maker.key));
  expect(rested.statuses[0]).toHaveProperty('resting');
});

afterEach(async () => {
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  for (const s of sessions.splice(0)) await s.close();
});

afterAll(async () => {
  await ex?.close();
});

async function trader(settings = {}) {
  const who = await tradingAccount(ex);
  const session = await algoSession(ex, who);
  sessions.push(session);
  const clock = new ManualClock(ex);
  const dir = stateDir();
  const runner = new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: dir, settings, scheduler: clock, recheckMs: 20_000 });
  await runner.start();
  const advance = (ms: number) => clock.advance(ms, () => runner.idle());
  return { who, session, clock, runner, advance, dir };
}

const filledOf = (s: AlgoState) => s.children.reduce((sum, c) => sum + (c.answer?.filled ?? 0n), 0n);

describe('TWAP', () => {
  it('a 10-minute TWAP runs its 10 slices, each in its slot, and fills the total', async () => {
    const t = await trader({ guards: { maxDistancePct: '5' } });
    const started = await t.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '50', durationMs: 600_000, slices: 10, bandPct: '2', sizeJitterPct: 20, timeJitterPct: 30, seed: 7 });
    if (!started.ok) throw new Error(started.error);
    const algo = started.value;
    expect(algo.plan).toMatchObject({ arrivalMark: 100n, bandLow: 98n, bandHigh: 102n, intervalMs: 60_000, total: 50n });
    for (let i = 0; i < 22 && algo.status === 'running'; i++) await t.advance(30_000);

    expect(algo.status).toBe('done');
    expect(algo.reason).toBe('filled 50 of 50');
    expect(algo.children).toHaveLength(10);
    expect(algo.skipped).toEqual([]);
    const start = algo.plan.createdAt;
    algo.children.forEach((c, k) => {
      expect(c.slice).toBe(k);
      // In its slot, no later than 30% of an interval into it.
      expect(c.sentAt).toBeGreaterThanOrEqual(start + k * 60_000);
      expect(c.sentAt).toBeLessThanOrEqual(start + k * 60_000 + 18_000 + 1_000);
      expect(c.price).toBe(102n);
      expect(c.answer).toMatchObject({ status: 'filled', avgPx: 100n, source: 'answer' });
    });
    // Randomised within ±20% of the even share (5), the last slice taking what remains.
    const sizes = algo.children.map((c) => c.size);
    expect(new Set(sizes).size).toBeGreaterThan(1);
    for (const s of sizes.slice(0, -1)) expect(s >= 4n && s <= 6n).toBe(true);
    expect(filledOf(algo)).toBe(50n);
    expect(algoProgress(algo)).toMatchObject({ filled: 50n, total: 50n, avgPx: 100n, slippageBps: 0n, slicesSent: 10, avgIsBound: false });
    expect(await positionSize(ex, t.who.address, 1)).toBe('50');
    expect(t.clock.pending()).toBe(0);

    // The same seed draws the same schedule: a restart recomputes it rather than replays it.
    const again = await trader();
    const twin = await again.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '50', durationMs: 600_000, slices: 10, bandPct: '2', sizeJitterPct: 20, timeJitterPct: 30, seed: 7 });
    if (!twin.ok) throw new Error(twin.error);
    await again.advance(20_000);
    expect(twin.value.children[0]?.size).toBe(sizes[0]);
    // The same delay into the slot (the exchange's clock also runs in real time meanwhile).
    expect(Math.abs(twin.value.children[0]!.sentAt - twin.value.plan.createdAt - (algo.children[0]!.sentAt - start))).toBeLessThan(1_000);
    await again.runner.cancel(twin.value.plan.id);
  });

  it('no slice goes out while the mark is outside the band; the slices after make up the skipped share', async () => {
    const t = await trader();
    const started = await t.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '40', durationMs: 240_000, slices: 4, bandPct: '2', sizeJitterPct: 0, timeJitterPct: 0, seed: 1 });
    if (!started.ok) throw new Error(started.error);
    const algo = started.value;
    // The first slice goes at once.
    expect(algo.children).toHaveLength(1);
    expect(algo.children[0]?.answer).toMatchObject({ status: 'filled', filled: 10n });

    await ex.control({ type: 'setIndexPrice', contractId: 1, px: '150' });
    await t.advance(60_000);
    expect(algo.waiting).toBe('mark 150 is outside the band 98–102');
    expect(algo.children).toHaveLength(1);
    await t.advance(120_000);
    expect(algo.children).toHaveLength(1);
    expect(algo.skipped.map((k) => [k.slice, k.reason])).toEqual([
      [1, 'mark 150 is outside the band 98–102'],
      [2, 'mark 150 is outside the band 98–102'],
    ]);

    await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
    await t.advance(60_000);
    expect(algo.status).toBe('done');
    expect(algo.children.map((c) => [c.slice, c.size])).toEqual([
      [0, 10n],
      [3, 30n],
    ]);
    expect(filledOf(algo)).toBe(40n);
    expect(await positionSize(ex, t.who.address, 1)).toBe('40');
  });

  it('a child the guards refuse pauses the algo with the reason, and nothing is sent', async () => {
    const t = await trader({ guards: { maxNotional: '100' } });
    const started = await t.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '20', durationMs: 120_000, slices: 2, bandPct: '2', sizeJitterPct: 0, timeJitterPct: 0, seed: 1 });
    if (!started.ok) throw new Error(started.error);
    const algo = started.value;
    expect(algo.status).toBe('paused');
    expect(algo.reason).toMatch(/^slice 1: refused before signing: notional .* is above the .* guard \(guards\.maxNotional\)$/);
    expect(algo.children).toEqual([]);
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
    expect(t.clock.pending()).toBe(0);
  });

  it('a reduce-only TWAP with no position to reduce pauses on the first slice with the blocker, as a manual order is refused', async () => {
    const t = await trader();
    const started = await t.runner.startTwap({ contract: 'SOL1', side: 'sell', size: '10', durationMs: 120_000, slices: 2, bandPct: '2', timeJitterPct: 0, seed: 1, reduceOnly: true });
    if (!started.ok) throw new Error(started.error);
    expect(started.value).toMatchObject({ status: 'paused', children: [] });
    expect(started.value.reason).toBe('slice 1: refused before signing: reduce-only with no long position to reduce: turn reduce-only off');
  });

  it('keeps its file private (0600 in a 0700 directory) and refuses one open to others', async () => {
    const t = await trader();
    const started = await t.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '2', durationMs: 60_000, slices: 1, bandPct: '2', seed: 1 });
    if (!started.ok) throw new Error(started.error);
    expect(statSync(t.runner.path).mode & 0o777).toBe(0o600);
    expect(statSync(t.dir).mode & 0o777).toBe(0o700);
    const { chmodSync, readFileSync } = await import('node:fs');
    expect(readFileSync(t.runner.path, 'utf8')).not.toContain(t.who.key.slice(2));
    chmodSync(t.runner.path, 0o644);
    expect(() => new AlgoRunner({ host: algoHostOf(t.session), stateDir: t.dir, settings: {} })).toThrow(/permissions .*open to other users.*chmod 600/);
  });

  it('refuses a plan it cannot keep, before writing anything', async () => {
    const t = await trader();
    expect(await t.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '1.5', durationMs: 60_000, slices: 2, bandPct: '2' })).toMatchObject({ ok: false });
    expect(await t.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '10', durationMs: 10_000, slices: 20, bandPct: '2' })).toMatchObject({ ok: false, error: expect.stringMatching(/less than 1s apart/) });
    expect(await t.runner.startTwap({ contract: 'NOPE', side: 'buy', size: '10', durationMs: 60_000, slices: 2, bandPct: '2' })).toMatchObject({ ok: false, error: 'no active contract named NOPE' });
    expect(t.runner.list()).toEqual([]);
  });
  it('after a suspension it sends one slice for the missed time, not a burst, and spaces the rest from then', async () => {
    const t = await trader();
    const started = await t.runner.startTwap({ contract: 'SOL1', side: 'buy', size: '6', durationMs: 60_000, slices: 6, bandPct: '2', sizeJitterPct: 0, timeJitterPct: 0, seed: 1 });
    if (!started.ok) throw new Error(started.error);
    const algo = started.value;
    expect(algo.children).toHaveLength(1);
    // The process sleeps through three slots (no timer fires), then wakes.
    await ex.control({ type: 'advanceTime', ms: 35_000 });
    const woke = t.clock.now();
    await t.advance(0);
    expect(algo.children).toHaveLength(2);
    const base = algo.base;
    expect(base.slice).toBe(1);
    expect(base.at).toBeGreaterThanOrEqual(woke);
    expect(base.at).toBeLessThanOrEqual(algo.children[1]!.sentAt);
    for (let i = 0; i < 10 && algo.status === 'running'; i++) await t.advance(10_000);
    expect(algo).toMatchObject({ status: 'done', reason: 'filled 6 of 6' });
    const sent = algo.children.map((c) => c.sentAt);
    expect(sent).toHaveLength(6);
    // Slice k+1 in its slot counted from the wake-up: an interval apart, none bunched.
    for (let k = 1; k < sent.length; k++) expect(sent[k]!).toBeGreaterThanOrEqual(base.at + (k - 1) * 10_000);
    // A restart keeps the new base.
    const again = new AlgoRunner({ host: algoHostOf(t.session, { refresh: true }), stateDir: t.dir, settings: {}, scheduler: t.clock });
    await again.start();
    expect(again.get(algo.plan.id)?.base).toEqual(base);
  });
});
