import { formatMoney, formatPrice } from '../format/index.js';
import { absBig, parseDecimal } from '../protocol/index.js';
import { marginMathOf, positionFigures, restingOrderMargin } from '../protocol/risk/index.js';
import type { ContractConfig, L2Book, OpenOrder, Position } from '../protocol/wire/index.js';
import type { Blocker } from './blockers.js';
import type { BookSides } from './bookWalk.js';
import { collateralCoin, contractById, isHedge, type FormContext } from './context.js';
import { holdingOf, reduceOnlyRoom, restingOf } from './holdingModel.js';
import { tryDecimal } from './numbers.js';
import type { OthersInPool } from './orderRisk.js';
import { poolRefOf, poolView, samePool, type PoolView } from './poolView.js';
import { preTrade, type OrderKind, type PreTrade, type PreTradeRisk } from './preTrade.js';

/** The market facts an order form draws from the context, for one contract. */

export function markRaw(ctx: FormContext, contract: ContractConfig): bigint | undefined {
  if (ctx.contract?.contractId !== contract.contractId) return undefined;
  const m = tryDecimal(ctx.markPx ?? undefined, contract.priceScale);
  return m !== undefined && m > 0n ? m : undefined;
}

/** The contract's index price, raw, when the context carries it (the selected contract's only). */
export function indexRaw(ctx: FormContext, contract: ContractConfig): bigint | undefined {
  if (ctx.contract?.contractId !== contract.contractId) return undefined;
  const m = tryDecimal(ctx.indexPx ?? undefined, contract.priceScale);
  return m !== undefined && m > 0n ? m : undefined;
}

/** The book, only when it is the contract's (ctx carries the selected contract's book). */
export function bookOf(ctx: FormContext, contract: ContractConfig): L2Book | undefined {
  return ctx.book && ctx.book.contractId === contract.contractId ? ctx.book : undefined;
}

/** The contract's book as bid/ask sides, for walking and crossing checks. */
export function bookSides(ctx: FormContext, contract: ContractConfig): BookSides | undefined {
  const b = bookOf(ctx, contract);
  return b ? { bids: b.levels[0], asks: b.levels[1] } : undefined;
}

/**
 * What an order on `contract` may draw on: its pool's available margin and equity as the
 * exchange reports them (the deployer pool, or the share group's in PORTFOLIO mode).
 */
export function marginPool(ctx: FormContext, contract: ContractConfig): { available?: bigint; equity?: bigint; source: string } {
  if (!ctx.account) return { source: 'account not loaded' };
  const pool = poolWithAvailable(ctx, contract);
  const out: { available?: bigint; equity?: bigint; source: string } = { source: pool.enrolled ? pool.label : `${pool.label} (not enrolled)` };
  if (pool.available !== undefined) out.available = pool.available;
  if (pool.equity !== undefined) out.equity = pool.equity;
  return out;
}

/** Raw size of a position (the wire's size is unsigned; a sign is tolerated). */
export function positionSize(p: Position, contract: ContractConfig): bigint {
  try {
    return absBig(parseDecimal(p.size, contract.qtyScale, 'size', { signed: true }));
  } catch {
    return 0n;
  }
}

const int = (s: string | undefined): bigint | undefined => (s !== undefined && /^-?\d+$/.test(s) ? BigInt(s) : undefined);

/** A position's figures at its entry, for when the exchange did not report them (no mark for other contracts here). */
function figuresAtEntry(ctx: FormContext, p: Position, contract: ContractConfig): { im: bigint; mm: bigint } {
  const math = marginMathOf(contract, collateralCoin(ctx.configs).decimals);
  const h = holdingOf({ ...ctx, positions: [p], openOrders: [] }, contract);
  const pos = h.long ?? h.short;
  if (!pos) return { im: 0n, mm: 0n };
  const f = positionFigures(math, p.leverage, pos, undefined);
  return { im: f.im, mm: f.mm };
}

