import { formatPrice, formatSize } from '../format/index.js';
import { divRound, formatDecimal } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import { bestPrices } from './bookWalk.js';
import { collateralCoin, contractById, isHedge, targetPosition, type FormContext } from './context.js';
import { defaultSizeRaw } from './defaultSize.js';
import { roundToTick, truncDecimal, tryDecimal } from './numbers.js';
import { bookSides, contractUnavailable, markRaw, positionSize } from './orderContext.js';
import type { OrderKind } from './preTrade.js';

/**
 * Trading from the book and position keys. Each returns the texts of the order form (or the
 * batch form), never an action: every key path then goes through the same validation,
 * pre-trade summary, guards and confirm policy as typing the order by hand.
 *
 * Closing keys (flatten, reverse, close half) send an Ioc limit at a protective price
 * PROTECT_PCT through the mark rather than a market order: a market order carries no price
 * bound, so in a thin book it can trade far away, and on the test setup it can hit maxTicks
 * (spec 4.5). The Ioc fills what the book offers within the bound and cancels the rest.
 */
export const PROTECT_PCT = 5n;

export type BookActionResult = { ok: true; form: 'order'; values: Record<string, string>; note: string } | { ok: false; error: string };

interface OrderTexts {
  isBuy: boolean;
  kind: OrderKind;
  price?: bigint;
  size: bigint;
  reduceOnly: boolean;
}

function texts(c: ContractConfig, o: OrderTexts): Record<string, string> {
  return {
    side: o.isBuy ? 'Buy' : 'Sell',
    type: o.kind,
    price: o.price === undefined ? '' : formatDecimal(o.price, c.priceScale),
    size: formatDecimal(o.size, c.qtyScale),
    reduceOnly: o.reduceOnly ? 'yes' : 'no',
    cloid: '',
  };
}

function contractOf(ctx: FormContext): { ok: true; c: ContractConfig } | { ok: false; error: string } {
  const why = contractUnavailable(ctx);
  return why ? { ok: false, error: why } : { ok: true, c: ctx.contract as ContractConfig };
}

/** Buy or sell at the book cursor's price with the default size, as a Gtc limit. */
export function atCursor(ctx: FormContext, isBuy: boolean, cursorRaw: bigint | string | null): BookActionResult {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  if (cursorRaw === null) return { ok: false, error: 'move the book cursor to a price level first (j/k)' };
  const price = typeof cursorRaw === 'bigint' ? cursorRaw : /^\d+$/.test(cursorRaw) ? BigInt(cursorRaw) : undefined;
  if (price === undefined || price <= 0n) return { ok: false, error: 'the book cursor is not on a price' };
  const size = defaultSizeRaw(r.c, ctx.settings, markRaw(ctx, r.c));
  const o = { isBuy, kind: 'Gtc' as const, price, size, reduceOnly: false };
  return { ok: true, form: 'order', values: texts(r.c, o), note: `${isBuy ? 'Buy' : 'Sell'} at the cursor ${formatPrice(price, r.c)}` };
}

/** Join the best bid (buy) or best ask (sell) as post-only, so a moved book rejects rather than takes. */
export function joinBest(ctx: FormContext, isBuy: boolean): BookActionResult {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  const best = bestPrices(bookSides(ctx, r.c), r.c.priceScale);
  const price = isBuy ? best.bid : best.ask;
  if (price === undefined) return { ok: false, error: `no ${isBuy ? 'bid' : 'ask'} to join: that side of the book is empty` };
  const size = defaultSizeRaw(r.c, ctx.settings, markRaw(ctx, r.c));
  const o = { isBuy, kind: 'Alo' as const, price, size, reduceOnly: false };
  return { ok: true, form: 'order', values: texts(r.c, o), note: `Join the best ${isBuy ? 'bid' : 'ask'} ${formatPrice(price, r.c)} (post-only)` };
}

/** The Ioc bound PROTECT_PCT through the mark (else the best opposite price), on the tick grid. */
export function protectivePrice(ctx: FormContext, c: ContractConfig, isBuy: boolean): bigint | undefined {
  const best = bestPrices(bookSides(ctx, c), c.priceScale);
  const ref = markRaw(ctx, c) ?? (isBuy ? best.ask : best.bid);
  if (ref === undefined) return undefined;
  const tick = BigInt(c.tickSize) > 0n ? BigInt(c.tickSize) : 1n;
  const top = BigInt(c.maxTicks) * tick;
  if (isBuy) {
    const p = roundToTick(divRound(ref * (100n + PROTECT_PCT), 100n, 'down'), tick, 'down');
    return p > top ? top : p;
  }
  const p = roundToTick(divRound(ref * (100n - PROTECT_PCT), 100n, 'up'), tick, 'up');
  return p < tick ? tick : p;
}

type Closing = 'flatten' | 'reverse' | 'closeHalf';

