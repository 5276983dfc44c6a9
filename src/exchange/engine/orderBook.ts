/**
 * Order book and matching engine for ONE contract: pure, deterministic, no I/O
 * and no clock (the caller passes `now`). Price-time priority: best price
 * first, FIFO within a price.
 *
 * Policies the spec leaves to the venue (see also docs of each method):
 * - Self-trade prevention = "expire maker": when a taker meets a resting order
 *   of the same owner, that resting order is removed (reported in
 *   `PlaceResult.expired`, never filled) and matching continues behind it.
 *   Deterministic because it happens exactly where the FIFO walk meets it.
 * - Alo that would cross is rejected, never repriced.
 * - Margin, reduce-only sizing, tick/step/maxTicks and cloid uniqueness are
 *   checked by the caller before calling in (`findByCloid` and `simulate`
 *   exist for those checks). The book rejects only what would corrupt it.
 */
import { BookSide } from './bookSide.js';
import { OrderNode, type Level } from './orderNode.js';
import { OwnerIndex } from './ownerIndex.js';
import type {
  Depth,
  DepthLevel,
  Fill,
  ModifyChanges,
  ModifyResult,
  MutableOrder,
  PlaceRequest,
  PlaceResult,
  RestingOrder,
  SimResult,
} from './types.js';

/** Error and rejection texts; the modify ones are verbatim from spec 4.6. */
export const ENGINE_ERRORS = {
  sizeNotPositive: 'size must be positive',
  priceNotPositive: 'price must be positive',
  priceRequired: 'limit price required',
  badTif: 'unknown order type',
  badOid: 'invalid oid',
  /** Only resting oids are known to the book; never reusing oids is the caller's job. */
  duplicateOid: 'duplicate oid',
  /** Alo rejection; Hyperliquid-style wording. */
  postOnlyWouldCross: 'post only order would cross',
  orderNotFound: 'orderId not found',
  modifyTif: 'modify supports resting TIF only (GTC / POST_ONLY)',
  modifySizeNotAboveFilled: 'new size must exceed already-filled amount',
  modifyMarketable: 'modified price is marketable (would cross the book); cancel and place a new order instead',
} as const;

export interface OrderBookOptions {
  /** Source of oids for requests that omit one. Defaults to 1, 2, 3, ... */
  nextOid?: () => number;
}

export class OrderBook {
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly index = new Map<number, OrderNode>();
  private readonly owners = new OwnerIndex();
  private seq = 0;
  private readonly nextOid: () => number;

  constructor(opts: OrderBookOptions = {}) {
    let n = 0;
    this.nextOid = opts.nextOid ?? (() => ++n);
  }

  // ---- writes -------------------------------------------------------------

  /**
   * Gtc: match what crosses, rest the remainder. Ioc: match, cancel the rest.
   * Alo: rejected ('post only order would cross') if it would match at once,
   * else rests. Market: match with no limit, or with `px` as a protective
   * limit, and cancel the rest.
   */
  place(req: PlaceRequest, now: number): PlaceResult {
    const oid = req.oid ?? this.nextOid();
    if (!Number.isSafeInteger(oid)) return reject(-1, ENGINE_ERRORS.badOid);
    if (this.index.has(oid)) return reject(oid, ENGINE_ERRORS.duplicateOid);
    if (req.sz <= 0n) return reject(oid, ENGINE_ERRORS.sizeNotPositive);
    const tif = req.tif;
    if (tif !== 'Gtc' && tif !== 'Ioc' && tif !== 'Alo' && tif !== 'Market') {
      return reject(oid, ENGINE_ERRORS.badTif);
    }
    const px = req.px;
    if (px === undefined) {
      if (tif !== 'Market') return reject(oid, ENGINE_ERRORS.priceRequired);
    } else if (px <= 0n) return reject(oid, ENGINE_ERRORS.priceNotPositive);

    const isBuy = req.isBuy;
    if (tif === 'Alo' && this.wouldCross(isBuy, px!)) return reject(oid, ENGINE_ERRORS.postOnlyWouldCross);

    const fills: Fill[] = [];
    const expired: RestingOrder[] = [];
    const remaining = this.match(oid, req.owner, isBuy, req.cloid, req.sz, px, fills, expired);
    let filledSz = 0n;
    let notional = 0n;
    for (const f of fills) {
      filledSz += f.sz;
      notional += f.px * f.sz;
    }
    const res: PlaceResult = { oid, status: 'filled', fills, filledSz, notional, canceledSz: 0n, expired };
    if (remaining === 0n) return res;
    if (tif === 'Ioc' || tif === 'Market') {
      res.canceledSz = remaining;
      res.status = filledSz > 0n ? 'partial-canceled' : 'canceled';
      return res;
    }
    const o: MutableOrder = {
      oid,
      owner: req.owner,
      isBuy,
      px: px!,
      sz: remaining,
      origSz: req.sz,
      filled: filledSz,
      tif,
      reduceOnly: req.reduceOnly,
      cloid: req.cloid,
      time: now,
      seq: ++this.seq,
    };
    this.add(new OrderNode(o));
    res.status = 'resting';
    res.rested = o;
    return res;
  }

