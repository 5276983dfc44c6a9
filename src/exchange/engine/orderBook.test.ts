import { describe, expect, it } from 'vitest';
import { benchEngine } from './bench.js';
import { checkInvariants } from './invariants.js';
import { ENGINE_ERRORS, OrderBook } from './orderBook.js';
import { mulberry32, Prng } from './prng.js';
import type { ModifyChanges, PlaceRequest, Tif } from './types.js';

let nextOid = 1;
function req(owner: string, isBuy: boolean, px: bigint | undefined, sz: bigint, tif: Tif = 'Gtc', extra: Partial<PlaceRequest> = {}): PlaceRequest {
  return { oid: nextOid++, owner, isBuy, px, sz, tif, reduceOnly: false, ...extra };
}

/** Asks at 101 (a:5, b:5), 102 (c:10), 105 (d:20); bids at 99 (e:5), 98 (f:10). */
function seeded(): { book: OrderBook; oids: Record<string, number> } {
  const book = new OrderBook();
  const oids: Record<string, number> = {};
  const put = (name: string, isBuy: boolean, px: bigint, sz: bigint) => {
    const r = book.place(req(name, isBuy, px, sz), 1);
    expect(r.status).toBe('resting');
    oids[name] = r.oid;
  };
  put('a', false, 101n, 5n);
  put('b', false, 101n, 5n);
  put('c', false, 102n, 10n);
  put('d', false, 105n, 20n);
  put('e', true, 99n, 5n);
  put('f', true, 98n, 10n);
  return { book, oids };
}

