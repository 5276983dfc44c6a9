import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, signAction, type Hex } from '../../src/protocol/index.js';
import { build, ServerMessage, type Fill, type OpenOrdersMessage, type OrderUpdate } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { act, one, oidOf, positionOf, trader, type Trader } from './traders.js';
import { WsTestClient, type WsMessage } from './wsTestClient.js';

let ex: TestExchange;
let mm: Trader;
let tk: Trader;

const SOL = 1;
const sell = (price: string, size: string) => ({ contractId: SOL, isBuy: false, price, size });
const buy = (price: string, size: string) => ({ contractId: SOL, isBuy: true, price, size });

function authMsg(key: Hex): unknown {
  const nonce = ex.nextNonce(addressOf(key));
  const action = { type: 'wsAuth', time: ex.running.core.clock.now() };
  return { method: 'auth', auth: { action, nonce, signature: signAction(action, nonce, key) } };
}

/** Every message must be a valid ServerMessage of the shared wire module. */
async function client(key?: Hex): Promise<WsTestClient> {
  const c = await WsTestClient.open(ex.wsUrl);
  if (key) expect((await c.request(authMsg(key), (m) => m.channel === 'auth')).data).toMatchObject({ ok: true });
  return c;
}
const subscribe = (c: WsTestClient, subscription: unknown) => c.request({ method: 'subscribe', subscription }, (m) => m.channel === 'subscriptionResponse' || m.channel === 'error');
const valid = (c: WsTestClient) => c.messages.forEach((m) => v.parse(ServerMessage, m));
const on = <T>(channel: string, pred: (d: T) => boolean = () => true) => (m: WsMessage) => m.channel === channel && pred(m.data as T);

beforeAll(async () => {
  ex = await startTestExchange();
  [mm, tk] = [await trader(ex, 9_000n), await trader(ex, 9_000n)];
});
afterAll(() => ex.close());

describe('market channels', () => {
  it('l2Book and bbo: a snapshot after the ack, then a full book every block', async () => {
    const c = await client();
    const snap = c.next(on('l2Book'));
    expect((await subscribe(c, { type: 'l2Book', contractId: SOL })).channel).toBe('subscriptionResponse');
    expect((await snap).data).toMatchObject({ contractId: SOL, levels: [[], []] });
    await subscribe(c, { type: 'bbo', contractId: SOL });
    const withLevel = c.next(on<{ levels: [{ px: string }[], unknown[]] }>('l2Book', (d) => d.levels[0][0]?.px === '149'));
    const touch = c.next(on<{ bid: { px: string } | null }>('bbo', (d) => d.bid?.px === '149'));
    await one(ex, mm, buy('149', '3'));
    expect((await withLevel).data).toMatchObject({ levels: [[{ px: '149', sz: '3', n: 1 }], []] });
    expect((await touch).data).toMatchObject({ bid: { px: '149', sz: '3', n: 1 }, ask: null });
    await act(ex, mm, build.cancelAll(SOL));
    valid(c);
    c.close();
  });

  it('trades carry a unique tid and the taker side; candles update live and report closed bars', async () => {
    const c = await client();
    // Bars from here on: before it lies the exchange's seeded back-history.
    const from = ex.running.core.clock.now();
    await subscribe(c, { type: 'trades', contractId: SOL });
    await subscribe(c, { type: 'candle', contractId: SOL, interval: '1m' });
    const live = c.next(on<{ closed: boolean; n: number }>('candle', (d) => !d.closed));
    await one(ex, mm, sell('151', '2'));
    await one(ex, tk, buy('151', '1'));
    await one(ex, tk, buy('151', '1'));
    // Trades go out while the order is handled; anything sent before the pong has arrived by then.
    await c.request({ method: 'ping' }, on('pong'));
    const trades = c.messages.filter(on('trades')).map((m) => m.data as { tid: number }[]);
    expect(trades).toEqual([
      [{ contractId: SOL, tid: expect.any(Number), px: '151', sz: '1', side: 'B', time: expect.any(Number) }],
      [{ contractId: SOL, tid: expect.any(Number), px: '151', sz: '1', side: 'B', time: expect.any(Number) }],
    ]);
    expect(trades[1]![0]!.tid).toBeGreaterThan(trades[0]![0]!.tid);
    expect((await live).data).toMatchObject({ contractId: SOL, interval: '1m', o: '151', c: '151', closed: false });
    const closed = c.next(on<{ closed: boolean }>('candle', (d) => d.closed));
    await ex.control({ type: 'advanceTime', ms: 60_000 });
    expect((await closed).data).toMatchObject({ interval: '1m', o: '151', h: '151', l: '151', c: '151', v: '2', n: 2, closed: true });
    const bars = (await ex.info<{ n: number }[]>({ type: 'candleSnapshot', contractId: SOL, interval: '1m', startTime: from, endTime: ex.running.core.clock.now() })).body;
    expect(bars).toEqual([expect.objectContaining({ o: '151', v: '2', n: 2 })]);
    valid(c);
    c.close();
  });

  it('config reports share-group freezes', async () => {
    const c = await client();
    await subscribe(c, { type: 'config' });
    const ev = c.next(on('config'));
    await ex.control({ type: 'freezeShareGroup', groupId: 1, frozen: true });
    expect((await ev).data).toEqual({ event: 'freeze', groupId: 1, time: expect.any(Number) });
    const ev2 = c.next(on('config'));
    await ex.control({ type: 'freezeShareGroup', groupId: 1, frozen: false });
    expect((await ev2).data).toMatchObject({ event: 'unfreeze', groupId: 1 });
    c.close();
  });
});

