import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { algoProgress, statusText } from '../../src/algo/index.js';
import { build } from '../../src/protocol/wire/index.js';
import type { Session } from '../../src/session/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { positionSize, tradingAccount } from './support/algoAccount.js';
import { algoTrader, lookups, type AlgoTrader } from './support/algoTrader.js';

/**
 * Trailing stop against the embedded exchange: the trader holds a long of 5 bought at 100,
 * the mark is moved through the control route (`setIndexPrice`), and another account's bids
 * at 90 take the closing Ioc.
 */
let ex: TestExchange;
let maker: Registered;
const sessions: Session[] = [];
const stateDir = tempDirs('perpdesk-trail-');

beforeEach(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: '5', tif: 'Gtc' }]), maker.key));
});

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
  await ex?.close();
});

/** A trader long 5 at 100, with bids at 90 to close into. */
async function longTrader(): Promise<AlgoTrader> {
  const t = await algoTrader(ex, stateDir(), { sessions });
  const bought = await t.session.exchange.order([{ contractId: 1, isBuy: true, price: '100', size: '5', tif: 'Ioc' }]);
  expect(bought.ok).toBe(true);
  expect(await positionSize(ex, t.who.address, 1)).toBe('5');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '90', size: '20', tif: 'Gtc' }]), maker.key));
  return t;
}
const mark = (px: string) => ex.control({ type: 'setIndexPrice', contractId: 1, px });

describe('trailing stop', () => {
  it('trails the best mark and fires once, at the retrace, with a reduce-only Ioc through the mark; a restart never fires it again', async () => {
    const t = await longTrader();
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', distance: '5', throughTicks: 20, intervalMs: 1_000, boundPercent: '20' });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    expect(s.plan).toMatchObject({ kind: 'trailingStop', isBuy: false, total: 5n, startMark: 100n, trailDistance: 5n });
    expect(s.children).toEqual([]);

    for (const [px, best] of [['104', 104n], ['106', 106n], ['103', 106n], ['102', 106n]] as const) {
      await mark(px);
      await t.advance(1_000);
      expect(s.bestMark).toBe(best);
      expect(s.children).toEqual([]);
    }
    expect(s.waiting).toBe('mark 102, best 106: fires at 101');
    await mark('101');
    await t.advance(1_000);
    expect(s.status).toBe('done');
    expect(s.reason).toBe('fired at mark 101 (best 106): closed 5 of 5; the position is closed');
    // 20 ticks through the bid (90), within the 20 % bound (80.8 -> 81).
    expect(s.children.map((c) => [c.isBuy, c.size, c.price, c.reduceOnly, c.answer?.status])).toEqual([[false, 5n, 81n, true, 'filled']]);
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
    // The best mark was written each time it improved, and only then.
    const bests = readFileSync(t.runner.path, 'utf8').split('\n').filter((l) => l.includes('"type":"best"'));
    expect(bests.map((l) => JSON.parse(l).mark)).toEqual(['104', '106']);

    const next = await t.restart();
    expect(next.recovery).toEqual({ interrupted: [], settled: [], unsettled: [], malformed: 0, compacted: [], repeated: [] });
    await mark('90');
    await next.advance(5_000);
    expect(next.runner.get(s.plan.id)).toMatchObject({ status: 'done', children: [expect.anything()] });
    expect(t.orderRequests).toEqual([1]);
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
  });

  it('killed after its close was sent but before the answer was written: settled by cloid, and resume does not fire again', async () => {
    const t = await longTrader();
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', percent: '2', throughTicks: 20, intervalMs: 1_000, boundPercent: '20' });
    if (!started.ok) throw new Error(started.error);
    const id = started.value.plan.id;
    await mark('110');
    await t.advance(1_000);
    // 2% below 110 is 107.8: 108 holds, 107 fires.
    await mark('108');
    await t.advance(1_000);
    expect(started.value.children).toEqual([]);
    await mark('107');
    await t.advance(1_000);
    expect(started.value.status).toBe('done');
    const cloid = started.value.children[0]!.cloid;
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');

    // The file as a kill right after the send leaves it: the child line, no answer, no end.
    const lines = readFileSync(t.runner.path, 'utf8').split('\n').filter((l) => l !== '');
    const childAt = lines.findIndex((l) => l.includes('"type":"child"'));
    writeFileSync(t.runner.path, `${lines.slice(0, childAt + 1).join('\n')}\n`);

    const next = await t.restart();
    expect(next.recovery.interrupted).toEqual([id]);
    expect(next.recovery.settled).toEqual([{ id, cloid, answer: expect.objectContaining({ status: 'filled', filled: 5n, source: 'exchange' }) }]);
    const s = next.runner.get(id)!;
    expect(statusText(s)).toBe('paused (interrupted)');
    expect(s.bestMark).toBe(110n);
    expect((await next.runner.resume(id)).ok).toBe(true);
    expect(s.status).toBe('done');
    expect(s.reason).toBe('fired at mark 107 (best 110): closed 5 of 5; the position is closed');
    await next.advance(5_000);
    expect(t.orderRequests).toEqual([1]);
    expect((await lookups(ex, t.who, [cloid])).map((l) => l.status)).toEqual(['filled']);
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
  });

  it('a restart before it fires trails from the best mark written down, not from the start', async () => {
    const t = await longTrader();
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', distance: '3', throughTicks: 20, intervalMs: 1_000, boundPercent: '20' });
    if (!started.ok) throw new Error(started.error);
    await mark('108');
    await t.advance(1_000);
    const next = await t.restart();
    const s = next.runner.get(started.value.plan.id)!;
    expect(statusText(s)).toBe('paused (interrupted)');
    expect(s.bestMark).toBe(108n);
    // 105 is 5 above the start but 3 below the best: it fires on resume.
    await mark('105');
    expect((await next.runner.resume(s.plan.id)).ok).toBe(true);
    expect(s.status).toBe('done');
    expect(s.reason).toBe('fired at mark 105 (best 108): closed 5 of 5; the position is closed');
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
  });

  it('refuses without a position to trail', async () => {
    const t = await algoTrader(ex, stateDir(), { sessions });
    expect(await t.runner.startTrailingStop({ contract: 'SOL1', distance: '5' })).toMatchObject({ ok: false, error: 'no open position on SOL1 to trail' });
  });
});

