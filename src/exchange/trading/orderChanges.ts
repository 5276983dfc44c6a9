/**
 * Cancels and modify (spec 3.1, 4.6). Modify checks run in the order of the spec's table
 * (locate, state, tif, size, price, cloid, margin) and the first failure answers; nothing
 * changes before every check passed, so a refused modify needs no rollback.
 */
import { DecimalError, parseDecimal } from '../../protocol/index.js';
import type { ActionOf, BusinessErrorKey, CancelStatus } from '../../protocol/wire/index.js';
import type { RestingTif } from '../engine/types.js';
import { BusinessError } from '../errors.js';
import type { WireData } from '../actions/wireData.js';
import type { Account } from '../state/accounts.js';
import { ORDER_ERRORS } from './orderErrors.js';
import { checkOrderMargin } from './orderMargin.js';
import { reduceOnlyRoom } from './orderEntry.js';
import type { TradingBooks } from './tradingBooks.js';
import type { OrderRecord } from './types.js';

function stateError(o: OrderRecord): string | undefined {
  if (o.status === 'canceled') return ORDER_ERRORS.alreadyCanceled;
  if (o.status !== 'open') return ORDER_ERRORS.notOpen;
  return undefined;
}

function cancelOne(t: TradingBooks, o: OrderRecord | undefined, notFound: string, now: number): CancelStatus {
  if (!o) return { error: notFound };
  const bad = stateError(o);
  if (bad) return { error: bad };
  t.cancelOpenOrder(o, now);
  return 'success';
}

export function cancelByOid(t: TradingBooks, account: Account, items: { a: number; o: number }[], now: number): CancelStatus[] {
  return t.run(() =>
    items.map(({ a, o }) => {
      const rec = t.orders.get(o);
      const mine = rec && rec.accountId === account.id && rec.contractId === a ? rec : undefined;
      return cancelOne(t, mine, ORDER_ERRORS.orderNotFound, now);
    }),
  );
}

export function cancelByCloid(t: TradingBooks, account: Account, items: { asset: number; cloid: string }[], now: number): CancelStatus[] {
  return t.run(() =>
    items.map(({ asset, cloid }) => {
      const rec = t.orders.byCloid(account.id, cloid);
      return cancelOne(t, rec && rec.contractId === asset ? rec : undefined, ORDER_ERRORS.cloidNotFound, now);
    }),
  );
}

/** Every open order and conditional of the account on one contract. */
export function cancelAll(t: TradingBooks, account: Account, contractId: number, now: number): { cancelledOrders: number; cancelledConditionals: number } {
  if (!t.state.config.contract(contractId)) throw new BusinessError('UNKNOWN_CONTRACT');
  return t.run(() => {
    let cancelledOrders = 0;
    for (const o of [...t.orders.openOf(account.id)]) {
      if (o.contractId !== contractId) continue;
      t.cancelOpenOrder(o, now);
      cancelledOrders++;
    }
    let cancelledConditionals = 0;
    for (const trig of t.triggers.ofAccountContract(account.id, contractId)) {
      t.removeTrigger(trig, now, 'canceled');
      cancelledConditionals++;
    }
    return { cancelledOrders, cancelledConditionals };
  });
}

function parseOr(text: string, scale: number, field: string, key: BusinessErrorKey): bigint {
  try {
    return parseDecimal(text, scale, field, { signed: true });
  } catch (e) {
    if (e instanceof DecimalError) throw new BusinessError(key);
    throw e;
  }
}