describe('private channels', () => {
  it('before auth a private subscription is answered with an error message', async () => {
    const c = await client();
    const r = await subscribe(c, { type: 'userFills' });
    expect(r).toMatchObject({ channel: 'error', data: { message: expect.stringContaining('auth') } });
    c.close();
  });

  it('openOrders: snapshot first, then upserts and removals', async () => {
    const a = oidOf(await one(ex, tk, buy('120', '2')));
    const c = await client(tk.key);
    const snap = c.next(on('openOrders'));
    await subscribe(c, { type: 'openOrders' });
    expect((await snap).data).toEqual({ isSnapshot: true, orders: [expect.objectContaining({ oid: a, sz: '2', limitPx: '120' })] });
    const added = c.next(on<OpenOrdersMessage>('openOrders', (d) => !d.isSnapshot));
    const b = oidOf(await one(ex, tk, buy('121', '1')));
    expect((await added).data).toEqual({ isSnapshot: false, orders: [expect.objectContaining({ oid: b, sz: '1' })] });
    const partial = c.next(on<OpenOrdersMessage>('openOrders', (d) => d.orders.some((o) => o.oid === a)));
    await one(ex, mm, { ...sell('120', '2'), tif: 'Ioc' }); // b (the better price) fills, then one of a
    expect((await partial).data).toEqual({ isSnapshot: false, orders: [expect.objectContaining({ oid: a, sz: '1', origSz: '2' })], removed: [b] });
    const removed = c.next(on<OpenOrdersMessage>('openOrders', (d) => (d.removed ?? []).includes(a)));
    await act(ex, tk, build.cancelAll(SOL));
    expect((await removed).data).toMatchObject({ isSnapshot: false, orders: [] });
    valid(c);
    c.close();
  });

  it('orderUpdates: new, partial fill, fill, modify, cancel, and TP/SL events', async () => {
    const c = await client(tk.key);
    await subscribe(c, { type: 'orderUpdates' });
    const collect = () => c.messages.filter((m) => m.channel === 'orderUpdates').flatMap((m) => m.data as OrderUpdate[]);
    const upd = (pred: (u: OrderUpdate) => boolean) => c.next(on<OrderUpdate[]>('orderUpdates', (d) => d.some(pred)));

    let wait = upd((u) => u.event === 'new');
    const oid = oidOf(await one(ex, tk, buy('130', '3')));
    await wait;
    wait = upd((u) => u.event === 'modify');
    await act(ex, tk, build.modify({ contractId: SOL, oid, size: '4' }));
    await wait;
    wait = upd((u) => u.event === 'partialFill');
    await one(ex, mm, { ...sell('130', '1'), tif: 'Ioc' });
    await wait;
    wait = upd((u) => u.event === 'fill');
    await one(ex, mm, { ...sell('130', '3'), tif: 'Ioc' });
    await wait;
    wait = upd((u) => u.event === 'cancel');
    const other = oidOf(await one(ex, tk, buy('100', '1')));
    await act(ex, tk, build.cancel([{ contractId: SOL, oid: other }]));
    await wait;
    wait = upd((u) => u.event === 'tpslCreated');
    const ids = await act<{ tpId: number }>(ex, tk, build.tpSl({ asset: SOL, tp: { triggerPx: '160' } }));
    await wait;
    const size = (await positionOf(ex, tk, SOL))!.size;
    await one(ex, mm, buy('158', size));
    wait = upd((u) => u.event === 'tpslTriggered');
    await ex.control({ type: 'setIndexPrice', contractId: SOL, px: '161' });
    await wait;
    await ex.control({ type: 'setIndexPrice', contractId: SOL, px: '150' });
    await act(ex, mm, build.cancelAll(SOL));

    const all = collect();
    const mine = all.filter((u) => u.order.oid === oid).map((u) => [u.event, u.status, u.order.sz]);
    expect(mine).toEqual([
      ['new', 'open', '3'],
      ['modify', 'open', '4'],
      ['partialFill', 'open', '3'],
      ['fill', 'filled', '0'],
    ]);
    expect(all.filter((u) => u.order.oid === other).map((u) => [u.event, u.status])).toEqual([
      ['new', 'open'],
      ['cancel', 'canceled'],
    ]);
    const tp = all.filter((u) => u.triggerId === ids.tpId);
    expect(tp.map((u) => [u.event, u.status])).toEqual([
      ['tpslCreated', 'open'],
      ['tpslTriggered', 'triggered'],
      ['fill', 'filled'],
    ]);
    expect(tp[0]!.order).toMatchObject({ oid: ids.tpId, isBuy: false, limitPx: '160', sz: size, reduceOnly: true });
    valid(c);
    c.close();
  });

  it('userFills: both sides of every fill, a snapshot of recent ones on subscribe', async () => {
    const [cm, ct] = [await client(mm.key), await client(tk.key)];
    await subscribe(cm, { type: 'userFills' });
    await subscribe(ct, { type: 'userFills' });
    const makerFill = cm.next(on<{ isSnapshot: boolean }>('userFills', (d) => !d.isSnapshot));
    const takerFill = ct.next(on<{ isSnapshot: boolean }>('userFills', (d) => !d.isSnapshot));
    const maker = oidOf(await one(ex, mm, { ...sell('152', '2'), cloid: '9001' }));
    const taker = oidOf(await one(ex, tk, buy('152', '2')));
    const m = ((await makerFill).data as { fills: Fill[] }).fills;
    const t = ((await takerFill).data as { fills: Fill[] }).fills;
    expect(m).toEqual([expect.objectContaining({ oid: maker, cloid: '9001', px: '152', sz: '2', isBuy: false, liquidity: 'maker', fee: '60800' })]);
    expect(t).toEqual([expect.objectContaining({ oid: taker, px: '152', sz: '2', isBuy: true, liquidity: 'taker', fee: '152000' })]);
    expect(m[0]!.tid).toBe(t[0]!.tid);
    // A new subscription starts with the recent fills, this one included.
    const later = await client(tk.key);
    const snap = later.next(on('userFills'));
    await subscribe(later, { type: 'userFills' });
    const recent = ((await snap).data as { isSnapshot: boolean; fills: Fill[] });
    expect(recent.isSnapshot).toBe(true);
    expect(recent.fills.map((f) => f.tid)).toContain(t[0]!.tid);
    for (const c of [cm, ct, later]) {
      valid(c);
      c.close();
    }
    exchangeData(await ex.signedPost(build.cancelAll(SOL), mm.key));
  });
});
