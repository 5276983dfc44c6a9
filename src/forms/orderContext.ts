import { absBig, parseDecimal } from '../protocol/index.js';
import type { ContractConfig, L2Book, Position } from '../protocol/wire/index.js';
import { collateralCoin, contractById, poolOf, positionsOf, isHedge, type FormContext } from './context.js';
import type { BookSides } from './bookWalk.js';
import { tryDecimal } from './numbers.js';
import { preTrade, type OrderKind, type PositionInput, type PreTrade } from './preTrade.js';

/** The market facts an order form draws from the context, for one contract. */

export function markRaw(ctx: FormContext, contract: ContractConfig): bigint | undefined {
  if (ctx.contract?.contractId !== contract.contractId) return undefined;
  const m = tryDecimal(ctx.markPx ?? undefined, contract.priceScale);
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
 * Raw collateral an order on `contract` may draw on: the share group's equity in PORTFOLIO
 * mode (spec 4.5: orders draw on the group pool automatically), else the deployer pool's.
 */
export function marginPool(ctx: FormContext, contract: ContractConfig): { available?: bigint; equity?: bigint; source: string } {
  const account = ctx.account;
  if (!account) return { source: 'account not loaded' };
  if (account.marginShareType === 'PORTFOLIO' && contract.shareGroupId !== undefined) {
    const coin = collateralCoin(ctx.configs).coinId;
    const g = account.shareGroups.find((x) => x.groupId === contract.shareGroupId && x.coinId === coin);
    if (!g) return { source: `share group ${contract.shareGroupId}` };
    const equity = BigInt(g.equity);
    return { available: equity, equity, source: `share group ${contract.shareGroupId}` };
  }
  const pool = poolOf(account, contract.marketDeployerId);
  if (!pool) return { available: 0n, equity: 0n, source: `deployer ${contract.marketDeployerId} (not enrolled)` };
  return { available: BigInt(pool.available), equity: BigInt(pool.equity), source: `deployer ${contract.marketDeployerId}` };
}

/** Raw size of a position (the wire's size is unsigned; a sign is tolerated). */
export function positionSize(p: Position, contract: ContractConfig): bigint {
  try {
    return absBig(parseDecimal(p.size, contract.qtyScale, 'size', { signed: true }));
  } catch {
    return 0n;
  }
}

/** The position an order on this side interacts with (hedge mode keeps one per side). */
export function positionFor(ctx: FormContext, contract: ContractConfig, isBuy: boolean, reduceOnly: boolean): Position | undefined {
  const mine = positionsOf(ctx, contract.contractId);
  if (!isHedge(ctx.account)) return mine[0];
  const side = reduceOnly ? !isBuy : isBuy;
  return mine.find((p) => p.isBuy === side);
}

function positionInput(p: Position, contract: ContractConfig): PositionInput {
  const int = (s: string) => (/^-?\d+$/.test(s) ? BigInt(s) : 0n);
  return {
    isBuy: p.isBuy,
    size: positionSize(p, contract),
    entryPx: p.entryPx,
    marginMode: p.marginMode,
    isolatedMargin: int(p.isolatedMargin),
    unrealizedPnl: int(p.unrealizedPnl),
    leverage: p.leverage,
  };
}

export interface OrderIntent {
  contract: ContractConfig;
  isBuy: boolean;
  kind: OrderKind;
  price?: bigint | undefined;
  size: bigint;
  reduceOnly: boolean;
}

export function preTradeFor(ctx: FormContext, o: OrderIntent): PreTrade {
  const pool = marginPool(ctx, o.contract);
  const pos = positionFor(ctx, o.contract, o.isBuy, o.reduceOnly);
  return preTrade({
    contract: o.contract,
    collateral: collateralCoin(ctx.configs),
    isBuy: o.isBuy,
    kind: o.kind,
    price: o.price,
    size: o.size,
    reduceOnly: o.reduceOnly,
    book: bookSides(ctx, o.contract),
    markPx: markRaw(ctx, o.contract),
    available: pool.available,
    equity: pool.equity,
    position: pos ? positionInput(pos, o.contract) : undefined,
    leverage: ctx.leverageOf?.[o.contract.contractId],
    feeRates: ctx.feeRates,
  });
}

/** The contract a selected order belongs to. */
export function orderContract(ctx: FormContext): ContractConfig | undefined {
  const o = ctx.selectedOrder;
  if (!o) return undefined;
  return ctx.contract?.contractId === o.asset ? ctx.contract : contractById(ctx.configs, o.asset);
}

/** Why order entry on the selected contract is not possible, if it is not. */
export function contractUnavailable(ctx: FormContext): string | undefined {
  if (!ctx.contract) return 'select a contract first';
  if (ctx.contract.status !== 'Active') return `${ctx.contract.name} is not active (${ctx.contract.status})`;
  return undefined;
}

/**
 * Spec 3.3: while a share group is FROZEN, a PORTFOLIO account may only send reduce-only
 * orders on its members. Said before signing rather than learnt from an item error.
 */
export function frozenGroupRefusal(ctx: FormContext, contract: ContractConfig, reduceOnly: boolean): string | undefined {
  if (reduceOnly || ctx.account?.marginShareType !== 'PORTFOLIO' || contract.shareGroupId === undefined) return undefined;
  const id = contract.shareGroupId;
  const frozen = ctx.account.shareGroups.some((g) => g.groupId === id && g.frozen) || ctx.shareGroupDefs.some((g) => g.groupId === id && g.frozen);
  return frozen ? `Reduce-only: share group ${id} is FROZEN, so only reduce-only orders are accepted on ${contract.name}` : undefined;
}