/**
 * A stop is done only when its job is done (issue 31): it works until the position it
 * protects is closed, through a spread wider than its through-ticks, within a bound; and it
 * closes the position as it is when it fires.
 */
describe('a fired trailing stop closes the position', () => {
  const makerOrder = async (isBuy: boolean, price: string, size: string) => exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy, price, size, tif: 'Gtc' }]), maker.key));
  /** Long 5 at 100 with nothing to close into yet. */
  async function long5(): Promise<AlgoTrader> {
    const t = await algoTrader(ex, stateDir(), { sessions });
    expect((await t.session.exchange.order([{ contractId: 1, isBuy: true, price: '100', size: '5', tif: 'Ioc' }])).ok).toBe(true);
    expect(await positionSize(ex, t.who.address, 1)).toBe('5');
    return t;
  }
  /** Started with the defaults (5 ticks through, the 5 % bound), trailing by 6; the mark taken to 206. */
  async function trailAt206(t: AlgoTrader) {
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', distance: '6', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    await mark('206');
    await t.advance(1_000);
    expect(started.value.bestMark).toBe(206n);
    return started.value;
  }

  it('a spread wider than its through-ticks: each close goes through the bid as it is, until the position is closed', async () => {
    const t = await long5();
    const s = await trailAt206(t);
    // The bid 199 is 6 ticks under a mark of 200: 5 ticks through the mark never reaches it.
    await makerOrder(true, '199', '2');
    await mark('200');
    await t.advance(1_000);
    expect(await positionSize(ex, t.who.address, 1)).toBe('3');
    expect(s.status).toBe('running');
    expect(s.waiting).toBe('fired at mark 200 (best 206): 3 still open, closing again through the touch');
    // The book moves: the next close follows the bid down, within the bound (190).
    await makerOrder(true, '196', '3');
    await t.advance(1_000);
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
    expect(s.status).toBe('done');
    expect(s.reason).toBe('fired at mark 200 (best 206): closed 5 of 5; the position is closed');
    expect(s.children.map((c) => [c.isBuy, c.size, c.price, c.reduceOnly])).toEqual([
      [false, 5n, 194n, true],
      [false, 3n, 191n, true],
    ]);
  });

  it('the bound reached with size left: failed, saying how much is still open; never done', async () => {
    const t = await long5();
    const s = await trailAt206(t);
    // Nothing within 5 % of the mark it fires at (200: bound 190).
    await makerOrder(true, '185', '10');
    await mark('200');
    await t.advance(1_000);
    expect(await positionSize(ex, t.who.address, 1)).toBe('5');
    expect(s.status).toBe('failed');
    expect(s.reason).toBe('fired at mark 200 (best 206): closed 0 of 5; reached its bound 190 with 5 SOL1 still open');
    expect(s.children.map((c) => c.price)).toEqual([190n]);
    await t.advance(5_000);
    expect(t.orderRequests).toEqual([1]);
  });

  it('a position that grew after the start is closed as it is when the stop fires', async () => {
    const t = await long5();
    const s = await trailAt206(t);
    await makerOrder(false, '206', '2');
    expect((await t.session.exchange.order([{ contractId: 1, isBuy: true, price: '206', size: '2', tif: 'Ioc' }])).ok).toBe(true);
    expect(await positionSize(ex, t.who.address, 1)).toBe('7');
    await makerOrder(true, '199', '20');
    await mark('200');
    await t.advance(1_000);
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
    expect(algoProgress(s)).toMatchObject({ filled: 7n, total: 7n });
    expect(s.reason).toBe('fired at mark 200 (best 206): closed 7 of 7; the position is closed');
  });

  it('a position that flipped is closed in its own direction', async () => {
    const t = await long5();
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', distance: '6', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    await makerOrder(true, '100', '8');
    expect((await t.session.exchange.order([{ contractId: 1, isBuy: false, price: '100', size: '8', tif: 'Ioc' }])).ok).toBe(true);
    expect(await positionSize(ex, t.who.address, 1)).toBe('-3');
    await mark('106');
    await t.advance(1_000);
    await makerOrder(false, '101', '10');
    await mark('100');
    await t.advance(1_000);
    expect(await positionSize(ex, t.who.address, 1)).toBe('0');
    expect(s.status).toBe('done');
    expect(s.children.map((c) => [c.isBuy, c.size, c.reduceOnly])).toEqual([[true, 3n, true]]);
    expect(s.reason).toBe('fired at mark 100 (best 106): closed 3 of 3; the position is closed');
  });

  it('resumed with no position left: ends saying so, sends nothing', async () => {
    const t = await long5();
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', distance: '6', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    const next = await t.restart();
    const s = next.runner.get(started.value.plan.id)!;
    expect(statusText(s)).toBe('paused (interrupted)');
    await makerOrder(true, '100', '5');
    expect((await t.session.exchange.order([{ contractId: 1, isBuy: false, price: '100', size: '5', tif: 'Ioc' }])).ok).toBe(true);
    expect((await next.runner.resume(s.plan.id)).ok).toBe(true);
    expect(s.status).toBe('done');
    expect(s.reason).toBe('no SOL1 position left to protect: ended on resume');
    await mark('50');
    await next.advance(5_000);
    expect(s.children).toEqual([]);
    expect(t.orderRequests).toEqual([]);
  });

  it('a pause reason that starts with "paused:" is said once (never "paused: paused: …")', async () => {
    const t = await long5();
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', distance: '6', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    expect((await t.runner.pause(started.value.plan.id, 'paused: the dashboard running it was closed; resume it in the Algos pane')).ok).toBe(true);
    expect(started.value.reason).toBe('the dashboard running it was closed; resume it in the Algos pane');
  });

  it("another account's algo on the same state directory is archived: not interrupted, not resumed", async () => {
    const t = await long5();
    const started = await t.runner.startTrailingStop({ contract: 'SOL1', distance: '6', intervalMs: 1_000 });
    if (!started.ok) throw new Error(started.error);
    expect(started.value.plan.account).toBe(t.who.address.toLowerCase());
    const other = await algoTrader(ex, t.dir, { sessions });
    expect(other.runner.get(started.value.plan.id)?.status).toBe('running');
    expect(other.runner.mine(other.runner.get(started.value.plan.id)!)).toBe(false);
    const refused = await other.runner.resume(started.value.plan.id);
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining('archived, not resumed') });
    expect(await other.runner.cancel(started.value.plan.id)).toMatchObject({ ok: false, error: expect.stringContaining('archived, read-only') });
  });
});
