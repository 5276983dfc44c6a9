/**
 * Property tests: random place/cancel/modify sequences on a narrow price range
 * (so orders cross often) are run against the engine and against a naive
 * reference book that re-sorts everything on each step. Both must agree on
 * every result and every resting order, the engine's invariants must hold
 * after every step, and quantities must be conserved per order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants.js';
import { ENGINE_ERRORS, OrderBook } from './orderBook.js';
import type { Fill, ModifyChanges, PlaceRequest, RestingTif, Tif } from './types.js';

interface RefOrder {
  oid: number;
  owner: string;
  isBuy: boolean;
  px: bigint;
  sz: bigint;
  origSz: bigint;
  filled: bigint;
  tif: RestingTif;
  cloid: string | undefined;
  seq: number;
}

/** Deliberately simple: a flat array, sorted by priority whenever needed. */
class RefBook {
  orders: RefOrder[] = [];
  seq = 0;

  side(isBuy: boolean): RefOrder[] {
    return this.orders
      .filter((o) => o.isBuy === isBuy)
      .sort((a, b) => (a.px === b.px ? a.seq - b.seq : (isBuy ? a.px < b.px : a.px > b.px) ? 1 : -1));
  }

  crosses(isBuy: boolean, px: bigint): boolean {
    const best = this.side(!isBuy)[0];
    return best !== undefined && (isBuy ? px >= best.px : px <= best.px);
  }

  place(r: PlaceRequest): { fills: Fill[]; expired: number[]; status: string; reason?: string } {
    if (r.tif === 'Alo' && this.crosses(r.isBuy, r.px!)) {
      return { fills: [], expired: [], status: 'rejected', reason: ENGINE_ERRORS.postOnlyWouldCross };
    }
    const fills: Fill[] = [];
    const expired: number[] = [];
    let left = r.sz;
    for (const m of this.side(!r.isBuy)) {
      if (left === 0n) break;
      if (r.px !== undefined && (r.isBuy ? m.px > r.px : m.px < r.px)) break;
      if (m.owner === r.owner) {
        expired.push(m.oid);
        this.orders = this.orders.filter((o) => o !== m);
        continue;
      }
      const q = m.sz < left ? m.sz : left;
      m.sz -= q;
      m.filled += q;
      left -= q;
      fills.push({
        makerOid: m.oid,
        makerOwner: m.owner,
        takerOid: r.oid!,
        takerOwner: r.owner,
        px: m.px,
        sz: q,
        takerIsBuy: r.isBuy,
        makerRemaining: m.sz,
        makerCloid: m.cloid,
        takerCloid: r.cloid,
      });
      if (m.sz === 0n) this.orders = this.orders.filter((o) => o !== m);
    }
    const filled = r.sz - left;
    if (left === 0n) return { fills, expired, status: 'filled' };
    if (r.tif === 'Ioc' || r.tif === 'Market') return { fills, expired, status: filled > 0n ? 'partial-canceled' : 'canceled' };
    this.orders.push({
      oid: r.oid!,
      owner: r.owner,
      isBuy: r.isBuy,
      px: r.px!,
      sz: left,
      origSz: r.sz,
      filled,
      tif: r.tif,
      cloid: r.cloid,
      seq: ++this.seq,
    });
    return { fills, expired, status: 'resting' };
  }

  cancel(oid: number): RefOrder | undefined {
    const o = this.orders.find((x) => x.oid === oid);
    this.orders = this.orders.filter((x) => x !== o);
    return o;
  }

  modify(oid: number, ch: ModifyChanges): string | undefined {
    const o = this.orders.find((x) => x.oid === oid);
    if (o === undefined) return ENGINE_ERRORS.orderNotFound;
    const total = ch.newTotalSz ?? o.origSz;
    if (total <= o.filled) return ENGINE_ERRORS.modifySizeNotAboveFilled;
    const px = ch.px ?? o.px;
    if (px !== o.px && this.crosses(o.isBuy, px)) return ENGINE_ERRORS.modifyMarketable;
    const keep = px === o.px && total <= o.origSz && (ch.tif ?? o.tif) === o.tif && (ch.cloid ?? o.cloid) === o.cloid;
    o.sz = total - o.filled;
    o.origSz = total;
    o.px = px;
    o.tif = ch.tif ?? o.tif;
    o.cloid = ch.cloid ?? o.cloid;
    if (!keep) o.seq = ++this.seq;
    return undefined;
  }
}

type Op =
  | { kind: 'place'; owner: number; isBuy: boolean; px: number; sz: number; tif: Tif; cloid: number | null }
  | { kind: 'cancel'; pick: number }
  | { kind: 'modify'; pick: number; px: number | null; sz: number | null; tif: RestingTif | null; cloid: number | null };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      owner: fc.integer({ min: 0, max: 2 }),
      isBuy: fc.boolean(),
      px: fc.integer({ min: 1, max: 10 }),
      sz: fc.integer({ min: 1, max: 10 }),
      tif: fc.constantFrom<Tif>('Gtc', 'Gtc', 'Ioc', 'Alo', 'Market'),
      cloid: fc.option(fc.integer({ min: 0, max: 3 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('modify' as const),
      pick: fc.nat(),
      // Half the fields absent, so no-op and size-only modifies are common.
      px: fc.option(fc.integer({ min: 1, max: 10 }), { freq: 1 }),
      sz: fc.option(fc.integer({ min: 0, max: 15 }), { freq: 1 }),
      tif: fc.option(fc.constantFrom<RestingTif>('Gtc', 'Alo'), { freq: 1 }),
      cloid: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 1 }),
    }),
  },
);