  /**
   * Puts a stored resting order back (a persistent store's start-up), behind those restored
   * before it at its price: restore in `seq` order, which the order keeps, so orders placed
   * later still queue behind it. Nothing matches; a restored book never crosses.
   */
  restore(o: RestingOrder): void {
    if (this.index.has(o.oid)) throw new Error(`order book: ${o.oid} is already on the book`);
    if (o.sz <= 0n || o.px <= 0n) throw new Error(`order book: stored order ${o.oid} has no size or price`);
    if (this.wouldCross(o.isBuy, o.px)) throw new Error(`order book: stored order ${o.oid} would cross the book`);
    if (o.seq > this.seq) this.seq = o.seq;
    this.add(new OrderNode({ ...o }));
  }

  /** Removes a resting order; returns it (with its remaining `sz`) or undefined. */
  cancel(oid: number): RestingOrder | undefined {
    const node = this.index.get(oid);
    if (node === undefined) return undefined;
    this.remove(node);
    return node.o;
  }

  /** Cancels every resting order of an owner, in placement order. */
  cancelAll(owner: string): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const node of this.owners.nodes(owner)) {
      this.remove(node);
      out.push(node.o);
    }
    return out;
  }

  /**
   * Book-level modify (spec 3.1 / 4.6). Same price with an equal or smaller
   * total keeps the queue place (reduced in place, `time` unchanged); a price
   * change, a size increase, or a tif/cloid change requeues the order at the
   * back of its (new) level with a fresh seq and `time = now`. A modify never
   * trades: a price that would cross is refused. Checks run in the order
   * tif, size, price so the first problem is reported.
   */
  modify(oid: number, ch: ModifyChanges, now: number): ModifyResult {
    const node = this.index.get(oid);
    if (node === undefined) return { ok: false, error: ENGINE_ERRORS.orderNotFound };
    const o = node.o;
    if (ch.tif !== undefined && ch.tif !== 'Gtc' && ch.tif !== 'Alo') {
      return { ok: false, error: ENGINE_ERRORS.modifyTif };
    }
    const newTotal = ch.newTotalSz ?? o.origSz;
    if (newTotal <= o.filled) return { ok: false, error: ENGINE_ERRORS.modifySizeNotAboveFilled };
    const newPx = ch.px ?? o.px;
    if (newPx <= 0n) return { ok: false, error: ENGINE_ERRORS.priceNotPositive };
    if (newPx !== o.px && this.wouldCross(o.isBuy, newPx)) return { ok: false, error: ENGINE_ERRORS.modifyMarketable };

    const tifChanged = ch.tif !== undefined && ch.tif !== o.tif;
    const cloidChanged = ch.cloid !== undefined && ch.cloid !== o.cloid;
    const newRemaining = newTotal - o.filled;
    if (newPx === o.px && newTotal <= o.origSz && !tifChanged && !cloidChanged) {
      node.level!.sz += newRemaining - o.sz;
      o.sz = newRemaining;
      o.origSz = newTotal;
      return { ok: true, order: o, requeued: false };
    }
    const side = o.isBuy ? this.bids : this.asks;
    side.unlink(node);
    if (cloidChanged) {
      const old = o.cloid;
      o.cloid = ch.cloid;
      this.owners.recloid(node, old);
    }
    if (ch.tif !== undefined) o.tif = ch.tif;
    o.px = newPx;
    o.sz = newRemaining;
    o.origSz = newTotal;
    o.seq = ++this.seq;
    o.time = now;
    side.link(node);
    return { ok: true, order: o, requeued: true };
  }

  // ---- reads --------------------------------------------------------------

  /**
   * Walks the opposite side as a taker of `sz` would, without mutating.
   * `selfOwner`'s orders are skipped, as self-trade prevention would expire
   * them rather than fill against them.
   */
  simulate(isBuy: boolean, sz: bigint, limitPx?: bigint, selfOwner?: string): SimResult {
    const side = isBuy ? this.asks : this.bids;
    let left = sz;
    let avgPxNumerator = 0n;
    let levelsTouched = 0;
    let worstPx: bigint | undefined;
    for (const level of side.levelsBestFirst()) {
      if (left <= 0n) break;
      if (limitPx !== undefined && (isBuy ? level.px > limitPx : level.px < limitPx)) break;
      let avail = level.sz;
      if (selfOwner !== undefined) {
        for (let n = level.head; n !== undefined; n = n.next) if (n.o.owner === selfOwner) avail -= n.o.sz;
        if (avail === 0n) continue;
      }
      const q = avail < left ? avail : left;
      left -= q;
      avgPxNumerator += q * level.px;
      levelsTouched++;
      worstPx = level.px;
    }
    return { filledSz: sz - left, avgPxNumerator, levelsTouched, worstPx };
  }

  get(oid: number): RestingOrder | undefined {
    return this.index.get(oid)?.o;
  }

  /** The owner's resting order carrying this cloid, if any. */
  findByCloid(owner: string, cloid: string): RestingOrder | undefined {
    return this.owners.findCloid(owner, cloid)?.o;
  }

  bestBid(): bigint | undefined {
    return this.bids.bestPx();
  }

  bestAsk(): bigint | undefined {
    return this.asks.bestPx();
  }

  /** True if a limit order at px on that side would match at once. */
  wouldCross(isBuy: boolean, px: bigint): boolean {
    const opp = isBuy ? this.asks.bestPx() : this.bids.bestPx();
    return opp !== undefined && (isBuy ? px >= opp : px <= opp);
  }

  /** Up to n aggregated levels per side, best first. */
  depth(n: number = Infinity): Depth {
    return { bids: this.take(this.bids, n), asks: this.take(this.asks, n) };
  }

  /** Resting orders of an owner, in placement order. */
  ordersOf(owner: string): RestingOrder[] {
    return this.owners.nodes(owner).map((n) => n.o);
  }

  /** Number of resting orders. */
  get size(): number {
    return this.index.size;
  }

  levelCount(isBuy: boolean): number {
    return (isBuy ? this.bids : this.asks).levelCount;
  }

  /** Aggregated levels of one side, best first (fresh objects; safe to keep). */
  *levels(isBuy: boolean): IterableIterator<DepthLevel> {
    for (const l of (isBuy ? this.bids : this.asks).levelsBestFirst()) yield { px: l.px, sz: l.sz, n: l.n };
  }

  /** Resting orders of one side in matching priority (best price, then FIFO). */
  *orders(isBuy: boolean): IterableIterator<RestingOrder> {
    for (const l of (isBuy ? this.bids : this.asks).levelsBestFirst()) {
      for (let n = l.head; n !== undefined; n = n.next) yield n.o;
    }
  }

  /** Every broken invariant, as text; empty when the book is consistent. */
  invariantErrors(): string[] {
    const errors: string[] = [];
    const seen = new Set<OrderNode>();
    this.bids.check(errors, seen);
    this.asks.check(errors, seen);
    const bb = this.bids.bestPx();
    const ba = this.asks.bestPx();
    if (bb !== undefined && ba !== undefined && !(bb < ba)) errors.push(`book crossed: bid ${bb} >= ask ${ba}`);
    if (seen.size !== this.index.size) errors.push(`index holds ${this.index.size} orders, levels ${seen.size}`);
    for (const [oid, node] of this.index) {
      if (node.o.oid !== oid) errors.push(`index key ${oid} holds order ${node.o.oid}`);
      if (!seen.has(node)) errors.push(`indexed order ${oid} is not on a level`);
    }
    const owned = this.owners.check(errors, (node) => this.index.get(node.o.oid) === node);
    if (owned !== this.index.size) errors.push(`owner index holds ${owned} orders, book ${this.index.size}`);
    return errors;
  }

  // ---- internals ----------------------------------------------------------

  /** Fills the taker against the opposite side; returns the unfilled size. */
  private match(
    oid: number,
    owner: string,
    isBuy: boolean,
    cloid: string | undefined,
    sz: bigint,
    limit: bigint | undefined,
    fills: Fill[],
    expired: RestingOrder[],
  ): bigint {
    const side = isBuy ? this.asks : this.bids;
    let left = sz;
    while (left > 0n) {
      const level: Level | undefined = side.best();
      if (level === undefined) break;
      if (limit !== undefined && (isBuy ? level.px > limit : level.px < limit)) break;
      let node = level.head;
      while (node !== undefined && left > 0n) {
        const next: OrderNode | undefined = node.next;
        const m = node.o;
        if (m.owner === owner) {
          this.remove(node);
          expired.push(m);
        } else {
          const q = m.sz < left ? m.sz : left;
          m.sz -= q;
          m.filled += q;
          level.sz -= q;
          left -= q;
          fills.push({
            makerOid: m.oid,
            makerOwner: m.owner,
            takerOid: oid,
            takerOwner: owner,
            px: m.px,
            sz: q,
            takerIsBuy: isBuy,
            makerRemaining: m.sz,
            makerCloid: m.cloid,
            takerCloid: cloid,
          });
          if (m.sz === 0n) this.remove(node);
        }
        node = next;
      }
    }
    return left;
  }

  private add(node: OrderNode): void {
    const o = node.o;
    (o.isBuy ? this.bids : this.asks).link(node);
    this.index.set(o.oid, node);
    this.owners.add(node);
  }

  private remove(node: OrderNode): void {
    const o = node.o;
    (o.isBuy ? this.bids : this.asks).unlink(node);
    this.index.delete(o.oid);
    this.owners.remove(node);
  }

  private take(side: BookSide, n: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    if (n <= 0) return out;
    for (const l of side.levelsBestFirst()) {
      out.push({ px: l.px, sz: l.sz, n: l.n });
      if (out.length >= n) break;
    }
    return out;
  }
}

function reject(oid: number, reason: string): PlaceResult {
  return { oid, status: 'rejected', fills: [], filledSz: 0n, notional: 0n, canceledSz: 0n, expired: [], reason };
}
