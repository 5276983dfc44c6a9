import { formatPrice, formatSize } from '../../format/index.js';
import { formatDecimal } from '../../protocol/index.js';
import { build, type OrderSpec } from '../../protocol/wire/index.js';
import { defaultSizeText } from '../defaultSize.js';
import { choiceField, cloidField, priceField, sizeField, toggleField, when, type Texts } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { contractUnavailable, markRaw, preTradeFor } from '../orderContext.js';
import type { OrderKind } from '../preTrade.js';
import type { FormContext } from '../context.js';

export const SIDES = [{ text: 'Buy' }, { text: 'Sell' }] as const;
export const ORDER_KINDS: readonly { text: OrderKind; label: string }[] = [
  { text: 'Gtc', label: 'limit, good till cancelled' },
  { text: 'Ioc', label: 'limit, immediate or cancel' },
  { text: 'Alo', label: 'limit, post-only' },
  { text: 'Market', label: 'market' },
];

const isMarket = (texts: Texts) => (texts['type'] ?? '').trim().toLowerCase() === 'market';

/** Shared by the single and batch forms: an order's wire spec from parsed values. */
export function orderSpecOf(contract: NonNullable<FormContext['contract']>, o: { isBuy: boolean; kind: OrderKind; price?: bigint | undefined; size: bigint; reduceOnly: boolean; cloid?: string | undefined }): OrderSpec {
  const spec: OrderSpec = {
    contractId: contract.contractId,
    isBuy: o.isBuy,
    size: formatDecimal(o.size, contract.qtyScale),
    reduceOnly: o.reduceOnly,
    tif: o.kind,
  };
  if (o.kind !== 'Market' && o.price !== undefined) spec.price = formatDecimal(o.price, contract.priceScale);
  if (o.cloid !== undefined) spec.cloid = o.cloid;
  return spec;
}

export function describeOrder(contract: NonNullable<FormContext['contract']>, s: OrderSpec): string {
  const side = s.isBuy ? 'Buy' : 'Sell';
  const where = s.price === undefined ? 'at market' : `@ ${formatPrice(s.price, contract)} ${s.tif ?? 'Gtc'}`;
  return `${side} ${formatSize(s.size, contract)} ${contract.name} ${where}${s.reduceOnly ? ', reduce-only' : ''}${s.cloid ? `, cloid ${s.cloid}` : ''}`;
}

/** A cloid already carried by an open order, which the exchange would refuse to reuse. */
export function cloidClash(ctx: FormContext, cloid: string | undefined): string | undefined {
  if (cloid === undefined) return undefined;
  const o = ctx.openOrders.find((x) => x.cloid === cloid);
  return o ? `Cloid: already used by open order ${o.oid}` : undefined;
}

export const orderForm = defineForm({
  id: 'order',
  title: 'New order',
  actionType: 'order',
  needs: needsFor('order'),
  fields: {
    side: choiceField({ label: 'Side', help: 'Buy (long) or Sell (short)', choices: () => SIDES, map: (t) => t === 'Buy', default: () => 'Buy' }),
    type: choiceField({
      label: 'Type',
      help: 'Gtc rests until filled or cancelled; Ioc cancels what does not fill at once; Alo is post-only; Market takes the book',
      choices: () => ORDER_KINDS,
      map: (t) => t as OrderKind,
      default: () => 'Gtc',
    }),
    price: when(priceField({ label: 'Price', help: 'limit price, a multiple of the tick size' }), (texts) => !isMarket(texts)),
    size: sizeField({
      label: 'Size',
      help: 'a multiple of the step size',
      default: (ctx) => (ctx.contract ? defaultSizeText(ctx.contract, ctx.settings, markRaw(ctx, ctx.contract)) : ''),
    }),
    reduceOnly: toggleField({ label: 'Reduce-only', help: 'only ever reduces the position', default: () => 'no' }),
    cloid: cloidField({ label: 'Cloid', help: 'optional client order id (digits); one is generated when empty', optional: true }),
  },
  unavailable: contractUnavailable,
  build(v, ctx) {
    const contract = ctx.contract!;
    const clash = cloidClash(ctx, v.cloid);
    if (clash) return { ok: false, error: clash };
    const spec = orderSpecOf(contract, { isBuy: v.side, kind: v.type, price: v.price, size: v.size, reduceOnly: v.reduceOnly, cloid: v.cloid });
    const summary = [describeOrder(contract, spec)];
    if (v.type === 'Market') summary.push('a market order takes whatever the book offers; an Ioc limit bounds the price');
    return { ok: true, value: { action: build.order([spec]), call: { kind: 'order', specs: [spec] }, summary } };
  },
  confirm(v, ctx) {
    return [preTradeFor(ctx, { contract: ctx.contract!, isBuy: v.side, kind: v.type, price: v.price, size: v.size, reduceOnly: v.reduceOnly })];
  },
});
