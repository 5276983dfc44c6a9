import { formatMoney, formatPrice, formatSize } from '../../format/index.js';
import { formatDecimal, parsePrice } from '../../protocol/index.js';
import { build, type ContractConfig, type OrderSpec } from '../../protocol/wire/index.js';
import { describeAttached, outcomeText, type AttachedLegs } from '../attachedLegs.js';
import { defaultSizeText } from '../defaultSize.js';
import { choiceField, cloidField, err, priceField, sizeField, toggleField, when, type Field, type Texts } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { maxOrderSize } from '../maxOrderSize.js';
import { formatPct, notionalRaw, PCT_SCALE, triggerOutcome } from '../numbers.js';
import { contractUnavailable, markRaw, preTradeFor } from '../orderContext.js';
import { parsePercent, PERCENT_ONE, percentOfMax } from '../percentSize.js';
import type { OrderKind } from '../preTrade.js';
import { DEFAULT_PRICE_SOURCE, sourcePrice } from '../priceSource.js';
import { atParNote, collateralCoin, type FormContext } from '../context.js';

export const SIDES = [{ text: 'Buy' }, { text: 'Sell' }] as const;
export const ORDER_KINDS: readonly { text: OrderKind; label: string }[] = [
  { text: 'Gtc', label: 'limit, good till cancelled' },
  { text: 'Ioc', label: 'limit, immediate or cancel' },
  { text: 'Alo', label: 'limit, post-only' },
  { text: 'Market', label: 'market' },
];

const isMarket = (texts: Texts) => (texts['type'] ?? '').trim().toLowerCase() === 'market';
const isBuyText = (texts: Texts) => (texts['side'] ?? '').trim().toLowerCase() !== 'sell';
const kindText = (texts: Texts): OrderKind => ORDER_KINDS.find((k) => k.text.toLowerCase() === (texts['type'] ?? '').trim().toLowerCase())?.text ?? 'Gtc';
const yes = (text: string | undefined) => /^(yes|y|true|on|1)$/i.test((text ?? '').trim());

/** The limit price the texts hold, when it is a valid one. */
function priceOf(texts: Texts, c: ContractConfig): bigint | undefined {
  try {
    return parsePrice(texts['price'] ?? '', c, 'Price');
  } catch {
    return undefined;
  }
}

/** "notional 300.00 USDC" at the limit (the mark for a market order), when a price is known. */
function notionalNote(ctx: FormContext, c: ContractConfig, texts: Texts, size: bigint): string | undefined {
  const px = isMarket(texts) ? markRaw(ctx, c) : priceOf(texts, c);
  if (px === undefined) return undefined;
  const coin = collateralCoin(ctx.configs);
  return `notional ${formatMoney(notionalRaw(px, size, c.priceScale, c.qtyScale, coin.decimals), coin, { symbol: true })}${atParNote(ctx.configs, c)}`;
}

/**
 * The order's size: a size on the contract's step, or a percentage of the largest order the
 * margin allows now ("25%"), resolved as typed; either way the notional shows beside it.
 */
function orderSizeField(): Field<bigint> {
  const plain = sizeField({
    label: 'Size',
    help: 'a multiple of the step size, or a percentage of the most the available margin allows (25%)',
    default: (ctx) => (ctx.contract ? defaultSizeText(ctx.contract, ctx.settings, markRaw(ctx, ctx.contract)) : ''),
  });
  return {
    ...plain,
    parse: (text, ctx, texts) => {
      const pct = parsePercent(text);
      const c = ctx.contract;
      if (pct === undefined || !c) {
        const r = plain.parse(text, ctx, texts);
        if (!r.ok || !c) return r;
        const note = notionalNote(ctx, c, texts, r.value);
        return note === undefined ? r : { ...r, note };
      }
      if (pct === 'invalid') return err('Size', 'a percentage such as 25% or 12.5%');
      if (pct <= 0n || pct > PERCENT_ONE) return err('Size', 'a percentage above 0% and at most 100%');
      const sz = (raw: bigint) => formatSize(raw, c);
      const max = maxOrderSize(ctx, { contract: c, isBuy: isBuyText(texts), kind: kindText(texts), price: priceOf(texts, c), reduceOnly: yes(texts['reduceOnly']) });
      const share = formatPct(pct, PCT_SCALE).replace(/\.?0+%$/, '%');
      if (!max.ok) return err('Size', `${share} of the maximum: ${max.error}`);
      const step = BigInt(c.stepSize);
      const size = percentOfMax(max.size, pct, step);
      if (size <= 0n) return err('Size', `${share} of the maximum ${sz(max.size)} is less than one step (${sz(step)})`);
      const notional = notionalNote(ctx, c, texts, size);
      return { ok: true, value: size, note: `${share} of max ${sz(max.size)} = ${sz(size)}${notional ? ` · ${notional}` : ''}` };
    },
  };
}

