import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from '../../src/feed/coalescer.js';
import type { FeedBatch } from '../../src/feed/batch.js';
import { createAppStore, storeSink } from '../../src/state/store.js';
import { book, fill, order, trade } from './fixtures.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function collect(opts: { intervalMs?: number; caps?: Record<string, number> } = {}) {
  const batches: FeedBatch[] = [];
  const c = new Coalescer({ sink: (b) => batches.push(b), ...opts });
  return { c, batches };
}

describe('Coalescer', () => {
  it('with interval 0 (the naive baseline) sends one batch per message, without timers', () => {
    const { c, batches } = collect({ intervalMs: 0 });
    c.book(book(1, 10, '99'));
    c.trades([trade(1, 1)]);
    c.book(book(1, 11, '100'));
    expect(batches).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps only the latest book and bbo per contract, by time', () => {
    const { c, batches } = collect();
    c.book(book(1, 10, '99'));
    c.book(book(1, 12, '100'));
    c.book(book(1, 11, '98')); // older: a REST snapshot overtaken by the stream
    c.book(book(2, 5));
    c.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.books.get(1)!.levels[0][0]!.px).toBe('100');
    expect(batches[0]!.books.get(2)!.time).toBe(5);
  });

  it('deduplicates trades by tid and fills by (tid, oid), across flushes too', () => {
    const { c, batches } = collect();
    c.trades([trade(1), trade(2)]);
    c.trades([trade(2), trade(3)]);
    c.fills([fill(1, 10), fill(1, 11)]); // both sides of a self-trade
    c.fills([fill(1, 10)]);
    c.flush();
    c.push({ channel: 'trades', data: [trade(3), trade(4)] });
    c.push({ channel: 'userFills', data: { isSnapshot: true, fills: [fill(1, 10), fill(2, 10)] } });
    c.flush();
    expect(batches[0]!.trades.get(1)!.map((t) => t.tid)).toEqual([1, 2, 3]);
    expect(batches[0]!.fills.map((f) => `${f.tid}:${f.oid}`)).toEqual(['1:10', '1:11']);
    expect(batches[1]!.trades.get(1)!.map((t) => t.tid)).toEqual([4]);
    expect(batches[1]!.fills.map((f) => `${f.tid}:${f.oid}`)).toEqual(['2:10']);
  });

  it('remembers the newest trade ids, which a resubscribe repeats, and forgets older ones', () => {
    const { c, batches } = collect({ caps: { seenTradeIds: 100 } });
    c.trades(Array.from({ length: 300 }, (_, i) => trade(i)));
    c.flush();
    // The stream drops; the snapshot after the resubscribe repeats the last trades before it.
    c.trades([trade(295), trade(299), trade(300)]);
    c.flush();
    expect(batches[1]!.trades.get(1)!.map((t) => t.tid)).toEqual([300]);
    // An id past the capacity is forgotten: the set is bounded by it.
    c.trades([trade(5)]);
    c.flush();
    expect(batches[2]!.trades.get(1)!.map((t) => t.tid)).toEqual([5]);
  });

  it('caps buffered trades and fills between flushes', () => {
    const { c, batches } = collect({ caps: { trades: 5, fills: 3 } });
    c.trades(Array.from({ length: 50 }, (_, i) => trade(i)));
    c.fills(Array.from({ length: 50 }, (_, i) => fill(i)));
    c.flush();
    expect(batches[0]!.trades.get(1)!.map((t) => t.tid)).toEqual([45, 46, 47, 48, 49]);
    expect(batches[0]!.fills.map((f) => f.tid)).toEqual([47, 48, 49]);
  });

  it('merges open orders by oid; a snapshot resets what came before it in the window', () => {
    const { c, batches } = collect();
    c.openOrders({ isSnapshot: false, orders: [order(1), order(2)] });
    c.openOrders({ isSnapshot: false, orders: [order(2, { sz: '0.5' })], removed: [1] });
    c.flush();
    const d = batches[0]!.openOrders!;
    expect(d.snapshot).toBeUndefined();
    expect([...d.removed]).toEqual([1]);
    expect([...d.upserts.keys()]).toEqual([2]);
    expect(d.upserts.get(2)!.sz).toBe('0.5');

    c.openOrders({ isSnapshot: false, orders: [order(9)] });
    c.openOrders({ isSnapshot: true, orders: [order(3), order(4)] });
    c.openOrders({ isSnapshot: false, orders: [order(5)], removed: [3] });
    c.flush();
    expect([...batches[1]!.openOrders!.snapshot!.keys()].sort()).toEqual([4, 5]);
  });

  it('merges candles by bar open time', () => {
    const { c, batches } = collect();
    const bar = (t: number, close: string) => ({ t, T: t + 59_999, o: '1', h: '2', l: '1', c: close, v: '3', n: 1 });
    c.candles(1, '1m', [bar(0, '1'), bar(60_000, '1')]);
    c.push({ channel: 'candle', data: { ...bar(60_000, '1.5'), contractId: 1, interval: '1m', closed: false } });
    c.flush();
    const m = batches[0]!.candles.get('1:1m')!;
    expect([...m.keys()]).toEqual([0, 60_000]);
    expect(m.get(60_000)!.c).toBe('1.5');
  });

  it('flushes on its timer, once per interval, and not at all when idle', async () => {
    const { c, batches } = collect({ intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toHaveLength(0);
    c.trades([trade(1)]);
    await vi.advanceTimersByTimeAsync(99);
    expect(batches).toHaveLength(0);
    c.trades([trade(2)]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.trades.get(1)!.length).toBe(2);
  });

  it('under 10,000 messages/s makes at most one store update per flush interval', async () => {
    const store = createAppStore();
    let updates = 0;
    store.subscribe(() => updates++);
    const c = new Coalescer({ sink: storeSink(store), intervalMs: 100 });
    const seconds = 3;
    let tid = 0;
    // 10 messages every millisecond: book snapshots, trades, bbo, order updates and fills.
    for (let ms = 0; ms < seconds * 1000; ms++) {
      for (let k = 0; k < 10; k++) {
        tid++;
        switch (k % 5) {
          case 0:
            c.push({ channel: 'l2Book', data: book(1, tid) });
            break;
          case 1:
            c.push({ channel: 'trades', data: [trade(tid)] });
            break;
          case 2:
            c.push({ channel: 'bbo', data: { contractId: 1, time: tid, bid: { px: '100', sz: '1', n: 1 }, ask: null } });
            break;
          case 3:
            c.push({ channel: 'openOrders', data: { isSnapshot: false, orders: [order(Math.floor(tid / 10) % 20)] } });
            break;
          default:
            c.push({ channel: 'userFills', data: { isSnapshot: false, fills: [fill(tid)] } });
        }
      }
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(tid).toBe(seconds * 10_000);
    expect(updates).toBeLessThanOrEqual((seconds * 1000) / 100 + 1);
    expect(updates).toBeGreaterThanOrEqual((seconds * 1000) / 100 - 1);
    const s = store.getState();
    // Every book repeats the same levels, so the first one shown stays and only its time moves.
    expect(s.market.feedTimes[1]).toBe(tid - 2); // the last bbo pushed (k = 7 of the last millisecond)
    expect(s.market.books[1]!.time).toBeLessThanOrEqual(1000); // from the first flush
    expect(s.market.trades[1]!.length).toBe(500);
    expect(s.orders.fills.length).toBe(1000);
    expect(Object.keys(s.orders.open).length).toBe(20);
  });
});
