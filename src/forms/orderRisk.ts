import {
  crossBacking,
  GROUP_LIQUIDATION_FRACTION_DEN,
  liquidationPx,
  oppositeSide,
  positionFigures,
  restingOrderMargin,
  tradeIntoPositions,
  type MarginMath,
  type OpenPosition,
  type PositionSide,
} from '../protocol/risk/index.js';
import { cloneHolding, restingOf, type HoldingModel } from './holdingModel.js';
import type { MarksAfter } from './markAfter.js';
import type { PoolView } from './poolView.js';

/**
 * What an order would do to the account's margin, by the exchange's own rules applied to
 * the dashboard's copy of its state (src/protocol/risk holds the rules both sides use):
 *
 * - the margin it needs is the drop in the pool's available margin that the exchange's
 *   pre-trade check computes: the matched part traded into the position at its prices
 *   (realized PnL, isolated margin posted, the taker fee on the total), the rest as order
 *   margin, positions valued at the mark. The exchange refuses it when available would go
 *   below zero and get worse; reduce-only orders are never checked;
 * - the liquidation price is the rule of `liquidationPx` applied to the position the
 *   fills leave, settled fill by fill as the exchange settles them (realized PnL, isolated
 *   margin in and out, fees), valued at the mark the order leaves (markAfter.ts), with
 *   everything else in the pool held at what `userAccount` reported.
 *
 * Book levels are taken as one maker order each: where a level holds several, the exchange
 * rounds fees and isolated margin per order, which can differ by a few raw units.
 */
export interface RiskFill {
  px: bigint;
  sz: bigint;
}

/** The pool's other cross positions (other contracts): unrealized PnL and maintenance margin. */
export interface OthersInPool {
  upnl: bigint;
  mm: bigint;
  /** Some maintenance margin was derived here because the exchange did not report it. */
  mmDerived: boolean;
}

export interface OrderRiskInput {
  math: MarginMath;
  /** The mark now: the exchange's pre-trade check values positions at it. */
  mark: bigint | undefined;
  /** The marks the order leaves (markAfter.ts): the liquidation estimates value the position at them; the current mark without. */
  marksAfter?: MarksAfter | undefined;
  hedge: boolean;
  holding: HoldingModel;
  pool: PoolView;
  others: OthersInPool;
  isBuy: boolean;
  reduceOnly: boolean;
  /** What matches on arrival, level by level. */
  fills: readonly RiskFill[];
  /** Size left resting on the book (Gtc/Alo remainder) at `limit`. */
  resting: bigint;
  limit: bigint | undefined;
  takerRate: bigint;
  makerRate: bigint;
  /** A modify: the order it changes leaves the aggregates first. */
  replaces?: { isBuy: boolean; reduceOnly: boolean; remaining: bigint; px: bigint } | undefined;
}

export interface OrderRisk {
  /** How far the order lowers the pool's available margin (0 when it frees margin). */
  marginRequired: bigint;
  /** The exchange's check would refuse it: available would go below zero and get worse. */
  insufficient: boolean;
  /** The position would grow past the contract's largest leverage tier. */
  beyondTiers: boolean;
  /** After what matches on arrival. null: no position left, or no price would liquidate it; undefined: no mark to value it. */
  liquidationPx: bigint | null | undefined;
  /** After the resting part fills too, at its limit; set only when a part rests. */
  liquidationIfFilled?: bigint | null | undefined;
}

/** The side a hedge-mode order acts on: a reduce-only buy reduces the short, a plain buy adds to the long. */
export function hedgeSide(isBuy: boolean, reduceOnly: boolean): PositionSide {
  return reduceOnly ? (isBuy ? 'short' : 'long') : isBuy ? 'long' : 'short';
}

const blank = (side: PositionSide): OpenPosition => ({ side, size: 0n, cost: 0n });

interface OwnFigures {
  upnl: bigint;
  im: bigint;
  orderIm: bigint;
}

/** The holding's part of its pool's available margin: cross PnL and IM at the mark, order margin. */
function ownFigures(i: OrderRiskInput, h: HoldingModel): OwnFigures {
  const out: OwnFigures = { upnl: 0n, im: 0n, orderIm: restingOrderMargin(i.math, restingOf(h), h.leverage, i.hedge) };
  if (h.marginMode !== 'cross') return out;
  for (const p of [h.long, h.short]) {
    if (!p) continue;
    const f = positionFigures(i.math, h.leverage, p, i.mark);
    out.upnl += f.upnl;
    out.im += f.im;
  }
  return out;
}

function addResting(h: HoldingModel, isBuy: boolean, sz: bigint, px: bigint, sign: 1n | -1n): void {
  if (isBuy) {
    h.orders.buySz += sign * sz;
    h.orders.buyPxSz += sign * sz * px;
  } else {
    h.orders.sellSz += sign * sz;
    h.orders.sellPxSz += sign * sz * px;
  }
}

