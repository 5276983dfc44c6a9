import { formatMoney, formatPrice, formatSize } from '../format/index.js';
import { divRound, pow10 } from '../protocol/index.js';
import { marginMathOf, marketBound, MARKET_SLIPPAGE_PCT, type MarginMath } from '../protocol/risk/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import type { Blocker } from './blockers.js';
import { walkBook, type BookSides, type FillEstimate } from './bookWalk.js';
import { marksAfter } from './markAfter.js';
import { defaultLeverage, reduceOnlyRoom, type HoldingModel } from './holdingModel.js';
import { notionalRaw, RATE_SCALE, tryDecimal, type CoinUnit } from './numbers.js';
import { orderRisk, type OthersInPool, type OrderRisk } from './orderRisk.js';
import type { PoolView } from './poolView.js';

/**
 * The confirm step's facts for one order: notional, the margin it needs against what the
 * pool has, the estimated fill walking the book, the estimated liquidation price and the
 * fee. Pure bigint arithmetic on raw units: prices at priceScale, sizes at qtyScale, money
 * in the collateral coin (the quote coin counts at par, open-points).
 *
 * Margin and liquidation are the exchange's own rules (src/protocol/risk) applied to what
 * the account reads report (see orderRisk.ts); without the account they are unknown.
 * Fees are charged as the exchange charges them: per fill, on the notional rounded up.
 */
export type OrderKind = 'Gtc' | 'Ioc' | 'Alo' | 'Market';

/** The account's side of an estimate: the pool the contract draws on and the holding on it. */
export interface PreTradeRisk {
  pool: PoolView;
  holding: HoldingModel;
  hedge: boolean;
  others: OthersInPool;
  /** A modify: the order it changes, which stops counting once it is replaced. */
  replaces?: { isBuy: boolean; reduceOnly: boolean; remaining: bigint; px: bigint } | undefined;
  /** Why parts of the estimate are approximate (the exchange did not report a figure the rule needs). */
  approximate: string[];
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
  /** Raw index price: with the book it gives the mark the order leaves (markAfter.ts). */
  indexPx?: bigint | undefined;
  /** User overrides; else the contract's rates. */
  feeRates?: { maker: string; taker: string } | undefined;
  risk?: PreTradeRisk | undefined;
}

export interface PreTrade {
  contractName: string;
  isBuy: boolean;
  kind: OrderKind;
  size: bigint;
  price?: bigint;
  /** Raw collateral value if the whole order executes as estimated. */
  notional: bigint;
  /** How far the order lowers the pool's available margin, as the exchange's check prices it. */
  marginRequired: bigint;
  available?: bigint;
  /** The pool the contract draws on ("deployer 2", "share group 1 (deployer 1)"). */
  pool?: string;
  leverage: number;
  leverageAssumed: boolean;
  fill: FillEstimate;
  /** Raw size that would rest on the book (Gtc/Alo remainder). */
  resting: bigint;
  /** Raw size cancelled unfilled (Ioc/Market remainder). */
  cancelled: bigint;
  /** After what matches on arrival. null: no liquidation (no position, or none would); undefined: cannot estimate. */
  liquidationPx: bigint | null | undefined;
  /** After the resting part fills as well (only when a part rests). */
  liquidationIfFilled?: bigint | null | undefined;
  /** The margin verdict of the exchange's own check, when the account is known. */
  risk?: OrderRisk;
  fee: bigint;
  markPx?: bigint;
  /** Worst price the order can trade at: the limit, or the last level a market order takes. */
  worstPx?: bigint;
  /** Human lines for the confirm step. */
  lines: string[];
  /** A post-only order that would cross: the best opposite price it meets (the exchange rejects it whole). */
  postOnlyCrossesAt?: bigint;
  /** Warnings: ALO that would be rejected, thin book, tiers. */
  notes: string[];
  /** What the exchange is known to refuse (set by the order forms from their context). */
  blockers?: Blocker[];
}

function rate(text: string | undefined): bigint | undefined {
  return tryDecimal(text, RATE_SCALE, true);
}

function tierCap(math: MarginMath, notional: bigint): number | undefined {
  return notional > math.maxNotional ? undefined : math.maxLeverageAt(notional);
}

