/**
 * One order from arrival to result (spec 2.2-2.3, 3.1, 4.5): checks, margin, matching,
 * settlement of every fill on both sides, events, and the `resting` / `filled` / `error`
 * status. Requests and the market bots go through the same `submitOrder`.
 *
 * Market orders carry a protective price of mark +/- 10 % (Hyperliquid sends market
 * orders as aggressive IOC limits the same way); that price is what can exceed maxTicks.
 */
import { DecimalError, formatDecimal, parseDecimal } from '../../protocol/index.js';
import { marketBound } from '../../protocol/risk/index.js';
import type { OrderStatus, OrderWire } from '../../protocol/wire/index.js';
import type { Account } from '../state/accounts.js';
import type { ContractDef } from '../state/marketConfig.js';
import { ORDER_ERRORS } from './orderErrors.js';
import { checkOrderMargin } from './orderMargin.js';
import { settleFill } from './settlement.js';
import type { TradingBooks } from './tradingBooks.js';
import type { Holding, OrderRecord, OrderTif, PositionSide } from './types.js';

export interface PlaceSpec {
  contractId: number;
  isBuy: boolean;
  /** Raw limit price; for a market order an optional protective price. */
  px?: bigint | undefined;
  sz: bigint;
  tif: OrderTif;
  reduceOnly: boolean;
  cloid?: string | undefined;
  /** Hedge mode only; derived from isBuy and reduceOnly when absent. */
  positionSide?: PositionSide | undefined;
}

export interface PlaceOptions {
  /** Liquidation orders skip the margin check and mark their fills. */
  liquidation?: boolean;
  triggerId?: number;
  /** A position close (trigger, liquidation): may use the whole position, whatever reduce-only orders rest. */
  closing?: boolean;
}

/** Resting orders per account (Hyperliquid's default limit): memory follows accounts, not requests. */
export const MAX_OPEN_ORDERS = 1000;

const error = (message: string): OrderStatus => ({ error: message });

/** Wire order item -> spec, or the item's error text. */
export function parseOrderWire(t: TradingBooks, w: OrderWire): PlaceSpec | string {
  const c = t.state.config.contract(w.a);
  if (!c) return ORDER_ERRORS.unknownContract;
  let sz: bigint;
  try {
    sz = parseDecimal(w.s, c.qtyScale, 's', { signed: true });
  } catch (e) {
    if (e instanceof DecimalError) return e.message;
    throw e;
  }
  if (sz <= 0n) return ORDER_ERRORS.sizeNotPositive;
  if (sz % c.stepSize !== 0n) return `s: must be a multiple of the step size ${formatDecimal(c.stepSize, c.qtyScale)}`;
  const tif: OrderTif = 'limit' in w.t ? w.t.limit.tif : 'Market';
  if (tif !== 'Market' && w.p === undefined) return ORDER_ERRORS.priceRequired;
  let px: bigint | undefined;
  if (w.p !== undefined) {
    try {
      px = parseDecimal(w.p, c.priceScale, 'p', { signed: true });
    } catch (e) {
      if (e instanceof DecimalError) return e.message;
      throw e;
    }
    const priceError = checkPrice(c, px);
    if (priceError) return priceError;
  }
  const spec: PlaceSpec = { contractId: c.contractId, isBuy: w.b, px, sz, tif, reduceOnly: w.r };
  if (w.c !== undefined) spec.cloid = w.c;
  return spec;
}

export function checkPrice(c: ContractDef, px: bigint): string | undefined {
  if (px <= 0n) return ORDER_ERRORS.priceNotPositive;
  if (px % c.tickSize !== 0n) return `p: must be a multiple of the tick size ${formatDecimal(c.tickSize, c.priceScale)}`;
  if (px / c.tickSize > c.maxTicks) return ORDER_ERRORS.priceExceedsMaxTicks(px, c.maxTicks);
  return undefined;
}

/** The limit of a market order: mark +/- 10 % on the tick grid (src/protocol/risk/marketBound.ts). */
export function protectivePx(t: TradingBooks, c: ContractDef, isBuy: boolean): bigint | undefined {
  const mark = t.mark(c.contractId);
  return mark === undefined ? undefined : marketBound(mark, c.tickSize, isBuy);
}

