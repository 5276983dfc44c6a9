/**
 * Internal records to the shared wire shapes (src/protocol/wire): prices and sizes as
 * human decimals at the contract's scales, money as raw integer strings.
 */
import { formatDecimal } from '../../protocol/index.js';
import type { OpenOrder, OrderUpdate, Position as WirePosition } from '../../protocol/wire/index.js';
import type { Account } from '../state/accounts.js';
import type { ContractDef } from '../state/marketConfig.js';
import { liquidationPrice } from './liquidationPrice.js';
import type { TradingEngine } from './tradingEngine.js';
import type { Holding, OrderRecord, Position, Trigger } from './types.js';

export function orderView(c: ContractDef, o: OrderRecord): OpenOrder {
  const view: OpenOrder = {
    oid: o.oid,
    asset: o.contractId,
    isBuy: o.isBuy,
    limitPx: formatDecimal(o.px, c.priceScale),
    sz: formatDecimal(o.remaining, c.qtyScale),
    tif: o.tif,
    origSz: formatDecimal(o.origSz, c.qtyScale),
    reduceOnly: o.reduceOnly,
    timestamp: o.timestamp,
  };
  if (o.cloid !== undefined) view.cloid = o.cloid;
  return view;
}

/** A trigger in the order shape: the closing side, trigger price as limitPx, reduce-only market. */
export function triggerOrderView(c: ContractDef, trig: Trigger, positionSize: bigint): OpenOrder {
  const sz = formatDecimal(trig.sz ?? positionSize, c.qtyScale);
  return {
    oid: trig.id,
    asset: trig.contractId,
    isBuy: trig.positionSide === 'short',
    limitPx: formatDecimal(trig.triggerPx, c.priceScale),
    sz,
    tif: 'Market',
    origSz: sz,
    reduceOnly: true,
    timestamp: trig.createdAt,
  };
}

export function orderUpdate(c: ContractDef, o: OrderRecord, event: OrderUpdate['event']): OrderUpdate {
  const u: OrderUpdate = { event, order: orderView(c, o), status: o.status, statusTimestamp: o.statusTimestamp };
  if (o.triggerId !== undefined) u.triggerId = o.triggerId;
  return u;
}

/** Entry price at the contract's price scale (nearest); the exact cost stays inside. */
function entryPx(p: Position): bigint {
  return (p.cost * 2n + p.size) / (2n * p.size);
}

export function positionView(t: TradingEngine, account: Account, h: Holding, p: Position): WirePosition {
  const c = t.core.config.contract(h.contractId) as ContractDef;
  const figures = t.margin.positionFigures(h, p, t.mark(h.contractId));
  const isolated = h.marginMode === 'isolated' ? t.core.ledger.balance(t.margin.isolatedBucket(h, p.side)) : 0n;
  const liq = liquidationPrice(t, account, h, p);
  const view: WirePosition = {
    contractId: h.contractId,
    isBuy: p.side === 'long',
    size: formatDecimal(p.size, c.qtyScale),
    entryPx: formatDecimal(entryPx(p), c.priceScale),
    marginMode: h.marginMode,
    leverage: h.leverage,
    isolatedMargin: isolated.toString(),
    unrealizedPnl: figures.upnl.toString(),
    liquidationPx: liq === undefined ? null : formatDecimal(liq, c.priceScale),
    marginUsed: (h.marginMode === 'isolated' ? isolated : figures.im).toString(),
  };
  for (const trig of t.triggers.ofPosition(h.accountId, h.contractId, p.side)) {
    const leg: { id: number; triggerPx: string; sz?: string } = { id: trig.id, triggerPx: formatDecimal(trig.triggerPx, c.priceScale) };
    if (trig.sz !== undefined) leg.sz = formatDecimal(trig.sz, c.qtyScale);
    view[trig.kind] = leg;
  }
  return view;
}