/** A trigger on the right side of the entry: a long's TP above it and SL below, a short's the reverse. */
function legError(label: 'TP' | 'SL', px: bigint, ref: bigint | undefined, isBuy: boolean, c: ContractConfig, refName: string): string | undefined {
  if (ref === undefined) return undefined;
  const above = (label === 'TP') === isBuy;
  if (above ? px > ref : px < ref) return undefined;
  return `${label}: must be ${above ? 'above' : 'below'} ${refName} ${formatPrice(ref, c)} for a ${isBuy ? 'long' : 'short'} entry`;
}

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
  initialFocus: 'price',
  fields: {
    side: choiceField({ label: 'Side', help: 'Buy (long) or Sell (short)', choices: () => SIDES, map: (t) => t === 'Buy', default: () => 'Buy' }),
    type: choiceField({
      label: 'Type',
      help: 'Gtc rests until filled or cancelled; Ioc cancels what does not fill at once; Alo is post-only; Market takes the book',
      choices: () => ORDER_KINDS,
      map: (t) => t as OrderKind,
      default: () => 'Gtc',
    }),
    price: when(
      priceField({
        label: 'Price',
        help: 'limit price, a multiple of the tick size',
        // A buy joins the best bid, a sell the best ask (the book cursor's price from the book keys).
        default: (ctx, texts) => {
          const px = ctx.contract ? sourcePrice(ctx, ctx.contract, isBuyText(texts), DEFAULT_PRICE_SOURCE) : undefined;
          return px === undefined || !ctx.contract ? '' : formatDecimal(px, ctx.contract.priceScale);
        },
      }),
      (texts) => !isMarket(texts),
    ),
    size: orderSizeField(),
    reduceOnly: toggleField({ label: 'Reduce-only', help: 'only ever reduces the position', default: () => 'no' }),
    cloid: cloidField({ label: 'Cloid', help: 'optional client order id (digits); one is generated when empty', optional: true }),
    tp: priceField({ label: 'TP', help: 'optional take-profit trigger, set on the position once this order fills; empty for none', optional: true }),
    sl: priceField({ label: 'SL', help: 'optional stop-loss trigger, set on the position once this order fills; empty for none', optional: true }),
  },
  unavailable: contractUnavailable,
  build(v, ctx) {
    const contract = ctx.contract!;
    const clash = cloidClash(ctx, v.cloid);
    if (clash) return { ok: false, error: clash };
    const spec = orderSpecOf(contract, { isBuy: v.side, kind: v.type, price: v.price, size: v.size, reduceOnly: v.reduceOnly, cloid: v.cloid });
    // The summary names a cloid the trader typed; one given here is in the action all the same.
    const summary = [describeOrder(contract, spec)];
    if (spec.cloid === undefined && ctx.cloidFor) spec.cloid = ctx.cloidFor(0);
    if (v.type === 'Market') summary.push('a market order takes whatever the book offers; an Ioc limit bounds the price');
    let attached: AttachedLegs | undefined;
    if (v.tp !== undefined || v.sl !== undefined) {
      if (v.reduceOnly) return { ok: false, error: `${v.tp !== undefined ? 'TP' : 'SL'}: a reduce-only order opens no position to protect` };
      const mark = markRaw(ctx, contract);
      const ref = v.type === 'Market' ? mark : v.price;
      const refName = v.type === 'Market' ? 'the mark' : 'the price';
      const bad = (v.tp !== undefined ? legError('TP', v.tp, ref, v.side, contract, refName) : undefined) ?? (v.sl !== undefined ? legError('SL', v.sl, ref, v.side, contract, refName) : undefined);
      if (bad) return { ok: false, error: bad };
      attached = { contractId: contract.contractId, isBuy: v.side };
      if (v.tp !== undefined) attached.tp = formatDecimal(v.tp, contract.priceScale);
      if (v.sl !== undefined) attached.sl = formatDecimal(v.sl, contract.priceScale);
      summary.push(describeAttached(attached, contract));
      // What each trigger would make or lose on this order's size from its price (the mark for a market order).
      if (ref !== undefined) {
        const coin = collateralCoin(ctx.configs);
        const at = (label: string, px: bigint) =>
          `at ${label} ${formatPrice(px, contract)}: ${outcomeText(triggerOutcome({ entry: ref, trigger: px, size: v.size, isBuy: v.side, priceScale: contract.priceScale, qtyScale: contract.qtyScale, coinDecimals: coin.decimals }), coin)}`;
        const parts = [v.tp !== undefined ? at('TP', v.tp) : '', v.sl !== undefined ? at('SL', v.sl) : ''].filter(Boolean);
        summary.push(`${parts.join(' · ')}, fees aside${atParNote(ctx.configs, contract)}`);
      }
    }
    const built = { action: build.order([spec]), summary };
    return { ok: true, value: attached ? { ...built, attached } : built };
  },
  confirm(v, ctx) {
    return [preTradeFor(ctx, { contract: ctx.contract!, isBuy: v.side, kind: v.type, price: v.price, size: v.size, reduceOnly: v.reduceOnly })];
  },
});
