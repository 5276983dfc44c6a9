import { divRound, formatDecimal, maxBig, minBig, pow10, rescale } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import { walkBook, type BookSides, type FillEstimate } from './bookWalk.js';
import { DEFAULT_LEVERAGE, maxLeverage, tierLeverage } from './context.js';
import { formatCoinAmount, notionalRaw, RATE_ONE, RATE_SCALE, truncDecimal, tryDecimal, type CoinUnit } from './numbers.js';

/**
 * The confirm step's facts for one order: notional, margin, estimated fill walking the
 * book, estimated liquidation price and fee. Pure bigint arithmetic on raw units.
 *
 * Units: prices raw at priceScale, sizes raw at qtyScale, money raw in the collateral coin
 * (USDC, 6 decimals); the quote coin counts at par with the collateral (open-points).
 *
 * Liquidation estimate (until the exchange's margin engine documents its own): the position
 * after the whole order fills (crossing part at the walked prices, resting part at its limit)
 * is liquidated when its equity falls to maintenance margin, mmr x size x price:
 *   long:  P = (S - C') / (Q x (1 - mmr))      short: P = (S + C') / (Q x (1 + mmr))
 * with Q the resulting size, S = Q x entry (product units), C' the collateral backing it in
 * price x size units. Cross: C = pool equity - this position's unrealized PnL + PnL the order
 * realises - fee (other positions' PnL held, their maintenance not counted). Isolated: the
 * position's isolated margin (pro rata when reduced) plus the margin this order posts.
 * mmr = the contract's maintenanceMarginRatio, else 1 / (2 x its highest max leverage).
 * Rounded toward the mark (long up, short down) so the estimate never flatters.
 */
export type OrderKind = 'Gtc' | 'Ioc' | 'Alo' | 'Market';

export interface PositionInput {
  isBuy: boolean;
  /** Raw size (qtyScale), positive. */
  size: bigint;
  /** Human entry price; may carry more decimals than priceScale (an average). */
  entryPx: string;
  marginMode: 'cross' | 'isolated';
  isolatedMargin: bigint;
  unrealizedPnl: bigint;
  leverage: number;
}

export interface PreTradeInput {
  contract: ContractConfig;
  collateral: CoinUnit;
  isBuy: boolean;
  kind: OrderKind;
  /** Raw limit price; absent for Market. */
  price?: bigint | undefined;
  size: bigint;
  reduceOnly?: boolean | undefined;
  book?: BookSides | undefined;
  markPx?: bigint | undefined;
  /** Raw collateral the order may draw on, and the pool's equity. */
  available?: bigint | undefined;
  equity?: bigint | undefined;
  position?: PositionInput | undefined;
  /** The contract's leverage setting when known (else the position's, else the tier cap). */
  leverage?: number | undefined;
  marginMode?: 'cross' | 'isolated' | undefined;
  /** User overrides; else the contract's rates. */
  feeRates?: { maker: string; taker: string } | undefined;
}

export interface PreTrade {
  contractName: string;
  isBuy: boolean;
  kind: OrderKind;
  size: bigint;
  price?: bigint;
  /** Raw collateral value if the whole order executes as estimated. */
  notional: bigint;
  marginRequired: bigint;
  available?: bigint;
  leverage: number;
  leverageAssumed: boolean;
  fill: FillEstimate;
  /** Raw size that would rest on the book (Gtc/Alo remainder). */
  resting: bigint;
  /** Raw size cancelled unfilled (Ioc/Market remainder). */
  cancelled: bigint;
  /** null: no liquidation (closed or fully collateralised); undefined: cannot estimate. */
  liquidationPx: bigint | null | undefined;
  fee: bigint;
  markPx?: bigint;
  /** Worst price the order can trade at: the limit, or the last level a market order takes. */
  worstPx?: bigint;
  /** Human lines for the confirm step. */
  lines: string[];
  /** Warnings: ALO that would be rejected, thin book, margin shortfall. */
  notes: string[];
}

/** Extra digits carried for entry prices, which are averages. */
const EXTRA = 6;
/** An average shown with 4 digits beyond the price scale: 151.5 on an integer-priced contract. */
const X4 = 10_000n;

export function maintenanceRatio(contract: ContractConfig): bigint {
  const given = tryDecimal(contract.maintenanceMarginRatio, RATE_SCALE);
  if (given !== undefined) return given;
  const lev = BigInt(Math.max(1, maxLeverage(contract)));
  return divRound(RATE_ONE, 2n * lev, 'up');
}

function rate(text: string | undefined): bigint | undefined {
  return tryDecimal(text, RATE_SCALE, true);
}

function feeOn(notional: bigint, r: bigint): bigint {
  return divRound(notional * r, RATE_ONE, r >= 0n ? 'up' : 'down');
}

