import { parseDecimal } from '../protocol/index.js';
import type { OpenPosition, PositionSide, RestingAggregates } from '../protocol/risk/index.js';
import type { ContractConfig, Position } from '../protocol/wire/index.js';
import { DEFAULT_LEVERAGE, isHedge, type FormContext } from './context.js';
import type { OwnLevels } from './bookWalk.js';
import { tryDecimal } from './numbers.js';

/**
 * The dashboard's copy of what the exchange holds for the account on one contract: the
 * leverage and margin mode, the position(s) with their exact cost and isolated buckets,
 * and the aggregates of the resting orders, rebuilt from `userAccount` and the open
 * orders. It is what the shared margin rules (src/protocol/risk) are applied to.
 */
export interface HoldingModel {
  contractId: number;
  leverage: number;
  /** Where the leverage comes from; 'default' means assumed (min(10, first tier)). */
  leverageSource: 'session' | 'position' | 'exchange' | 'default';
  marginMode: 'cross' | 'isolated';
  /** False when no read said which mode the contract is in (assumed cross). */
  modeKnown: boolean;
  long: OpenPosition | undefined;
  short: OpenPosition | undefined;
  /** Isolated buckets per side (raw collateral units). */
  bucket: Record<PositionSide, bigint>;
  /** Cost from the exchange's exact `entryValue`; false when rebuilt from the rounded entry price. */
  costExact: boolean;
  /** Non-reduce-only resting orders per side (remaining size, px x remaining) and reduce-only sizes. */
  orders: { buySz: bigint; buyPxSz: bigint; sellSz: bigint; sellPxSz: bigint; roBuySz: bigint; roSellSz: bigint };
  /** The account's own resting size per price, per side: the exchange's matching skips them. */
  ownBids: OwnLevels;
  ownAsks: OwnLevels;
}

const int = (s: string): bigint => (/^-?\d+$/.test(s) ? BigInt(s) : 0n);

function positionCost(p: Position, contract: ContractConfig, size: bigint): { cost: bigint; exact: boolean } {
  if (p.entryValue !== undefined) {
    try {
      return { cost: parseDecimal(p.entryValue, contract.priceScale + contract.qtyScale, 'entryValue'), exact: true };
    } catch {
      // Unreadable: fall back to the rounded entry price.
    }
  }
  return { cost: (tryDecimal(p.entryPx, contract.priceScale) ?? 0n) * size, exact: false };
}

function sizeOf(text: string, contract: ContractConfig): bigint {
  const v = tryDecimal(text, contract.qtyScale, true);
  return v === undefined ? 0n : v < 0n ? -v : v;
}

export function defaultLeverage(contract: ContractConfig): number {
  return Math.max(1, Math.min(DEFAULT_LEVERAGE, contract.leverageTiers[0]?.maxLeverage ?? 1));
}

export function holdingOf(ctx: Pick<FormContext, 'account' | 'positions' | 'openOrders' | 'leverageOf'>, contract: ContractConfig): HoldingModel {
  const id = contract.contractId;
  const mine = ctx.positions.filter((p) => p.contractId === id && sizeOf(p.size, contract) > 0n);
  // An exchange that reports settings lists every contract off the defaults (cross, default leverage).
  const settings = ctx.account?.marketDeployers.find((m) => m.marketDeployerId === contract.marketDeployerId)?.contractSettings;
  const setting = settings?.find((s) => s.contractId === id);
  const session = ctx.leverageOf?.[id];
  const first = mine[0];
  const h: HoldingModel = {
    contractId: id,
    leverage: defaultLeverage(contract),
    leverageSource: 'default',
    marginMode: first?.marginMode ?? setting?.marginMode ?? 'cross',
    modeKnown: first !== undefined || settings !== undefined,
    long: undefined,
    short: undefined,
    bucket: { long: 0n, short: 0n },
    costExact: true,
    orders: { buySz: 0n, buyPxSz: 0n, sellSz: 0n, sellPxSz: 0n, roBuySz: 0n, roSellSz: 0n },
    ownBids: new Map(),
    ownAsks: new Map(),
  };
  // The leverage this session set is the newest word on it; then what the exchange reports.
  if (session !== undefined) Object.assign(h, { leverage: session, leverageSource: 'session' });
  else if (first) Object.assign(h, { leverage: first.leverage, leverageSource: 'position' });
  else if (settings) Object.assign(h, { leverage: setting?.leverage ?? h.leverage, leverageSource: 'exchange' });
  for (const p of isHedge(ctx.account) ? mine : mine.slice(0, 1)) {
    const side: PositionSide = p.isBuy ? 'long' : 'short';
    const size = sizeOf(p.size, contract);
    const { cost, exact } = positionCost(p, contract, size);
    if (!exact) h.costExact = false;
    h[side] = { side, size, cost };
    h.bucket[side] = p.marginMode === 'isolated' ? int(p.isolatedMargin) : 0n;
  }
  const bids = new Map<bigint, bigint>();
  const asks = new Map<bigint, bigint>();
  for (const o of ctx.openOrders) {
    if (o.asset !== id) continue;
    const px = tryDecimal(o.limitPx, contract.priceScale);
    const sz = sizeOf(o.sz, contract);
    if (px === undefined || sz <= 0n) continue;
    const own = o.isBuy ? bids : asks;
    own.set(px, (own.get(px) ?? 0n) + sz);
    if (o.reduceOnly) {
      if (o.isBuy) h.orders.roBuySz += sz;
      else h.orders.roSellSz += sz;
    } else if (o.isBuy) {
      h.orders.buySz += sz;
      h.orders.buyPxSz += sz * px;
    } else {
      h.orders.sellSz += sz;
      h.orders.sellPxSz += sz * px;
    }
  }
  h.ownBids = bids;
  h.ownAsks = asks;
  return h;
}

/** A deep enough copy to play trades on. */
export function cloneHolding(h: HoldingModel): HoldingModel {
  const long = h.long && { ...h.long };
  const short = h.short && { ...h.short };
  return { ...h, long, short, bucket: { ...h.bucket }, orders: { ...h.orders } };
}

/** The resting-order aggregates with the positions they would close, as the order-margin rule reads them. */
export function restingOf(h: HoldingModel): RestingAggregates {
  return { ...h.orders, long: h.long, short: h.short };
}

/** Room reduce-only orders on this side still have: the position they reduce minus resting ones (as the exchange counts it). */
export function reduceOnlyRoom(h: HoldingModel, isBuy: boolean): bigint {
  return isBuy ? (h.short?.size ?? 0n) - h.orders.roBuySz : (h.long?.size ?? 0n) - h.orders.roSellSz;
}