export function modifyOrder(t: TradingBooks, account: Account, a: ActionOf<'modify'>, now: number): WireData {
  const c = t.state.config.contract(a.a);
  const market = t.market(a.a);
  let o: OrderRecord | undefined;
  if (a.oid !== undefined) {
    const rec = t.orders.get(a.oid);
    o = rec && rec.accountId === account.id && rec.contractId === a.a ? rec : undefined;
    if (!o) throw new BusinessError('ORDER_NOT_FOUND');
  } else if (a.cloid !== undefined) {
    const rec = t.orders.byCloid(account.id, a.cloid);
    o = rec && rec.contractId === a.a ? rec : undefined;
    if (!o) throw new BusinessError('CLOID_NOT_FOUND');
  } else {
    throw new BusinessError('ORDER_NOT_FOUND');
  }
  if (!c || !market) throw new BusinessError('ORDER_NOT_FOUND');
  if (o.status === 'canceled') throw new BusinessError('ORDER_ALREADY_CANCELED');
  if (o.status !== 'open') throw new BusinessError('ORDER_NOT_OPEN');
  if (a.tif !== undefined && a.tif !== 'Gtc' && a.tif !== 'Alo') throw new BusinessError('MODIFY_TIF');

  let newTotal = o.origSz;
  if (a.s !== undefined) {
    newTotal = parseOr(a.s, c.qtyScale, 's', 'INVALID_SIZE');
    if (newTotal <= o.filled) throw new BusinessError('SIZE_NOT_ABOVE_FILLED');
    if (newTotal % c.stepSize !== 0n) throw new BusinessError('INVALID_SIZE');
  }
  let newPx = o.px;
  if (a.p !== undefined) {
    newPx = parseOr(a.p, c.priceScale, 'p', 'INVALID_PRICE');
    if (newPx <= 0n || newPx % c.tickSize !== 0n) throw new BusinessError('INVALID_PRICE');
    if (newPx / c.tickSize > c.maxTicks) throw new BusinessError('PRICE_EXCEEDS_MAX_TICKS');
    if (newPx !== o.px && market.book.wouldCross(o.isBuy, newPx)) throw new BusinessError('MODIFY_MARKETABLE');
  }
  if (a.c !== undefined && a.c !== o.cloid && t.orders.openByCloid(account.id, a.c)) throw new BusinessError('CLOID_IN_USE');

  const newRemaining = newTotal - o.filled;
  const grows = newRemaining > o.remaining || newPx !== o.px;
  const pool = t.margin.poolOf(account, c);
  if (grows && !o.reduceOnly && pool.kind === 'group' && t.isFrozenFor(account.id, pool.id)) throw new BusinessError('GROUP_FROZEN');
  if (o.reduceOnly && newRemaining > o.remaining) {
    const room = reduceOnlyRoom(t.holdings.get(account.id, c.contractId), o.isBuy);
    if (newRemaining - o.remaining > room) throw new BusinessError('REDUCE_ONLY_EXCEEDS');
  }
  if (grows && !o.reduceOnly) {
    const verdict = checkOrderMargin(t, account, c, undefined, (hyp) => {
      const delta = newRemaining * newPx - o.remaining * o.px;
      if (o.isBuy) {
        hyp.buySz += newRemaining - o.remaining;
        hyp.buyPxSz += delta;
      } else {
        hyp.sellSz += newRemaining - o.remaining;
        hyp.sellPxSz += delta;
      }
    });
    if (verdict !== 'ok') throw new BusinessError('MODIFY_MARGIN');
  }

  return t.run(() => {
    const tif = a.tif === undefined ? undefined : (a.tif as RestingTif);
    const res = market.book.modify(o.oid, { px: newPx, newTotalSz: newTotal, tif, cloid: a.c }, now);
    if (!res.ok) throw new Error(`book refused a checked modify: ${res.error}`);
    const h = t.holding(account.id, c.contractId);
    t.holdings.countOrder(h, o, -1);
    o.px = newPx;
    o.origSz = newTotal;
    o.remaining = newRemaining;
    if (tif !== undefined) o.tif = tif;
    if (a.c !== undefined && a.c !== o.cloid) {
      const old = o.cloid;
      o.cloid = a.c;
      t.orders.recloid(o, old);
    }
    if (res.requeued) o.timestamp = now;
    o.statusTimestamp = now;
    t.holdings.countOrder(h, o, 1);
    t.orders.touched(o);
    t.emitOrder(c, o, 'modify', 'upsert');
    return {
      orderId: o.oid,
      limitPrice: o.px,
      totalSize: o.origSz,
      leavesSize: o.remaining,
      clientOrderId: o.cloid === undefined ? 0 : BigInt(o.cloid),
    };
  });
}