export function preTrade(input: PreTradeInput): PreTrade {
  const c = input.contract;
  const ps = c.priceScale;
  const qs = c.qtyScale;
  const cd = input.collateral.decimals;
  const money = (raw: bigint) => formatCoinAmount(raw, input.collateral);
  const px = (raw: bigint) => formatDecimal(raw, ps);
  const sz = (raw: bigint) => formatDecimal(raw, qs);
  const notes: string[] = [];
  const limit = input.kind === 'Market' ? undefined : input.price;

  const walked = walkBook(input.book, input.isBuy, input.size, limit, ps, qs);
  // A crossing post-only order is rejected whole: nothing fills, nothing rests.
  const aloRejected = input.kind === 'Alo' && walked.filled > 0n;
  if (aloRejected) notes.push(`post-only (Alo) would be rejected: ${px(limit as bigint)} crosses the book at ${px(walked.worstPx as bigint)}`);
  const fill: FillEstimate = aloRejected ? { filled: 0n, cost: 0n, remaining: input.size, levels: 0 } : walked;
  let resting = 0n;
  let cancelled = 0n;
  if (aloRejected) cancelled = input.size;
  else if (input.kind === 'Gtc' || input.kind === 'Alo') resting = fill.remaining;
  else cancelled = fill.remaining;

  // The price the unmatched remainder is valued at: its limit, else the mark, else the last level.
  const remainderPx = limit ?? input.markPx ?? fill.worstPx;
  const remainderCost = remainderPx === undefined ? 0n : fill.remaining * remainderPx;
  const orderCost = fill.cost + remainderCost;
  const notional = divRound(orderCost * pow10(cd), pow10(ps + qs), 'half-up');
  if (input.kind === 'Market' && fill.remaining > 0n) {
    notes.push(fill.filled === 0n ? 'the book has no liquidity on that side: a market order would not fill' : `the book covers only ${sz(fill.filled)} of ${sz(input.size)}; the rest would be cancelled`);
  }
  if (input.kind === 'Ioc' && fill.remaining > 0n) notes.push(`${sz(fill.remaining)} would not match at once and would be cancelled (Ioc)`);

  // Opening part: what is not closing an opposite position. Reduce-only never opens.
  const pos = input.position;
  const opposite = pos !== undefined && pos.isBuy !== input.isBuy && pos.size > 0n;
  const closing = opposite ? minBig(pos.size, input.size) : 0n;
  const opening = input.reduceOnly ? 0n : input.size - closing;
  if (input.reduceOnly && !opposite) notes.push('reduce-only with no opposite position to reduce: the exchange would refuse or cancel it');

  const resultingSize = pos === undefined ? opening : opposite ? (pos.size >= input.size ? pos.size - input.size : input.size - pos.size) : pos.size + opening;
  const resultingNotional = input.markPx !== undefined ? notionalRaw(input.markPx, resultingSize, ps, qs, cd) : notional;
  let leverage = pos?.leverage ?? input.leverage;
  let leverageAssumed = false;
  const cap = tierLeverage(c, resultingNotional);
  if (leverage === undefined) {
    // No leverage set yet: the exchange applies its default (docs/protocol.md, "Margin").
    leverage = Math.min(DEFAULT_LEVERAGE, c.leverageTiers[0]?.maxLeverage ?? maxLeverage(c));
    leverageAssumed = true;
  }
  if (cap === undefined) notes.push(`the resulting position exceeds the contract's largest leverage tier`);
  else if (leverage > cap) notes.push(`at this size the tier allows at most ${cap}x (leverage set: ${leverage}x)`);
  // Initial margin uses the lower of the leverage set and the tier's, as the exchange does.
  leverage = Math.max(1, cap === undefined ? leverage : Math.min(leverage, cap));

  const openingNotional = input.size === 0n ? 0n : divRound(notional * opening, input.size, 'up');
  const marginRequired = divRound(openingNotional, BigInt(leverage), 'up');
  if (input.available !== undefined && marginRequired > input.available) {
    notes.push(`margin required ${money(marginRequired)} exceeds available ${money(input.available)}`);
  }

  const rates = input.feeRates ?? { maker: c.makerFeeRate, taker: c.takerFeeRate };
  const taker = rate(rates.taker);
  const maker = rate(rates.maker);
  if (taker === undefined || maker === undefined) notes.push('fee rates unknown: fee shown as 0');
  const crossNotional = divRound(fill.cost * pow10(cd), pow10(ps + qs), 'half-up');
  const restNotional = limit === undefined ? 0n : divRound(resting * limit * pow10(cd), pow10(ps + qs), 'half-up');
  const fee = feeOn(crossNotional, taker ?? 0n) + feeOn(restNotional, maker ?? 0n);

  const liquidationPx = estimateLiquidation(input, fill, resting, cancelled, marginRequired, fee);

  let worstPx: bigint | undefined = limit;
  if (input.kind === 'Market') worstPx = fill.worstPx ?? input.markPx;
  const out: PreTrade = {
    contractName: c.name,
    isBuy: input.isBuy,
    kind: input.kind,
    size: input.size,
    notional,
    marginRequired,
    leverage,
    leverageAssumed,
    fill,
    resting,
    cancelled,
    liquidationPx,
    fee,
    lines: [],
    notes,
  };
  if (input.price !== undefined && input.kind !== 'Market') out.price = input.price;
  if (input.available !== undefined) out.available = input.available;
  if (input.markPx !== undefined) out.markPx = input.markPx;
  if (worstPx !== undefined) out.worstPx = worstPx;

  const side = input.isBuy ? 'Buy' : 'Sell';
  const what = input.kind === 'Market' ? `${side} ${sz(input.size)} ${c.name} at market` : `${side} ${sz(input.size)} ${c.name} @ ${px(input.price ?? 0n)} ${input.kind}`;
  out.lines.push(`${what}${input.reduceOnly ? ' (reduce-only)' : ''}`);
  out.lines.push(`Notional: ${money(notional)}`);
  const avail = input.available === undefined ? 'available unknown' : `${money(input.available)} available`;
  out.lines.push(`Margin: ${money(marginRequired)} required at ${leverage}x${leverageAssumed ? ' (assumed: the exchange default)' : ''}; ${avail}`);
  const parts: string[] = [];
  if (aloRejected) parts.push('rejected whole (post-only would cross)');
  else if (fill.filled > 0n) parts.push(`${sz(fill.filled)} @ ${formatDecimal(divRound(fill.cost * X4, fill.filled, 'half-up'), ps + 4)} avg (worst ${px(fill.worstPx as bigint)}, ${fill.levels} level${fill.levels === 1 ? '' : 's'})`);
  else parts.push('nothing matches now');
  if (resting > 0n && limit !== undefined) parts.push(`${sz(resting)} would rest at ${px(limit)}`);
  if (cancelled > 0n && !aloRejected) parts.push(`${sz(cancelled)} cancelled unfilled`);
  out.lines.push(`Est. fill: ${parts.join('; ')}`);
  out.lines.push(`Est. liquidation: ${liquidationPx === undefined ? 'unknown (account or prices not loaded)' : liquidationPx === null ? 'none' : px(liquidationPx)}`);
  out.lines.push(`Fee: ${money(fee)}${taker !== undefined && maker !== undefined ? ` (taker ${rates.taker} on the matched part, maker ${rates.maker} on the resting part)` : ''}`);
  return out;
}