describe('OrderBook basics', () => {
  it('rests orders and reports best prices and aggregated depth', () => {
    const { book } = seeded();
    expect(book.bestBid()).toBe(99n);
    expect(book.bestAsk()).toBe(101n);
    expect(book.depth(2)).toEqual({
      bids: [
        { px: 99n, sz: 5n, n: 1 },
        { px: 98n, sz: 10n, n: 1 },
      ],
      asks: [
        { px: 101n, sz: 10n, n: 2 },
        { px: 102n, sz: 10n, n: 1 },
      ],
    });
    expect(book.size).toBe(6);
    expect(book.levelCount(false)).toBe(3);
    expect([...book.levels(true)].map((l) => l.px)).toEqual([99n, 98n]);
    expect([...book.orders(false)].map((o) => o.owner)).toEqual(['a', 'b', 'c', 'd']);
    checkInvariants(book);
  });

  it('matches price-time: best price first, FIFO within a level, at maker prices', () => {
    const { book, oids } = seeded();
    const r = book.place(req('t', true, 102n, 12n, 'Gtc', { cloid: '77' }), 2);
    expect(r.status).toBe('filled');
    expect(r.fills.map((f) => [f.makerOwner, f.px, f.sz, f.makerRemaining])).toEqual([
      ['a', 101n, 5n, 0n],
      ['b', 101n, 5n, 0n],
      ['c', 102n, 2n, 8n],
    ]);
    expect(r.fills[0]).toMatchObject({ makerOid: oids.a, takerOid: r.oid, takerOwner: 't', takerIsBuy: true, takerCloid: '77' });
    expect(r.filledSz).toBe(12n);
    expect(r.notional).toBe(5n * 101n + 5n * 101n + 2n * 102n);
    expect(book.get(oids.c!)).toMatchObject({ sz: 8n, filled: 2n, origSz: 10n });
    expect(book.get(oids.a!)).toBeUndefined();
    expect(book.bestAsk()).toBe(102n);
    checkInvariants(book);
  });

  it('Gtc partial fill rests the remainder at its limit', () => {
    const { book } = seeded();
    const r = book.place(req('t', true, 101n, 14n), 3);
    expect(r.status).toBe('resting');
    expect(r.filledSz).toBe(10n);
    expect(r.rested).toMatchObject({ px: 101n, sz: 4n, filled: 10n, origSz: 14n, time: 3, tif: 'Gtc' });
    expect(book.bestBid()).toBe(101n);
    expect(book.bestAsk()).toBe(102n);
    checkInvariants(book);
  });

  it('Ioc fills what crosses and cancels the rest', () => {
    const { book } = seeded();
    const r = book.place(req('t', false, 99n, 8n, 'Ioc'), 4);
    expect(r.status).toBe('partial-canceled');
    expect(r.filledSz).toBe(5n);
    expect(r.canceledSz).toBe(3n);
    expect(r.rested).toBeUndefined();
    expect(book.bestBid()).toBe(98n);
    const none = book.place(req('t', false, 100n, 8n, 'Ioc'), 4);
    expect(none.status).toBe('canceled');
    expect(none.canceledSz).toBe(8n);
    const full = book.place(req('t', false, 98n, 10n, 'Ioc'), 4);
    expect(full.status).toBe('filled');
    expect(book.size).toBe(4);
    checkInvariants(book);
  });

  it('Alo is rejected when it would cross and rests otherwise', () => {
    const { book } = seeded();
    const bad = book.place(req('t', true, 101n, 1n, 'Alo'), 5);
    expect(bad).toMatchObject({ status: 'rejected', reason: 'post only order would cross', fills: [] });
    expect(ENGINE_ERRORS.postOnlyWouldCross).toBe('post only order would cross');
    expect(book.place(req('t', false, 99n, 1n, 'Alo'), 5).status).toBe('rejected');
    const ok = book.place(req('t', true, 100n, 1n, 'Alo'), 5);
    expect(ok.status).toBe('resting');
    expect(ok.rested?.tif).toBe('Alo');
    expect(book.bestBid()).toBe(100n);
    checkInvariants(book);
  });

  it('market order walks several levels and cancels what the book cannot fill', () => {
    const { book } = seeded();
    const r = book.place(req('t', true, undefined, 50n, 'Market'), 6);
    expect(r.fills.map((f) => f.px)).toEqual([101n, 101n, 102n, 105n]);
    expect(r.filledSz).toBe(40n);
    expect(r.canceledSz).toBe(10n);
    expect(r.status).toBe('partial-canceled');
    expect(r.notional).toBe(10n * 101n + 10n * 102n + 20n * 105n);
    expect(book.bestAsk()).toBeUndefined();
    checkInvariants(book);
  });

  it('market order honours a protective limit price', () => {
    const { book } = seeded();
    const r = book.place(req('t', true, 102n, 50n, 'Market'), 6);
    expect(r.filledSz).toBe(20n);
    expect(r.canceledSz).toBe(30n);
    expect(book.bestAsk()).toBe(105n);
    expect(book.bestBid()).toBe(99n);
  });

  it('simulate computes fill size, avg price numerator and worst price without mutating', () => {
    const { book } = seeded();
    const before = book.depth();
    const s = book.simulate(true, 25n);
    expect(s).toEqual({ filledSz: 25n, avgPxNumerator: 10n * 101n + 10n * 102n + 5n * 105n, levelsTouched: 3, worstPx: 105n });
    expect(book.simulate(true, 100n, 102n)).toEqual({ filledSz: 20n, avgPxNumerator: 10n * 101n + 10n * 102n, levelsTouched: 2, worstPx: 102n });
    expect(book.simulate(false, 7n)).toEqual({ filledSz: 7n, avgPxNumerator: 5n * 99n + 2n * 98n, levelsTouched: 2, worstPx: 98n });
    expect(book.simulate(true, 5n, 100n)).toEqual({ filledSz: 0n, avgPxNumerator: 0n, levelsTouched: 0, worstPx: undefined });
    // Own orders are skipped: 'a' would be expired, not filled.
    expect(book.simulate(true, 6n, undefined, 'a')).toMatchObject({ filledSz: 6n, avgPxNumerator: 5n * 101n + 1n * 102n });
    expect(book.depth()).toEqual(before);
    // The simulated numbers agree with what the real order then does.
    const r = book.place(req('t', true, undefined, 25n, 'Market'), 7);
    expect(r.notional).toBe(s.avgPxNumerator);
  });

  it('self-trade expires the resting maker and keeps matching behind it', () => {
    const { book, oids } = seeded();
    const r = book.place(req('a', true, 101n, 8n), 8);
    expect(r.expired.map((o) => o.oid)).toEqual([oids.a]);
    expect(r.fills).toHaveLength(1);
    expect(r.fills[0]).toMatchObject({ makerOwner: 'b', sz: 5n });
    expect(r.status).toBe('resting');
    expect(r.rested).toMatchObject({ sz: 3n, px: 101n });
    expect(book.get(oids.a!)).toBeUndefined();
    expect(book.bestAsk()).toBe(102n);
    checkInvariants(book);
    // Only own orders at the touch: all expire, the taker rests, the book stays uncrossed.
    const book2 = new OrderBook();
    book2.place(req('x', false, 50n, 2n), 1);
    book2.place(req('x', false, 51n, 2n), 1);
    const r2 = book2.place(req('x', true, 52n, 1n), 2);
    expect(r2.expired).toHaveLength(2);
    expect(r2.status).toBe('resting');
    expect(book2.bestAsk()).toBeUndefined();
    checkInvariants(book2);
  });

  it('rejects malformed requests', () => {
    const book = new OrderBook();
    expect(book.place(req('t', true, 10n, 0n), 1).reason).toBe('size must be positive');
    expect(book.place(req('t', true, 0n, 1n), 1).reason).toBe(ENGINE_ERRORS.priceNotPositive);
    expect(book.place(req('t', true, undefined, 1n, 'Gtc'), 1).reason).toBe(ENGINE_ERRORS.priceRequired);
    const ok = book.place(req('t', true, 10n, 1n), 1);
    expect(book.place({ ...req('t', true, 10n, 1n), oid: ok.oid }, 1).reason).toBe(ENGINE_ERRORS.duplicateOid);
    expect(book.size).toBe(1);
  });

  it('assigns oids from an injected counter when the request has none', () => {
    let n = 1000;
    const book = new OrderBook({ nextOid: () => n++ });
    const r1 = book.place({ owner: 'a', isBuy: true, px: 5n, sz: 1n, tif: 'Gtc', reduceOnly: false }, 1);
    const r2 = book.place({ owner: 'a', isBuy: true, px: 5n, sz: 1n, tif: 'Gtc', reduceOnly: true, cloid: 'c1' }, 1);
    expect([r1.oid, r2.oid]).toEqual([1000, 1001]);
    expect(book.get(1001)?.reduceOnly).toBe(true);
    expect(book.findByCloid('a', 'c1')?.oid).toBe(1001);
    expect(book.findByCloid('b', 'c1')).toBeUndefined();
  });

  it('cancel and cancelAll remove orders and empty levels', () => {
    const { book, oids } = seeded();
    expect(book.cancel(oids.a!)).toMatchObject({ owner: 'a', sz: 5n });
    expect(book.cancel(oids.a!)).toBeUndefined();
    expect(book.depth(1).asks).toEqual([{ px: 101n, sz: 5n, n: 1 }]);
    book.place(req('b', true, 97n, 1n), 2);
    expect(book.ordersOf('b').map((o) => o.px)).toEqual([101n, 97n]);
    expect(book.cancelAll('b').map((o) => o.px)).toEqual([101n, 97n]);
    expect(book.ordersOf('b')).toEqual([]);
    expect(book.bestAsk()).toBe(102n);
    checkInvariants(book);
  });
});

