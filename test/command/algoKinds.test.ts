import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAlgoFile } from '../../src/algo/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { positionSize, tradingAccount } from '../algo/support/algoAccount.js';
import { lookups } from '../algo/support/algoTrader.js';
import { isOrderRequest, startHoldingProxy, type HoldingProxy } from '../algo/support/holdingProxy.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { type CliResult } from './support/runCli.js';
import { algoCliUser, algoEvents, type AlgoRowJson } from './support/algoCli.js';

/**
 * `perpdesk algo scale|chase|trail` spawned as a user runs them, against the embedded
 * exchange over loopback, and killed (SIGKILL) in the middle: the next process finds each
 * algo paused (interrupted), the exchange's orders show every child once, and resume
 * finishes it. The market is moved through the control route (index price) and a maker
 * account's orders; the commands reach the exchange through a proxy that can hold one
 * request in flight, so a kill lands exactly between "sent" and "answered".
 */
let ex: TestExchange;
let proxy: HoldingProxy;
let maker: Registered;

interface OrderJson {
  oid: number;
  cloid?: string;
  limitPx: string;
  sz: string;
  origSz: string;
}

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  proxy = await startHoldingProxy(ex.url);
  maker = await tradingAccount(ex, '8000000000');
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await ex?.close();
});

async function rest(who: Registered, isBuy: boolean, price: string, size: string, tif: 'Gtc' | 'Ioc' = 'Gtc'): Promise<unknown> {
  return exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy, price, size, tif }]), who.key)).statuses[0];
}

async function openOrders(who: Registered): Promise<OrderJson[]> {
  return (await ex.info<OrderJson[]>({ type: 'userOrders', user: who.address, marketDeployerId: 1 })).body;
}

/** A funded trader with a key file whose commands go through the proxy; its state directory. */
async function cliUser() {
  const { who, home, cli, start } = await algoCliUser(ex, proxy.url);
  const stateDir = path.join(home, '.state', 'perpdesk');
  /** The algo as its file has it (no lock, as `algo list` reads it). */
  const fileAlgo = () => readAlgoFile(stateDir).algos[0]!;
  return { who, home, cli, start, fileAlgo };
}


const lastOf = (r: CliResult) => algoEvents(r.stdout).at(-1)!;
const listedOne = (r: CliResult) => (r.json as { owner: number | null; algos: AlgoRowJson[] }).algos[0]!;

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Every child the file names, looked up on the exchange: each cloid once, none sent twice;
 * a child settled absent (its request never arrived) is nowhere on the exchange.
 */
async function childrenOnExchange(u: Awaited<ReturnType<typeof cliUser>>) {
  const children = u.fileAlgo().children;
  const cloids = children.map((c) => c.cloid);
  expect(new Set(cloids).size).toBe(cloids.length);
  const found = await lookups(ex, u.who, cloids);
  const arrived = children.filter((c) => c.answer?.status !== 'absent').map((c) => c.cloid);
  expect(found.map((l) => l.order.cloid).sort()).toEqual(arrived.sort());
  return found;
}