function estimateLiquidation(input: PreTradeInput, fill: FillEstimate, resting: bigint, cancelled: bigint, marginRequired: bigint, fee: bigint): bigint | null | undefined {
  const c = input.contract;
  const ps = c.priceScale;
  const qs = c.qtyScale;
  const cd = input.collateral.decimals;
  const X = pow10(EXTRA);
  const executed = input.size - cancelled;
  // The order's execution, in product units at priceScale + EXTRA.
  const limit = input.kind === 'Market' ? undefined : input.price;
  const orderCost = (fill.cost + (limit === undefined ? 0n : resting * limit)) * X;
  const pos = input.position;
  const entry = pos ? truncDecimal(pos.entryPx, ps + EXTRA) : undefined;
  if (pos && entry === undefined) return undefined;

  let side = input.isBuy;
  let q: bigint;
  let s: bigint;
  let realized = 0n;
  let isolatedKept = 0n;
  const effective = input.reduceOnly && pos ? minBig(executed, pos.size) : executed;
  if (!pos || pos.size === 0n) {
    q = effective;
    s = orderCost;
  } else if (pos.isBuy === input.isBuy) {
    q = pos.size + effective;
    s = pos.size * (entry as bigint) + orderCost;
    isolatedKept = pos.isolatedMargin;
  } else {
    const closing = minBig(pos.size, effective);
    const avg = effective === 0n ? 0n : divRound(orderCost, effective, 'half-up');
    const pnlProduct = closing * (avg - (entry as bigint)) * (pos.isBuy ? 1n : -1n);
    realized = divRound(pnlProduct * pow10(cd), pow10(ps + EXTRA + qs), 'down');
    if (effective <= pos.size) {
      q = pos.size - effective;
      side = pos.isBuy;
      s = q * (entry as bigint);
      isolatedKept = pos.size === 0n ? 0n : (pos.isolatedMargin * q) / pos.size;
    } else {
      q = effective - pos.size;
      s = q * avg;
    }
  }
  if (q === 0n) return null;
  if (s === 0n) return undefined;

  const mode = pos?.marginMode ?? input.marginMode ?? 'cross';
  let collateral: bigint;
  if (mode === 'isolated') {
    collateral = isolatedKept + marginRequired;
  } else {
    if (input.equity === undefined) return undefined;
    collateral = input.equity - (pos?.unrealizedPnl ?? 0n) + realized - fee;
  }
  const mmr = maintenanceRatio(c);
  const R = RATE_ONE;
  const unit = pow10(cd);
  const cProduct = collateral * pow10(ps + EXTRA + qs) * R;
  const numerator = side ? s * unit * R - cProduct : s * unit * R + cProduct;
  const denominator = q * unit * (side ? R - mmr : R + mmr);
  if (denominator <= 0n || numerator <= 0n) return null;
  const ext = divRound(numerator, denominator, side ? 'up' : 'down');
  const raw = rescale(ext, ps + EXTRA, ps, side ? 'up' : 'down');
  return raw <= 0n ? null : maxBig(raw, 1n);
}