describe('OrderBook.modify', () => {
  /** Three asks at 101 from p, q, r (FIFO in that order). */
  function queue(): { book: OrderBook; p: number; q: number; r: number } {
    const book = new OrderBook();
    const p = book.place(req('p', false, 101n, 10n, 'Gtc', { cloid: 'cp' }), 1).oid;
    const q = book.place(req('q', false, 101n, 10n), 1).oid;
    const r = book.place(req('r', false, 101n, 10n), 1).oid;
    book.place(req('z', true, 90n, 10n), 1);
    return { book, p, q, r };
  }
  const firstMaker = (book: OrderBook): number => book.place(req('t', true, 101n, 1n, 'Ioc'), 9).fills[0]!.makerOid;

  it('same price and smaller size keeps queue position', () => {
    const { book, p } = queue();
    const m = book.modify(p, { newTotalSz: 4n }, 5);
    expect(m).toMatchObject({ ok: true, requeued: false, order: { sz: 4n, origSz: 4n, time: 1 } });
    expect(book.depth(1).asks[0]).toEqual({ px: 101n, sz: 24n, n: 3 });
    expect(firstMaker(book)).toBe(p);
    checkInvariants(book);
  });

  it('new total counts the already-filled part', () => {
    const { book, p } = queue();
    firstMaker(book); // p filled 1
    expect(book.modify(p, { newTotalSz: 1n }, 5)).toEqual({ ok: false, error: 'new size must exceed already-filled amount' });
    expect(book.modify(p, { newTotalSz: 0n }, 5)).toEqual({ ok: false, error: ENGINE_ERRORS.modifySizeNotAboveFilled });
    const m = book.modify(p, { newTotalSz: 3n }, 5);
    expect(m).toMatchObject({ ok: true, requeued: false, order: { sz: 2n, filled: 1n, origSz: 3n } });
    expect(firstMaker(book)).toBe(p);
    checkInvariants(book);
  });

  it.each<[string, ModifyChanges]>([
    ['size increase', { newTotalSz: 11n }],
    ['tif change', { tif: 'Alo' as const }],
    ['cloid change', { cloid: 'new' }],
    ['price change and back', { px: 102n }],
  ])('%s moves the order to the back of its level', (_name, ch) => {
    const { book, p, q, r } = queue();
    const m = book.modify(p, ch, 7);
    expect(m).toMatchObject({ ok: true, requeued: true, order: { time: 7 } });
    if (ch.px !== undefined) {
      expect(book.get(p)?.px).toBe(102n);
      expect(book.modify(p, { px: 101n }, 8).ok).toBe(true);
    }
    expect([...book.orders(false)].map((o) => o.oid)).toEqual([q, r, p]);
    expect(firstMaker(book)).toBe(q);
    checkInvariants(book);
  });

  it('unchanged tif/cloid values do not cost the queue place', () => {
    const { book, p } = queue();
    expect(book.modify(p, { tif: 'Gtc', cloid: 'cp', px: 101n, newTotalSz: 10n }, 5)).toMatchObject({ ok: true, requeued: false });
    expect(firstMaker(book)).toBe(p);
  });

  it('cloid change updates the cloid index', () => {
    const { book, p } = queue();
    book.modify(p, { cloid: 'cp2' }, 5);
    expect(book.findByCloid('p', 'cp')).toBeUndefined();
    expect(book.findByCloid('p', 'cp2')?.oid).toBe(p);
    checkInvariants(book);
  });

  it('refuses a marketable price, leaving the order untouched', () => {
    const { book, p } = queue();
    const before = { ...book.get(p)! };
    expect(book.modify(p, { px: 90n }, 5)).toEqual({
      ok: false,
      error: 'modified price is marketable (would cross the book); cancel and place a new order instead',
    });
    expect(book.modify(p, { px: 85n }, 5).ok).toBe(false);
    expect(book.get(p)).toEqual(before);
    expect(book.modify(p, { px: 91n }, 5).ok).toBe(true);
    expect(book.bestAsk()).toBe(91n);
    checkInvariants(book);
  });

  it('reports unknown orders and non-resting tifs', () => {
    const { book, p } = queue();
    expect(book.modify(424242, { px: 100n }, 5)).toEqual({ ok: false, error: 'orderId not found' });
    expect(book.modify(p, { tif: 'Ioc' as never }, 5)).toEqual({ ok: false, error: 'modify supports resting TIF only (GTC / POST_ONLY)' });
  });
});

describe('prng and bench', () => {
  it('mulberry32 is deterministic and in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
    }
    const p = new Prng(1);
    for (let i = 0; i < 1000; i++) {
      const v = p.range(-2, 2);
      expect(v >= -2 && v <= 2 && Number.isInteger(v)).toBe(true);
    }
    expect(() => p.pick([])).toThrow();
  });

  it('benchEngine runs a deterministic mix', () => {
    const r1 = benchEngine(5_000);
    const r2 = benchEngine(5_000);
    expect(r1.ops).toBe(5_000);
    expect(r1.opsPerSec).toBeGreaterThan(0);
    expect([r1.restingAtEnd, r1.fills]).toEqual([r2.restingAtEnd, r2.fills]);
    expect(r1.fills).toBeGreaterThan(0);
  });
});
