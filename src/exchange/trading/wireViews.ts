/**
 * Orders and triggers in the shared wire shapes (src/protocol/wire): prices and sizes as
 * human decimals at the contract's scales.
 */
import { formatDecimal } from '../../protocol/index.js';
import type { OpenOrder, OrderUpdate } from '../../protocol/wire/index.js';
import type { ContractDef } from '../state/marketConfig.js';
import type { OrderRecord, Trigger } from './types.js';

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