function closingOrder(ctx: FormContext, what: Closing): BookActionResult {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  const c = r.c;
  const p = targetPosition(ctx);
  if (!p || p.contractId !== c.contractId) return { ok: false, error: `no ${c.name} position (select one in the account pane)` };
  const size = positionSize(p, c);
  if (size === 0n) return { ok: false, error: `the ${c.name} position is empty` };
  if (what === 'reverse' && isHedge(ctx.account)) {
    return { ok: false, error: 'reverse needs one-way position mode: in hedge mode, flatten this side and open the other' };
  }
  const isBuy = !p.isBuy;
  const price = protectivePrice(ctx, c, isBuy);
  if (price === undefined) return { ok: false, error: `no mark or book price for ${c.name} to bound the Ioc order` };
  let qty = size;
  if (what === 'reverse') qty = size * 2n;
  if (what === 'closeHalf') {
    const step = BigInt(c.stepSize) > 0n ? BigInt(c.stepSize) : 1n;
    qty = ((size / 2n) / step) * step;
    if (qty === 0n) return { ok: false, error: `the position (${formatSize(p.size, c)}) is too small to halve on a step of ${formatSize(step, c)}` };
  }
  const o = { isBuy, kind: 'Ioc' as const, price, size: qty, reduceOnly: what !== 'reverse' };
  // The order itself is the form's summary line: the note says only what the key does with it.
  const label = what === 'flatten' ? 'Flatten: closes the position' : what === 'reverse' ? 'Reverse: flips the position' : 'Close half: halves the position';
  return { ok: true, form: 'order', values: texts(c, o), note: `${label} with an Ioc bounded ${PROTECT_PCT}% through the mark` };
}

export const flatten = (ctx: FormContext): BookActionResult => closingOrder(ctx, 'flatten');
export const reverse = (ctx: FormContext): BookActionResult => closingOrder(ctx, 'reverse');
export const closeHalf = (ctx: FormContext): BookActionResult => closingOrder(ctx, 'closeHalf');


/**
 * A price alert at the book cursor (`!` on the book): the contract's mark crossing the
 * cursor's price, above when the cursor is over the mark, else below. The caller keeps it in
 * the account's alert file (docs/alerts.md).
 */
export function alertAtCursor(ctx: FormContext, cursorRaw: string | null): { ok: true; contract: string; direction: 'above' | 'below'; level: string } | { ok: false; error: string } {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  if (cursorRaw === null) return { ok: false, error: 'move the book cursor to a price level first (j/k), then ! sets an alert there' };
  const price = /^\d+$/.test(cursorRaw) ? BigInt(cursorRaw) : undefined;
  if (price === undefined || price <= 0n) return { ok: false, error: 'the book cursor is not on a price' };
  const mark = markRaw(ctx, r.c);
  if (mark === undefined) return { ok: false, error: `no mark for ${r.c.name} yet: an alert needs one to say which way it crosses` };
  if (price === mark) return { ok: false, error: `the cursor is at the mark (${formatPrice(price, r.c)}): move it above or below first` };
  return { ok: true, contract: r.c.name, direction: price > mark ? 'above' : 'below', level: formatDecimal(price, r.c.priceScale) };
}

/** A rule line for the alert form, opened from a row: the words and why they were chosen. */
export type RowAlert = { ok: true; rule: string; note: string } | { ok: false; error: string };

/**
 * `!` on an order: the mark reaching the order's price (above it for an order over the mark,
 * else below; without the contract's mark, by side: a buy rests under the market).
 */
export function alertForOrder(ctx: FormContext, order: { asset: number; isBuy: boolean; limitPx: string }): RowAlert {
  const c = contractById(ctx.configs, order.asset);
  if (!c) return { ok: false, error: `contract ${order.asset} is not in the configs` };
  const px = tryDecimal(order.limitPx, c.priceScale);
  if (px === undefined || px <= 0n) return { ok: false, error: 'the order has no price to alert at' };
  const mark = markRaw(ctx, c);
  const above = mark !== undefined ? px > mark : !order.isBuy;
  return { ok: true, rule: `price ${c.name} ${above ? 'above' : 'below'} ${formatDecimal(px, c.priceScale)}`, note: `the mark reaching this order's price (${formatPrice(px, c)}); edit the words to change it` };
}

/** `!` on a position: its unrealised PnL falling below minus 1 % of its entry value, in the collateral coin (cents). */
export function alertForPosition(ctx: FormContext, p: { contractId: number; entryPx: string; size: string; entryValue?: string | undefined }): RowAlert {
  const c = contractById(ctx.configs, p.contractId);
  if (!c) return { ok: false, error: `contract ${p.contractId} is not in the configs` };
  const coin = collateralCoin(ctx.configs);
  const CENTS = 2;
  const value = truncDecimal(p.entryValue, CENTS) ?? (() => {
    const px = truncDecimal(p.entryPx, CENTS);
    const size = truncDecimal(p.size.replace(/^-/, ''), c.qtyScale);
    return px === undefined || size === undefined ? undefined : (px * size) / 10n ** BigInt(c.qtyScale);
  })();
  if (value === undefined || value <= 0n) return { ok: false, error: 'the position has no entry value to size the alert' };
  const loss = value / 100n > 0n ? value / 100n : 1n;
  return { ok: true, rule: `pnl ${c.name} below -${formatDecimal(loss, CENTS)}`, note: `the position's unrealised PnL below minus 1% of its entry value, in ${coin.name}; edit the words to change it` };
}

/** `!` on the chart: a price rule at the mark, its level to type. */
export function alertOnChart(ctx: FormContext): RowAlert {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  const mark = markRaw(ctx, r.c);
  if (mark === undefined) return { ok: false, error: `no mark for ${r.c.name} yet: an alert needs one to say which way it crosses` };
  return { ok: true, rule: `price ${r.c.name} above ${formatDecimal(mark, r.c.priceScale)}`, note: `the mark is ${formatPrice(mark, r.c)}: type the level, above or below it` };
}