describe('perpdesk algo scale, chase and trail', () => {
  it('scale: the dry run shows each order, the total and the average; a kill with a batch in flight leaves it to be read back, never sent again; one that never arrived is placed again under new cloids', async () => {
    const u = await cliUser();
    const words = ['algo', 'scale', 'buy', '25', 'SOL1', '--orders', '25', '--from', '99', '--to', '75'];
    const dry = await u.cli([...words, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const plan = dry.json as { algo: { total: string; avgPx: string }; orders: { order: number; size: string; price: string }[] };
    expect(plan.algo).toMatchObject({ kind: 'scale', total: '25', avgPx: '87' });
    expect(plan.orders).toEqual(Array.from({ length: 25 }, (_, i) => ({ order: i + 1, size: '1', price: String(99 - i) })));
    // Without --yes and no terminal to ask on, the confirm step refuses, showing what it asked about.
    const unconfirmed = await u.cli([...words, '--json']);
    expect(unconfirmed.code).toBe(4);
    expect((unconfirmed.json as { request: string[] }).request).toEqual(expect.arrayContaining(['  order 25  buy 1 @ 75', 'total 25 at an average 87']));
    expect(await openOrders(u.who)).toEqual([]);

    // Orders 11 to 20 leave in the second request: it is held, the process killed, and only
    // then does the request reach the exchange, its answer lost with the process.
    const held = proxy.holdNext(isOrderRequest, 1);
    const run = u.start([...words, '--yes', '--json']);
    const second = await held;
    run.child.kill('SIGKILL');
    expect((await run.closed).signal).toBe('SIGKILL');
    await second.forward();
    const id = u.fileAlgo().plan.id;

    const list = await u.cli(['algo', 'list']);
    expect(listedOne(list)).toMatchObject({ id, status: 'paused', state: 'paused (interrupted)', interrupted: true, filled: '0', total: '25', slicesSent: 20, slices: 25 });
    expect(await openOrders(u.who)).toHaveLength(20);

    // The resume settles orders 11 to 20 from the exchange (they rest: not sent again) and
    // sends 21 to 25; that request is held and dropped with the process, so it never arrives.
    const third = proxy.holdNext(isOrderRequest);
    const resuming = u.start(['algo', 'resume', id, '--yes', '--json']);
    await third;
    resuming.child.kill('SIGKILL');
    await resuming.closed;
    expect(await openOrders(u.who)).toHaveLength(20);

    const resumed = await u.cli(['algo', 'resume', id, '--yes', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`${id} was left running by a process that ended`);
    // Every order placed and resting: working (not done) until they fill or are cancelled.
    expect(lastOf(resumed)).toMatchObject({ event: 'end', algo: { id, status: 'working', slicesSent: 25 } });
    // 30 children: 25 orders on the book, and 5 settled absent, their cloids spent, sent again under new ones.
    const children = u.fileAlgo().children;
    expect(children).toHaveLength(30);
    expect(children.filter((c) => c.answer?.status === 'absent').map((c) => c.slice)).toEqual([20, 21, 22, 23, 24]);
    const found = await childrenOnExchange(u);
    expect(found).toHaveLength(25);
    const book = await openOrders(u.who);
    expect(book.map((o) => o.limitPx).sort()).toEqual(plan.orders.map((o) => o.price).sort());
    expect(book.reduce((s, o) => s + BigInt(o.sz), 0n)).toBe(25n);
    // Its bids leave the book to the chase below.
    exchangeData(await ex.signedPost(build.cancelAll(1), u.who.key));
  }, 60_000);

  it('chase: killed after it moved with the book, found paused on the order it left; resume follows on and crosses at its limit, the total filled once', async () => {
    const u = await cliUser();
    expect(await rest(maker, false, '100', '50')).toHaveProperty('resting');
    expect(await rest(maker, true, '97', '1')).toHaveProperty('resting');
    const run = u.start(['algo', 'chase', 'buy', '2', 'SOL1', '--max-distance', '1', '--at-limit', 'cross', '--interval', '250ms', '--yes', '--json']);
    await until('the chase order to rest at 97', () => run.lines().some((e) => e.algo.slicesSent === 1 && e.algo.status === 'running'));
    expect(await rest(maker, true, '98', '1')).toHaveProperty('resting');
    await until('the chase order to follow to 98', async () => (await openOrders(u.who)).some((o) => o.limitPx === '98'));
    run.child.kill('SIGKILL');
    await run.closed;
    const id = run.lines()[0]!.algo.id;

    expect(listedOne(await u.cli(['algo', 'list']))).toMatchObject({ id, state: 'paused (interrupted)', filled: '0', total: '2', slicesSent: 1 });
    expect(await openOrders(u.who)).toMatchObject([{ limitPx: '98', sz: '2' }]);

    // The bid moves past its limit (97 + 1): the chase cancels its order and crosses for the rest.
    expect(await rest(maker, true, '99', '1')).toHaveProperty('resting');
    const resumed = await u.cli(['algo', 'resume', id, '--yes', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(lastOf(resumed)).toMatchObject({ event: 'end', algo: { id, status: 'done', filled: '2', total: '2', avgPx: '100' } });
    const found = await childrenOnExchange(u);
    expect(found.map((l) => [l.status, l.order.limitPx])).toEqual([
      ['canceled', '98'],
      ['filled', '100'],
    ]);
    expect(await positionSize(ex, u.who.address, 1)).toBe('2');
    expect(await openOrders(u.who)).toEqual([]);
  }, 60_000);

  it('trail: the dry run shows where it fires; killed after its best mark rose, resume trails from that best and closes the position once', async () => {
    // A one-sided book (bids only once the trader has bought the ask), so the mark is the index.
    exchangeData(await ex.signedPost(build.cancelAll(1), maker.key));
    const u = await cliUser();
    expect(await rest(maker, false, '100', '3')).toHaveProperty('resting');
    expect(await rest(maker, true, '95', '10')).toHaveProperty('resting');
    expect(await rest(u.who, true, '100', '3', 'Ioc')).toHaveProperty('filled');
    expect(await positionSize(ex, u.who.address, 1)).toBe('3');
    await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });

    const words = ['algo', 'trail', 'SOL1', '--distance', '2', '--interval', '250ms', '--through-ticks', '5'];
    const dry = await u.cli([...words, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json).toMatchObject({ dryRun: true, algo: { kind: 'trailingStop', side: 'sell', total: '3', startMark: '100', triggerPx: '98' } });

    const run = u.start([...words, '--yes', '--json']);
    await until('the trailing stop to start', () => run.lines().length > 0);
    await ex.control({ type: 'setIndexPrice', contractId: 1, px: '104' });
    await until('its best mark to reach 104', () => u.fileAlgo().bestMark === 104n);
    run.child.kill('SIGKILL');
    await run.closed;
    const id = run.lines()[0]!.algo.id;
    expect(listedOne(await u.cli(['algo', 'list']))).toMatchObject({ id, state: 'paused (interrupted)', filled: '0', total: '3', slicesSent: 0 });

    // 101 is above the start's trigger (98) but below the best's (102): only a stop that
    // kept its best fires here. Its Ioc sells down to 5 ticks through the mark (96): a bid
    // at 97 meets it, the one at 95 is beyond its limit.
    expect(await rest(maker, true, '97', '3')).toHaveProperty('resting');
    await ex.control({ type: 'setIndexPrice', contractId: 1, px: '101' });
    const resumed = await u.cli(['algo', 'resume', id, '--yes', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(lastOf(resumed)).toMatchObject({ event: 'end', algo: { id, status: 'done', filled: '3', total: '3', avgPx: '97' } });
    expect(lastOf(resumed).algo.reason).toContain('best 104');
    const found = await childrenOnExchange(u);
    expect(found.map((l) => [l.status, l.order.limitPx, l.order.origSz])).toEqual([['filled', '96', '3']]);
    expect(await positionSize(ex, u.who.address, 1)).toBe('0');
  }, 60_000);
});