interface Acct {
  origSz: bigint;
  takerFilled: bigint;
  makerFilled: bigint;
  canceled: bigint;
}

function run(ops: Op[]): void {
  const book = new OrderBook();
  const ref = new RefBook();
  const acct = new Map<number, Acct>();
  const oids: number[] = [];
  let oid = 0;
  let now = 0;
  const snapshot = (isBuy: boolean) =>
    [...book.orders(isBuy)].map((o) => [o.oid, o.owner, o.px, o.sz, o.origSz, o.filled, o.tif, o.cloid ?? null]);
  const refSnapshot = (isBuy: boolean) =>
    ref.side(isBuy).map((o) => [o.oid, o.owner, o.px, o.sz, o.origSz, o.filled, o.tif, o.cloid ?? null]);

  for (const op of ops) {
    now++;
    if (op.kind === 'place') {
      const r: PlaceRequest = {
        oid: ++oid,
        owner: `o${op.owner}`,
        isBuy: op.isBuy,
        // Markets alternate between no limit and a protective limit.
        px: op.tif === 'Market' && op.px % 2 === 0 ? undefined : BigInt(op.px),
        sz: BigInt(op.sz),
        tif: op.tif,
        reduceOnly: false,
        cloid: op.cloid === null ? undefined : `c${op.cloid}`,
      };
      const got = book.place(r, now);
      const want = ref.place(r);
      expect(got.status).toBe(want.status);
      expect(got.reason).toBe(want.reason);
      expect(got.fills).toEqual(want.fills);
      expect(got.expired.map((o) => o.oid)).toEqual(want.expired);
      let sum = 0n;
      let notional = 0n;
      for (const f of got.fills) {
        expect(f.sz > 0n).toBe(true);
        expect(f.makerOwner).not.toBe(f.takerOwner);
        if (r.px !== undefined) expect(r.isBuy ? f.px <= r.px : f.px >= r.px).toBe(true);
        sum += f.sz;
        notional += f.sz * f.px;
        acct.get(f.makerOid)!.makerFilled += f.sz;
      }
      expect([got.filledSz, got.notional]).toEqual([sum, notional]);
      for (const e of got.expired) acct.get(e.oid)!.canceled += e.sz;
      if (got.status !== 'rejected') {
        acct.set(r.oid!, { origSz: r.sz, takerFilled: sum, makerFilled: 0n, canceled: got.canceledSz });
        oids.push(r.oid!);
      }
    } else if (op.kind === 'cancel') {
      if (oids.length === 0) continue;
      const target = oids[op.pick % oids.length]!;
      const got = book.cancel(target);
      const want = ref.cancel(target);
      expect(got?.oid).toBe(want?.oid);
      if (got !== undefined) acct.get(target)!.canceled += got.sz;
    } else {
      if (oids.length === 0) continue;
      const target = oids[op.pick % oids.length]!;
      const ch: ModifyChanges = {
        px: op.px === null ? undefined : BigInt(op.px),
        newTotalSz: op.sz === null ? undefined : BigInt(op.sz),
        tif: op.tif ?? undefined,
        cloid: op.cloid === null ? undefined : `c${op.cloid}`,
      };
      const got = book.modify(target, ch, now);
      const wantErr = ref.modify(target, ch);
      expect(got.ok ? undefined : got.error).toBe(wantErr);
      if (got.ok) acct.get(target)!.origSz = got.order.origSz;
    }

    checkInvariants(book);
    expect(snapshot(true)).toEqual(refSnapshot(true));
    expect(snapshot(false)).toEqual(refSnapshot(false));
    const bb = book.bestBid();
    const ba = book.bestAsk();
    if (bb !== undefined && ba !== undefined) expect(bb < ba).toBe(true);
  }

  let takerTotal = 0n;
  let makerTotal = 0n;
  for (const [id, a] of acct) {
    const resting = book.get(id);
    const restSz = resting?.sz ?? 0n;
    expect(a.origSz).toBe(a.takerFilled + a.makerFilled + restSz + a.canceled);
    if (resting !== undefined) expect(resting.filled).toBe(a.takerFilled + a.makerFilled);
    takerTotal += a.takerFilled;
    makerTotal += a.makerFilled;
  }
  expect(takerTotal).toBe(makerTotal);
}

describe('OrderBook properties', () => {
  it('matches a naive reference book, never crosses, conserves quantity', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 120 }), (ops) => {
        run(ops);
      }),
      { numRuns: 400, seed: 20240601 },
    );
  });

  it('holds with unseeded runs too', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        run(ops);
      }),
      { numRuns: 200 },
    );
  });
});