export function preTrade(input: PreTradeInput): PreTrade {
  const c = input.contract;
  const ps = c.priceScale;
  const qs = c.qtyScale;
  const cd = input.collateral.decimals;
  const math = marginMathOf(c, cd);
  // Figures the pool shows (notional, available) read as the account pane shows them; what
  // the order charges or locks (fee, margin) keeps every digit.
  const money = (raw: bigint) => formatMoney(raw, input.collateral, { symbol: true });
  const charged = (raw: bigint) => formatMoney(raw, input.collateral, { exact: true, symbol: true });
  const px = (raw: bigint) => formatPrice(raw, c);
  const sz = (raw: bigint) => formatSize(raw, c);
  const notes: string[] = [];
  const risk = input.risk;
  const limit = input.kind === 'Market' ? undefined : input.price;
  const reduceOnly = input.reduceOnly === true;

  // The exchange clips a reduce-only order to the room its position leaves.
  let size = input.size;
  if (reduceOnly && risk) {
    const room = reduceOnlyRoom(risk.holding, input.isBuy);
    if (room > 0n && room < size) {
      notes.push(`reduce-only: the exchange clips it to ${sz(room)}, what the position leaves after resting reduce-only orders`);
      size = room;
    }
  }
  const bound = input.kind === 'Market' && input.markPx !== undefined ? marketBound(input.markPx, BigInt(c.tickSize), input.isBuy) : limit;
  const own = risk ? (input.isBuy ? risk.holding.ownAsks : risk.holding.ownBids) : undefined;
  const walked = walkBook(input.book, input.isBuy, size, bound, ps, qs, own);
  // A crossing post-only order is rejected whole: nothing fills, nothing rests. The account's
  // own resting orders count here (the exchange's cross check does not skip them).
  const crossing = input.kind === 'Alo' ? walkBook(input.book, input.isBuy, size, bound, ps, qs) : undefined;
  const crossesAt = crossing?.fills[0]?.px;
  const aloRejected = crossesAt !== undefined;
  if (aloRejected) notes.push(`post-only (Alo) would be rejected: ${px(limit as bigint)} crosses the book at ${px(crossesAt)}`);
  const fill: FillEstimate = aloRejected ? { filled: 0n, cost: 0n, remaining: size, levels: 0, fills: [] } : walked;
  let resting = 0n;
  let cancelled = input.size - size;
  if (aloRejected) cancelled = input.size;
  else if (input.kind === 'Gtc' || input.kind === 'Alo') resting = fill.remaining;
  else cancelled += fill.remaining;

  // The price the unmatched remainder is valued at: its limit, else the mark, else the last level.
  const remainderPx = limit ?? input.markPx ?? fill.worstPx;
  const remainderCost = remainderPx === undefined ? 0n : fill.remaining * remainderPx;
  const notional = divRound((fill.cost + remainderCost) * pow10(cd), pow10(ps + qs), 'half-up');
  if (input.kind === 'Market' && fill.remaining > 0n) {
    const why = bound !== undefined ? ` within mark ±${MARKET_SLIPPAGE_PCT}% (${px(bound)})` : '';
    notes.push(fill.filled === 0n ? `the book has no liquidity on that side${why}: a market order would not fill` : `the book covers only ${sz(fill.filled)} of ${sz(size)}${why}; the rest would be cancelled`);
  }
  if (input.kind === 'Ioc' && fill.remaining > 0n) notes.push(`${sz(fill.remaining)} would not match at once and would be cancelled (Ioc)`);

  // Leverage: the holding's (else the exchange default), capped by the tier of the resulting position.
  const holding = risk?.holding;
  let leverage = holding?.leverage ?? defaultLeverage(c);
  const leverageAssumed = holding === undefined || holding.leverageSource === 'default';
  const current = holding ? (holding.long?.size ?? 0n) - (holding.short?.size ?? 0n) : 0n;
  const signed = current + (reduceOnly ? 0n : input.isBuy ? size : -size);
  const resultingSize = signed < 0n ? -signed : signed;
  const resultingNotional = input.markPx !== undefined ? notionalRaw(input.markPx, resultingSize, ps, qs, cd, 'up') : notional;
  const cap = tierCap(math, resultingNotional);
  if (cap === undefined) notes.push(`the resulting position exceeds the contract's largest leverage tier`);
  else if (leverage > cap) notes.push(`at this size the tier allows at most ${cap}x (leverage set: ${leverage}x)`);
  leverage = Math.max(1, cap === undefined ? leverage : Math.min(leverage, cap));

  const rates = input.feeRates ?? { maker: c.makerFeeRate, taker: c.takerFeeRate };
  const taker = rate(rates.taker);
  const maker = rate(rates.maker);
  if (taker === undefined || maker === undefined) notes.push('fee rates unknown: fee shown as 0');
  let fee = 0n;
  for (const f of fill.fills) fee += math.fee(math.ceil(f.px * f.sz), taker ?? 0n);
  if (limit !== undefined && resting > 0n) fee += math.fee(math.ceil(resting * limit), maker ?? 0n);

  let marginRequired: bigint;
  let estimate: OrderRisk | undefined;
  if (risk) {
    // The position is valued at the mark the order itself leaves, as the exchange will value it.
    const after = marksAfter(input.book, { isBuy: input.isBuy, fill, resting, limit }, { priceScale: ps, qtyScale: qs }, input.indexPx, input.markPx);
    estimate = orderRisk({
      math,
      mark: input.markPx,
      marksAfter: after,
      hedge: risk.hedge,
      holding: risk.holding,
      pool: risk.pool,
      others: risk.others,
      isBuy: input.isBuy,
      reduceOnly,
      fills: fill.fills,
      resting,
      limit,
      takerRate: taker ?? 0n,
      makerRate: maker ?? 0n,
      replaces: risk.replaces,
    });
    marginRequired = estimate.marginRequired;
  } else {
    // No account: the opening part's initial margin, as a rough guide.
    const opening = reduceOnly ? 0n : size;
    marginRequired = input.size === 0n ? 0n : divRound(divRound(notional * opening, input.size, 'up'), BigInt(leverage), 'up');
  }

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
    liquidationPx: estimate ? estimate.liquidationPx : undefined,
    fee,
    lines: [],
    notes,
  };
  if (estimate) {
    out.risk = estimate;
    if ('liquidationIfFilled' in estimate) out.liquidationIfFilled = estimate.liquidationIfFilled;
  }
  if (input.price !== undefined && input.kind !== 'Market') out.price = input.price;
  if (risk) {
    out.pool = risk.pool.label;
    if (risk.pool.available !== undefined) out.available = risk.pool.available;
  }
  if (input.markPx !== undefined) out.markPx = input.markPx;
  if (crossesAt !== undefined) out.postOnlyCrossesAt = crossesAt;
  if (worstPx !== undefined) out.worstPx = worstPx;

  const side = input.isBuy ? 'Buy' : 'Sell';
  const what = input.kind === 'Market' ? `${side} ${sz(input.size)} ${c.name} at market` : `${side} ${sz(input.size)} ${c.name} @ ${px(input.price ?? 0n)} ${input.kind}`;
  // Worded as the form's summary words the order (describeOrder), so a confirm step shows it once.
  out.lines.push(`${what}${reduceOnly ? ', reduce-only' : ''}`);
  out.lines.push(`Notional: ${money(notional)}`);
  let avail = 'available unknown (account not loaded)';
  if (risk && !risk.pool.enrolled) avail = `not enrolled in ${risk.pool.label}`;
  else if (risk && out.available !== undefined) avail = `${money(out.available)} available in ${risk.pool.label}${risk.pool.availableDerived ? ' (derived: the exchange did not report it)' : ''}`;
  out.lines.push(`Margin: ${charged(marginRequired)} required at ${leverage}x${leverageAssumed ? ' (assumed: the exchange default)' : ''}; ${avail}`);
  const parts: string[] = [];
  if (aloRejected) parts.push('rejected whole (post-only would cross)');
  // The average at the price scale, as the positions pane shows an entry price.
  else if (fill.filled > 0n) parts.push(`${sz(fill.filled)} @ ${px(fill.avgPx as bigint)} avg (worst ${px(fill.worstPx as bigint)}, ${fill.levels} level${fill.levels === 1 ? '' : 's'})`);
  else parts.push('nothing matches now');
  if (resting > 0n && limit !== undefined) parts.push(`${sz(resting)} would rest at ${px(limit)}`);
  if (cancelled > 0n && !aloRejected) parts.push(`${sz(cancelled)} cancelled unfilled`);
  out.lines.push(`Est. fill: ${parts.join('; ')}`);
  out.lines.push(liquidationLine(out, risk, px, sz));
  out.lines.push(`Fee: ${charged(fee)}${taker !== undefined && maker !== undefined ? ` (taker ${rates.taker} on the matched part, maker ${rates.maker} on the resting part)` : ''}`);
  return out;
}

function liquidationLine(pt: PreTrade, risk: PreTradeRisk | undefined, px: (raw: bigint) => string, sz: (raw: bigint) => string): string {
  const word = (v: bigint | null | undefined) => (v === undefined ? 'unknown' : v === null ? 'none' : px(v));
  if (!risk) return 'Est. liquidation: unknown (account not loaded)';
  if (pt.liquidationPx === undefined) return 'Est. liquidation: unknown (no mark price yet)';
  let line = `Est. liquidation: ${word(pt.liquidationPx)}`;
  if (pt.resting > 0n && pt.liquidationIfFilled !== undefined) line += ` now; ${word(pt.liquidationIfFilled)} once the resting ${sz(pt.resting)} fill`;
  if (risk.approximate.length > 0) line += ` (approximate: ${risk.approximate.join('; ')})`;
  return line;
}