function hedgeSide(account: Account, spec: PlaceSpec): PositionSide | undefined {
  if (spec.positionSide !== undefined) return spec.positionSide;
  if (account.positionMode !== 'HEDGE') return undefined;
  if (spec.reduceOnly) return spec.isBuy ? 'short' : 'long';
  return spec.isBuy ? 'long' : 'short';
}

/** Room left for reduce-only orders on this side: the position they reduce minus resting ones. */
export function reduceOnlyRoom(h: Holding | undefined, isBuy: boolean): bigint {
  if (!h) return 0n;
  return isBuy ? (h.short?.size ?? 0n) - h.roBuySz : (h.long?.size ?? 0n) - h.roSellSz;
}

export function submitOrder(t: TradingBooks, account: Account, spec: PlaceSpec, now: number, opts: PlaceOptions = {}): OrderStatus {
  return t.run(() => place(t, account, spec, now, opts));
}

function place(t: TradingBooks, account: Account, spec: PlaceSpec, now: number, opts: PlaceOptions): OrderStatus {
  const { config } = t.state;
  const c = config.contract(spec.contractId);
  const market = t.market(spec.contractId);
  if (!c || !market) return error(ORDER_ERRORS.unknownContract);
  if (config.contractStatus(c.contractId) !== 'Active') return error(ORDER_ERRORS.delisted);
  if (!account.enrolled.has(c.marketDeployerId)) return error(ORDER_ERRORS.notEnrolled);
  if (spec.sz <= 0n) return error(ORDER_ERRORS.sizeNotPositive);
  let px = spec.px;
  if (spec.tif === 'Market' && px === undefined) {
    px = protectivePx(t, c, spec.isBuy);
    if (px === undefined) return error(ORDER_ERRORS.markNotReady);
    if (px / c.tickSize > c.maxTicks) return error(ORDER_ERRORS.priceExceedsMaxTicks(px, c.maxTicks));
  }
  if (px === undefined) return error(ORDER_ERRORS.priceRequired);
  const positionSide = hedgeSide(account, spec);
  const existing = t.holdings.get(account.id, c.contractId);
  let sz = spec.sz;
  if (spec.reduceOnly) {
    const room = opts.closing ? ((spec.isBuy ? existing?.short?.size : existing?.long?.size) ?? 0n) : reduceOnlyRoom(existing, spec.isBuy);
    if (room <= 0n) return error(ORDER_ERRORS.reduceOnlyWouldIncrease);
    if (sz > room) sz = room;
  }
  const pool = t.margin.poolOf(account, c);
  if (pool.kind === 'group' && !spec.reduceOnly && t.isFrozenFor(account.id, pool.id)) return error(ORDER_ERRORS.frozen);
  if (spec.cloid !== undefined && t.orders.openByCloid(account.id, spec.cloid)) return error(ORDER_ERRORS.cloidInUse);
  if ((spec.tif === 'Gtc' || spec.tif === 'Alo') && t.orders.openCount(account.id) >= MAX_OPEN_ORDERS) return error(ORDER_ERRORS.tooManyOrders(MAX_OPEN_ORDERS));
  if (spec.tif === 'Alo' && market.book.wouldCross(spec.isBuy, px)) return error(ORDER_ERRORS.postOnlyWouldCross);
  if (!spec.reduceOnly && !opts.liquidation) {
    const verdict = checkOrderMargin(t, account, c, { isBuy: spec.isBuy, px, sz, tif: spec.tif, reduceOnly: false, positionSide }, undefined, now);
    if (verdict === 'insufficient') return error(ORDER_ERRORS.insufficientMargin);
    if (verdict === 'beyondTiers') return error(ORDER_ERRORS.beyondTiers);
  }

  const oid = t.nextId();
  const res = market.book.place({ oid, owner: String(account.id), isBuy: spec.isBuy, px, sz, tif: spec.tif, reduceOnly: spec.reduceOnly, cloid: spec.cloid }, now);
  if (res.status === 'rejected') return error(res.reason ?? 'order rejected');
  const order: OrderRecord = {
    oid,
    accountId: account.id,
    contractId: c.contractId,
    isBuy: spec.isBuy,
    px,
    origSz: sz,
    filled: 0n,
    filledPxSz: 0n,
    remaining: sz,
    tif: spec.tif,
    reduceOnly: spec.reduceOnly,
    cloid: spec.cloid,
    positionSide,
    timestamp: now,
    status: 'open',
    statusTimestamp: now,
    ...(opts.triggerId !== undefined ? { triggerId: opts.triggerId } : {}),
  };
  const takerHolding = t.holding(account.id, c.contractId);
  const touched = new Set<Holding>([takerHolding]);

  // Self-trade prevention removed these resting orders of the taker's own (spec-silent policy: expire maker).
  for (const gone of res.expired) {
    const rec = t.orders.get(gone.oid);
    if (rec) t.retireOpenOrder(c, rec, 'canceled', now, 'cancel');
  }

  for (const f of res.fills) {
    const maker = t.orders.get(f.makerOid);
    const makerAccount = maker ? t.state.accounts.byId(maker.accountId) : undefined;
    const tid = t.nextTid();
    if (maker && makerAccount) {
      const hm = t.holding(maker.accountId, c.contractId);
      touched.add(hm);
      t.holdings.countOrder(hm, maker, -1);
      maker.remaining -= f.sz;
      maker.filled += f.sz;
      maker.filledPxSz += f.px * f.sz;
      maker.statusTimestamp = now;
      const money = settleFill(t, makerAccount, c, hm, maker, f.px, f.sz, 'maker', now);
      if (maker.remaining === 0n) {
        maker.status = 'filled';
        t.orders.close(maker);
        t.emitOrder(c, maker, 'fill', 'remove');
      } else {
        t.holdings.countOrder(hm, maker, 1);
        t.orders.touched(maker);
        t.emitOrder(c, maker, 'partialFill', 'upsert');
      }
      t.emitFill(c, maker, tid, f.px, f.sz, 'maker', money, false, now);
    }
    order.filled += f.sz;
    order.filledPxSz += f.px * f.sz;
    const money = settleFill(t, account, c, takerHolding, order, f.px, f.sz, 'taker', now);
    t.emitFill(c, order, tid, f.px, f.sz, 'taker', money, opts.liquidation ?? false, now);
    t.recordTrade(c, tid, f.px, f.sz, spec.isBuy, now);
  }

  let status: OrderStatus;
  if (res.status === 'resting') {
    order.remaining = res.rested?.sz ?? sz - order.filled;
    t.orders.add(order);
    t.holdings.countOrder(takerHolding, order, 1);
    t.emitOrder(c, order, order.filled > 0n ? 'partialFill' : 'new', 'upsert');
    status = order.filled > 0n ? filledStatus(c, order) : { resting: { oid } };
  } else {
    order.remaining = res.canceledSz;
    const final = res.status === 'filled' ? 'filled' : 'canceled';
    // An Ioc remainder: the fill event shows the order as it was then (open), the cancel as it ends.
    order.status = final === 'filled' ? 'filled' : 'open';
    if (order.filled > 0n) t.emitOrder(c, order, final === 'filled' ? 'fill' : 'partialFill', 'none');
    order.status = final;
    t.orders.add(order);
    if (final === 'canceled') t.emitOrder(c, order, 'cancel', 'none');
    status = order.filled > 0n ? filledStatus(c, order) : error(ORDER_ERRORS.noImmediateMatch);
  }
  for (const h of touched) t.enforceReduceOnly(h, now);
  return status;
}

function filledStatus(c: ContractDef, o: OrderRecord): OrderStatus {
  const avg = (o.filledPxSz * 2n + o.filled) / (2n * o.filled);
  return { filled: { totalSz: formatDecimal(o.filled, c.qtyScale), avgPx: formatDecimal(avg, c.priceScale), oid: o.oid } };
}
