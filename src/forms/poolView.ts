import { rescale } from '../protocol/index.js';
import type { ContractConfig, Position, UserAccount } from '../protocol/wire/index.js';
import { coinById, collateralCoin, contractById, type FormContext } from './context.js';

/**
 * The margin pool an order on a contract draws on, as the exchange defines it: the
 * contract's deployer pool, or for a PORTFOLIO account on a share-group contract, the
 * group's pool. Figures are the exchange's own (`userAccount`) where it reports them.
 */
export interface PoolRef {
  kind: 'md' | 'group';
  id: number;
}

export interface PoolPosition {
  position: Position;
  contract: ContractConfig;
}

export interface PoolView {
  ref: PoolRef;
  /** "deployer 2", "share group 1 (deployer 1)". */
  label: string;
  /** The account is enrolled in the contract's deployer (its pool exists). */
  enrolled: boolean;
  /** Every coin of the pool at par, raw collateral units. */
  balance: bigint;
  /** The pool's collateral-coin balance: where isolated margin and fees are taken from. */
  collateralBalance: bigint;
  /** As reported: pool equity with its isolated positions. */
  equity?: bigint;
  /** As reported: initial margin of cross positions and orders plus isolated buckets. */
  marginUsed?: bigint;
  /** What a new order may draw on (>= 0): the exchange's figure, or derived when it sent none. */
  available?: bigint;
  /** `available` was derived here because the exchange did not report it. */
  availableDerived: boolean;
  /** FROZEN for this account (share-group pools). */
  frozen: boolean;
  /** Positions of the account whose contracts draw on this pool. */
  positions: PoolPosition[];
}

export function poolRefOf(account: UserAccount | null, contract: ContractConfig): PoolRef {
  if (account?.marginShareType === 'PORTFOLIO' && contract.shareGroupId !== undefined) return { kind: 'group', id: contract.shareGroupId };
  return { kind: 'md', id: contract.marketDeployerId };
}

export function samePool(a: PoolRef, b: PoolRef): boolean {
  return a.kind === b.kind && a.id === b.id;
}

const int = (s: string | undefined): bigint | undefined => (s !== undefined && /^-?\d+$/.test(s) ? BigInt(s) : undefined);

/** Balances of several coins valued at par in the collateral coin, rounded down (as the exchange counts a pool). */
function atPar(ctx: Pick<FormContext, 'configs'>, entries: readonly { coinId: number; raw: bigint }[]): { all: bigint; collateral: bigint } {
  const coll = collateralCoin(ctx.configs);
  let all = 0n;
  let collateral = 0n;
  for (const e of entries) {
    all += rescale(e.raw, coinById(ctx.configs, e.coinId).decimals, coll.decimals, 'down');
    if (e.coinId === coll.coinId) collateral += e.raw;
  }
  return { all, collateral };
}

export function poolPositions(ctx: Pick<FormContext, 'configs' | 'account'>, ref: PoolRef): PoolPosition[] {
  const out: PoolPosition[] = [];
  for (const md of ctx.account?.marketDeployers ?? []) {
    for (const position of md.positions) {
      const contract = contractById(ctx.configs, position.contractId);
      if (contract && samePool(poolRefOf(ctx.account, contract), ref)) out.push({ position, contract });
    }
  }
  return out;
}

export function poolLabel(ref: PoolRef, ctx: Pick<FormContext, 'configs'>): string {
  if (ref.kind === 'md') return `deployer ${ref.id}`;
  const md = ctx.configs?.contracts.find((c) => c.shareGroupId === ref.id)?.marketDeployerId;
  return md === undefined ? `share group ${ref.id}` : `share group ${ref.id} (deployer ${md})`;
}

export function poolView(ctx: Pick<FormContext, 'configs' | 'account' | 'shareGroupDefs'>, contract: ContractConfig): PoolView {
  const account = ctx.account;
  const ref = poolRefOf(account, contract);
  const md = account?.marketDeployers.find((m) => m.marketDeployerId === contract.marketDeployerId);
  const view: PoolView = {
    ref,
    label: poolLabel(ref, ctx),
    enrolled: md !== undefined,
    balance: 0n,
    collateralBalance: 0n,
    availableDerived: false,
    frozen: false,
    positions: poolPositions(ctx, ref),
  };
  if (!account) return view;
  if (ref.kind === 'md') {
    if (!md) return { ...view, available: 0n };
    const bal = atPar(ctx, md.balances.map((b) => ({ coinId: b.coinId, raw: int(b.total) ?? 0n })));
    view.balance = bal.all;
    view.collateralBalance = bal.collateral;
    const equity = int(md.equity);
    const available = int(md.available);
    const used = int(md.marginUsed);
    if (equity !== undefined) view.equity = equity;
    if (used !== undefined) view.marginUsed = used;
    if (available !== undefined) view.available = available;
    return view;
  }
  const entries = account.shareGroups.filter((g) => g.groupId === ref.id);
  const bal = atPar(ctx, entries.map((g) => ({ coinId: g.coinId, raw: int(g.balance) ?? 0n })));
  view.balance = bal.all;
  view.collateralBalance = bal.collateral;
  view.frozen = entries.some((g) => g.frozen) || ctx.shareGroupDefs.some((g) => g.groupId === ref.id && g.frozen);
  if (!md) return { ...view, available: 0n };
  // The entry of the settlement coin carries the pool's figures.
  const main = entries.find((g) => g.maintenanceMargin !== undefined) ?? entries.find((g) => g.coinId === collateralCoin(ctx.configs).coinId);
  const equity = int(main?.equity);
  if (equity !== undefined) view.equity = equity;
  const used = int(main?.marginUsed);
  if (used !== undefined) view.marginUsed = used;
  const available = int(main?.available);
  if (available !== undefined) view.available = available;
  else view.availableDerived = true;
  return view;
}