/** The pool's cross positions on other contracts: their PnL and maintenance margin as reported. */
function othersInPool(ctx: FormContext, pool: PoolView, contract: ContractConfig): OthersInPool {
  const out: OthersInPool = { upnl: 0n, mm: 0n, mmDerived: false };
  for (const { position: p, contract: c } of pool.positions) {
    if (c.contractId === contract.contractId || p.marginMode !== 'cross') continue;
    out.upnl += int(p.unrealizedPnl) ?? 0n;
    const mm = int(p.maintenanceMargin);
    if (mm !== undefined) out.mm += mm;
    else {
      out.mm += figuresAtEntry(ctx, p, c).mm;
      out.mmDerived = true;
    }
  }
  return out;
}

/**
 * The pool, with its available margin derived when the exchange did not report it (older
 * share-group entries): equity less the isolated part, the cross initial margin and the
 * order margin of its contracts.
 */
export function poolWithAvailable(ctx: FormContext, contract: ContractConfig): PoolView {
  const pool = poolView(ctx, contract);
  if (!pool.availableDerived || pool.equity === undefined) return pool;
  const coin = collateralCoin(ctx.configs);
  let available = pool.equity;
  const contracts = new Map<number, ContractConfig>();
  for (const { position: p, contract: c } of pool.positions) {
    contracts.set(c.contractId, c);
    if (p.marginMode === 'isolated') available -= (int(p.isolatedMargin) ?? 0n) + (int(p.unrealizedPnl) ?? 0n);
    else available -= int(p.marginUsed) ?? figuresAtEntry(ctx, p, c).im;
  }
  for (const o of ctx.openOrders) {
    const c = contractById(ctx.configs, o.asset);
    if (c && samePool(poolRefOf(ctx.account, c), pool.ref)) contracts.set(c.contractId, c);
  }
  for (const c of contracts.values()) {
    const h = holdingOf(ctx, c);
    available -= restingOrderMargin(marginMathOf(c, coin.decimals), restingOf(h), h.leverage, isHedge(ctx.account));
  }
  return { ...pool, available: available > 0n ? available : 0n };
}

export interface OrderIntent {
  contract: ContractConfig;
  isBuy: boolean;
  kind: OrderKind;
  price?: bigint | undefined;
  size: bigint;
  reduceOnly: boolean;
  /** A modify: the open order it changes (its margin stops counting; it cannot fill on arrival). */
  replaces?: OpenOrder | undefined;
}

/** The account's side of an estimate for `contract`, from what the reads report. */
export function riskOf(ctx: FormContext, contract: ContractConfig, replaces?: OpenOrder): PreTradeRisk | undefined {
  if (!ctx.account) return undefined;
  const pool = poolWithAvailable(ctx, contract);
  const holding = holdingOf(ctx, contract);
  const others = othersInPool(ctx, pool, contract);
  const approximate: string[] = [];
  if ((holding.long || holding.short) && !holding.costExact) approximate.push('the exchange did not report the exact entry value');
  if (!holding.modeKnown) approximate.push('margin mode assumed cross (no read shows it)');
  if (others.mmDerived) approximate.push("other positions' maintenance margin taken at entry");
  const risk: PreTradeRisk = { pool, holding, hedge: isHedge(ctx.account), others, approximate };
  if (replaces) {
    const px = tryDecimal(replaces.limitPx, contract.priceScale);
    const remaining = tryDecimal(replaces.sz, contract.qtyScale);
    if (px !== undefined && remaining !== undefined) risk.replaces = { isBuy: replaces.isBuy, reduceOnly: replaces.reduceOnly, remaining, px };
  }
  return risk;
}

export function preTradeFor(ctx: FormContext, o: OrderIntent): PreTrade {
  const risk = riskOf(ctx, o.contract, o.replaces);
  const pt = preTrade({
    contract: o.contract,
    collateral: collateralCoin(ctx.configs),
    isBuy: o.isBuy,
    kind: o.kind,
    price: o.price,
    size: o.size,
    reduceOnly: o.reduceOnly,
    book: bookSides(ctx, o.contract),
    markPx: markRaw(ctx, o.contract),
    indexPx: indexRaw(ctx, o.contract),
    feeRates: ctx.feeRates,
    risk,
  });
  pt.blockers = orderBlockers(ctx, o, pt, risk);
  return pt;
}