/** The exchange's pre-trade margin check, as a change of available margin. */
function marginCheck(i: OrderRiskInput): { delta: bigint; beyondTiers: boolean } {
  if (i.reduceOnly) return { delta: 0n, beyondTiers: false };
  const h = i.holding;
  const before = ownFigures(i, h);
  const hyp = cloneHolding(h);
  if (i.replaces && !i.replaces.reduceOnly) addResting(hyp, i.replaces.isBuy, i.replaces.remaining, i.replaces.px, -1n);
  const positionSide = i.hedge ? hedgeSide(i.isBuy, false) : undefined;
  let balanceDelta = 0n;
  let filled = 0n;
  let pxSz = 0n;
  for (const f of i.fills) {
    filled += f.sz;
    pxSz += f.px * f.sz;
  }
  if (filled > 0n) {
    const e = tradeIntoPositions(hyp, i.math, i.isBuy, positionSide, false, filled, pxSz, blank);
    if (hyp.marginMode === 'cross') balanceDelta += e.realized;
    else if (e.opened > 0n) balanceDelta -= i.math.initialMargin(i.math.ceil(e.openedPxSz), hyp.leverage);
    balanceDelta -= i.math.fee(i.math.ceil(pxSz), i.takerRate);
  }
  if (i.resting > 0n && i.limit !== undefined) addResting(hyp, i.isBuy, i.resting, i.limit, 1n);
  let beyondTiers = false;
  for (const p of [hyp.long, hyp.short]) {
    if (!p || p.size <= (h[p.side]?.size ?? 0n)) continue;
    if (positionFigures(i.math, hyp.leverage, p, i.mark).notional > i.math.maxNotional) beyondTiers = true;
  }
  const after = ownFigures(i, hyp);
  return { delta: balanceDelta + (after.upnl - before.upnl) - (after.im - before.im) - (after.orderIm - before.orderIm), beyondTiers };
}

interface PoolMoney {
  /** Every coin at par. */
  all: bigint;
  /** The collateral-coin bucket alone. */
  collateral: bigint;
}

/** One fill settled as the exchange settles it: realized PnL, isolated margin in and out, fee. */
function settleFill(i: OrderRiskInput, h: HoldingModel, money: PoolMoney, f: RiskFill, rate: bigint): void {
  const positionSide = i.hedge ? hedgeSide(i.isBuy, i.reduceOnly) : undefined;
  const isolated = h.marginMode === 'isolated';
  const move = (amount: bigint) => {
    money.all += amount;
    money.collateral += amount;
  };
  const e = tradeIntoPositions(h, i.math, i.isBuy, positionSide, i.reduceOnly, f.sz, f.px * f.sz, blank);
  if (e.reducedSide) {
    if (!isolated) move(e.realized);
    else {
      const side = e.reducedSide;
      h.bucket[side] += e.realized;
      const bal = h.bucket[side];
      if (e.closed) {
        // Whatever the bucket holds, or owes, goes back to the pool.
        move(bal);
        h.bucket[side] = 0n;
      } else if (bal > 0n) {
        const released = (bal * e.reduced) / e.reducedFrom;
        h.bucket[side] -= released;
        move(released);
      }
    }
  }
  if (e.openedSide && isolated) {
    const im = i.math.initialMargin(i.math.ceil(e.openedPxSz), h.leverage);
    const free = money.collateral;
    const amount = im < free ? im : free > 0n ? free : 0n;
    move(-amount);
    h.bucket[e.openedSide] += amount;
  }
  move(-i.math.fee(i.math.ceil(f.px * f.sz), rate));
}

function liquidationOf(i: OrderRiskInput, h: HoldingModel, money: PoolMoney, mark: bigint | undefined): bigint | null | undefined {
  const side = i.hedge ? hedgeSide(i.isBuy, i.reduceOnly) : h.long ? 'long' : h.short ? 'short' : undefined;
  const p = side && h[side];
  if (!side || !p) return null;
  if (mark === undefined) return undefined;
  const own = positionFigures(i.math, h.leverage, p, mark);
  let backing: bigint;
  let fractionDen = 1n;
  if (h.marginMode === 'isolated') backing = h.bucket[side];
  else {
    if (i.pool.ref.kind === 'group') fractionDen = GROUP_LIQUIDATION_FRACTION_DEN;
    let upnl = i.others.upnl;
    let mm = i.others.mm;
    const other = h[oppositeSide(side)];
    if (other) {
      const f = positionFigures(i.math, h.leverage, other, mark);
      upnl += f.upnl;
      mm += f.mm;
    }
    backing = crossBacking(money.all, upnl, mm, fractionDen);
  }
  const px = liquidationPx({ side, size: p.size, cost: p.cost, mul: i.math.mul, div: i.math.div, tierLeverage: i.math.maxLeverageAt(own.notional), backing, fractionDen });
  return px ?? null;
}

export function orderRisk(i: OrderRiskInput): OrderRisk {
  const check = marginCheck(i);
  const available = i.pool.available ?? 0n;
  const out: OrderRisk = {
    marginRequired: check.delta < 0n ? -check.delta : 0n,
    insufficient: check.delta < 0n && available + check.delta < 0n,
    beyondTiers: check.beyondTiers,
    liquidationPx: null,
  };
  const h = cloneHolding(i.holding);
  const money: PoolMoney = { all: i.pool.balance, collateral: i.pool.collateralBalance };
  for (const f of i.fills) settleFill(i, h, money, f, i.takerRate);
  out.liquidationPx = liquidationOf(i, h, money, i.marksAfter ? i.marksAfter.arrival : i.mark);
  if (i.resting > 0n && i.limit !== undefined) {
    settleFill(i, h, money, { px: i.limit, sz: i.resting }, i.makerRate);
    out.liquidationIfFilled = liquidationOf(i, h, money, i.marksAfter ? i.marksAfter.filled : i.mark);
  }
  return out;
}
