import { formatPrice, formatSize } from '../../format/index.js';
import { formatDecimal, parseDecimal } from '../../protocol/index.js';
import { build, type ContractConfig, type OpenOrder } from '../../protocol/wire/index.js';
import { wouldCross } from '../bookWalk.js';
import type { FormContext } from '../context.js';
import { choiceField, cloidField, priceField, sizeField } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { compareDecimal, notionalRaw } from '../numbers.js';
import { bookSides, orderContract, preTradeFor } from '../orderContext.js';
import { collateralCoin } from '../context.js';

/**
 * Spec 3.1: a modify keeps the order's place in its price level only when the price is
 * unchanged and the new total size is smaller; a price change, a size increase, the same
 * size, or a tif/cloid change sends it to the back of the level.
 */
export function queuePriorityNote(
  order: Pick<OpenOrder, 'limitPx' | 'origSz'>,
  newPx: string | undefined,
  newSize: string | undefined,
  other: { tif?: string | undefined; cloid?: string | undefined } = {},
): string {
  const priceChanges = newPx !== undefined && compareDecimal(newPx, order.limitPx) !== 0;
  const sizeCmp = newSize === undefined ? 0 : (compareDecimal(newSize, order.origSz) ?? 1);
  const reasons: string[] = [];
  if (priceChanges) reasons.push('the price changes');
  if (sizeCmp > 0) reasons.push('the size grows');
  if (other.tif !== undefined) reasons.push('the tif changes');
  if (other.cloid !== undefined) reasons.push('the cloid changes');
  if (reasons.length === 0 && sizeCmp < 0) return 'keeps queue priority (same price, smaller size)';
  if (reasons.length === 0) reasons.push('the size does not shrink');
  return `goes to the back of the level (${reasons.join(', ')})`;
}

const KEEP = 'keep';
const TIF_CHOICES = [{ text: KEEP, label: 'keep the current tif' }, { text: 'Gtc' }, { text: 'Alo' }];
const orderScales = (ctx: FormContext) => orderContract(ctx);

function filledRaw(order: OpenOrder, c: ContractConfig): bigint | undefined {
  try {
    return parseDecimal(order.origSz, c.qtyScale, 'origSz') - parseDecimal(order.sz, c.qtyScale, 'sz');
  } catch {
    return undefined;
  }
}

export const modifyForm = defineForm({
  id: 'modify',
  title: 'Modify order',
  actionType: 'modify',
  needs: needsFor('modify'),
  fields: {
    price: priceField({ label: 'Price', help: 'new limit price; unchanged keeps it', scales: orderScales, default: (ctx) => ctx.selectedOrder?.limitPx ?? '' }),
    size: sizeField({
      label: 'Size',
      help: 'new TOTAL size, including what already filled',
      scales: orderScales,
      default: (ctx) => ctx.selectedOrder?.origSz ?? '',
    }),
    tif: choiceField({ label: 'Tif', help: 'only Gtc or Alo can rest', choices: () => TIF_CHOICES, map: (t) => (t === KEEP ? undefined : t), default: () => KEEP }),
    cloid: cloidField({ label: 'New cloid', help: 'optional new client order id', optional: true }),
  },
  unavailable(ctx) {
    if (!ctx.selectedOrder) return 'select an open order in the orders pane first';
    if (!orderContract(ctx)) return `contract ${ctx.selectedOrder.asset} of order ${ctx.selectedOrder.oid} is not in configs`;
    return undefined;
  },
  build(v, ctx) {
    const order = ctx.selectedOrder!;
    const c = orderContract(ctx)!;
    const newPx = formatDecimal(v.price, c.priceScale);
    const newSz = formatDecimal(v.size, c.qtyScale);
    const p = compareDecimal(newPx, order.limitPx) === 0 ? undefined : newPx;
    const s = compareDecimal(newSz, order.origSz) === 0 ? undefined : newSz;
    const tif = v.tif !== undefined && v.tif !== order.tif ? v.tif : undefined;
    if (p === undefined && s === undefined && tif === undefined && v.cloid === undefined) {
      return { ok: false, error: 'nothing to change: edit the price, size, tif or cloid' };
    }
    const filled = filledRaw(order, c);
    if (s !== undefined && filled !== undefined && v.size <= filled) {
      return { ok: false, error: `Size: must exceed the already-filled ${formatSize(filled, c)}` };
    }
    if (p !== undefined) {
      const at = wouldCross(bookSides(ctx, c), order.isBuy, v.price, c.priceScale);
      if (at !== undefined) {
        return {
          ok: false,
          error: `Price: ${formatPrice(v.price, c)} would cross the best ${order.isBuy ? 'ask' : 'bid'} ${formatPrice(at, c)}; a modify cannot take liquidity (cancel and place a new order instead)`,
        };
      }
    }
    if (v.cloid !== undefined) {
      const other = ctx.openOrders.find((o) => o.cloid === v.cloid && o.oid !== order.oid);
      if (other) return { ok: false, error: `New cloid: already used by open order ${other.oid}` };
    }
    const params: Parameters<typeof build.modify>[0] = { contractId: c.contractId, oid: order.oid };
    if (p !== undefined) params.price = p;
    if (s !== undefined) params.size = s;
    if (tif !== undefined) params.tif = tif;
    if (v.cloid !== undefined) params.newCloid = v.cloid;
    const changes = [
      p !== undefined ? `price ${formatPrice(order.limitPx, c)} -> ${formatPrice(v.price, c)}` : undefined,
      s !== undefined ? `size ${formatSize(order.origSz, c)} -> ${formatSize(v.size, c)}` : undefined,
      tif !== undefined ? `tif ${order.tif} -> ${tif}` : undefined,
      v.cloid !== undefined ? `cloid -> ${v.cloid}` : undefined,
    ].filter((x): x is string => x !== undefined);
    const summary = [
      `Modify ${order.isBuy ? 'buy' : 'sell'} order ${order.oid} on ${c.name}: ${changes.join(', ')}`,
      `Queue: ${queuePriorityNote(order, p, s, { tif, cloid: v.cloid })}`,
    ];
    const notional = notionalRaw(v.price, v.size, c.priceScale, c.qtyScale, collateralCoin(ctx.configs).decimals);
    return { ok: true, value: { action: build.modify(params), summary, notional } };
  },
  confirm(v, ctx) {
    const order = ctx.selectedOrder!;
    const c = orderContract(ctx)!;
    const filled = filledRaw(order, c) ?? 0n;
    const leaves = v.size > filled ? v.size - filled : 0n;
    const kind = (v.tif ?? order.tif) === 'Alo' ? 'Alo' : 'Gtc';
    return [preTradeFor(ctx, { contract: c, isBuy: order.isBuy, kind, price: v.price, size: leaves, reduceOnly: order.reduceOnly, replaces: order })];
  },
});