/** What the exchange is known to refuse, checked in the exchange's own order (docs/exchange.md "Orders"). */
export function orderBlockers(ctx: FormContext, o: OrderIntent, pt: PreTrade, risk: PreTradeRisk | undefined): Blocker[] {
  const c = o.contract;
  const out: Blocker[] = [];
  const coin = collateralCoin(ctx.configs);
  const money = (raw: bigint) => formatMoney(raw, coin, { symbol: true });
  // What the order locks keeps every digit, as on the confirm step's margin line.
  const locked = (raw: bigint) => formatMoney(raw, coin, { exact: true, symbol: true });
  const modify = o.replaces !== undefined;
  // A modify that neither grows nor moves its order is not checked for margin or freezing.
  const grows = !modify || (risk?.replaces !== undefined && (o.size > risk.replaces.remaining || o.price !== risk.replaces.px));
  if (!modify && c.status !== 'Active') out.push({ kind: 'inactive', reason: `${c.name} is not active (${c.status})`, action: { command: 'contract.pick', text: 'pick an active contract' } });
  if (!risk) return out;
  if (!risk.pool.enrolled && !modify) {
    out.push({ kind: 'notEnrolled', reason: `not enrolled in deployer ${c.marketDeployerId}`, action: { command: 'deployer.enroll', text: 'enroll', params: { deployer: String(c.marketDeployerId) } } });
    return out;
  }
  if (o.reduceOnly && !modify) {
    const room = reduceOnlyRoom(risk.holding, o.isBuy);
    const side = o.isBuy ? 'short' : 'long';
    if (room <= 0n) {
      const has = risk.holding[side] !== undefined;
      out.push({
        kind: 'reduceOnly',
        reason: has ? `reduce-only: the ${side} position is already covered by resting reduce-only orders` : `reduce-only with no ${side} position to reduce`,
        advice: has ? 'cancel a resting reduce-only order first' : 'turn reduce-only off',
      });
    }
  }
  if (!o.reduceOnly && grows && risk.pool.ref.kind === 'group' && risk.pool.frozen) {
    out.push({
      kind: 'frozen',
      reason: `share group ${risk.pool.ref.id} is FROZEN, so only reduce-only orders are accepted on ${c.name}`,
      action: { command: 'collateral.move', text: 'add collateral to the group' },
      advice: 'make the order reduce-only',
    });
  }
  if (pt.postOnlyCrossesAt !== undefined && !modify) {
    const px = (raw: bigint) => formatPrice(raw, c);
    out.push({
      kind: 'postOnly',
      reason: `post-only (Alo) at ${px(o.price ?? 0n)} would cross the book at ${px(pt.postOnlyCrossesAt)}, and the exchange rejects it whole`,
      advice: 'choose Gtc, or a price that does not cross',
    });
  }
  if (pt.risk?.beyondTiers && !modify) {
    out.push({ kind: 'beyondTiers', reason: `the position would exceed ${c.name}'s largest leverage tier`, advice: 'lower the size' });
  }
  if (pt.risk?.insufficient && grows) {
    out.push({
      kind: 'margin',
      reason: `margin required ${locked(pt.risk.marginRequired)} is above the ${money(risk.pool.available ?? 0n)} available in ${risk.pool.label}`,
      action: { command: 'collateral.move', text: `move collateral into ${risk.pool.label}` },
      advice: 'lower the size or raise the leverage',
    });
  }
  return out;
}

/** The contract a selected order belongs to. */
export function orderContract(ctx: FormContext): ContractConfig | undefined {
  const o = ctx.selectedOrder;
  if (!o) return undefined;
  return ctx.contract?.contractId === o.asset ? ctx.contract : contractById(ctx.configs, o.asset);
}

/**
 * Why order entry on the selected contract is not possible at all. A contract that is not
 * Active is a blocker of the confirm step instead (the status the dashboard holds may be stale).
 */
export function contractUnavailable(ctx: FormContext): string | undefined {
  return ctx.contract ? undefined : 'select a contract first';
}
