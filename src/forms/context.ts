import type {
  AgentRecord,
  Trade,
  Configs,
  ContractConfig,
  L2Book,
  OpenOrder,
  Position,
  ShareGroupDef,
  UserAccount,
} from '../protocol/wire/index.js';
import type { CoinUnit } from './numbers.js';

/** Which keys the session loaded; addresses only, never a key. */
export interface KeysLoaded {
  master: boolean;
  agent: boolean;
  masterAddress?: string | undefined;
  agentAddress?: string | undefined;
  /** The vault the session acts for as one of its agents: its proxyable actions are the agent's to sign. */
  vault?: string | undefined;
}

/** A confirm policy for one kind of action: always, never, or above a notional (quote units). */
export type KindPolicy = 'always' | 'never' | { above: string };

/**
 * The config file's `confirm`: `policy`/`notional` for every action without a policy of its
 * own, and one policy per kind of action (confirmPolicy.ts says which actions each covers).
 */
export interface ConfirmSettings {
  policy?: 'always' | 'above' | 'never' | undefined;
  notional?: string | undefined;
  order?: KindPolicy | undefined;
  modify?: KindPolicy | undefined;
  cancel?: KindPolicy | undefined;
  cancelAll?: KindPolicy | undefined;
  tpSl?: KindPolicy | undefined;
  margin?: KindPolicy | undefined;
  collateral?: KindPolicy | undefined;
  agent?: KindPolicy | undefined;
  account?: KindPolicy | undefined;
}

/** The part of the config file the forms obey (src/startup/config.ts). */
export interface FormSettings {
  confirm?: ConfirmSettings | undefined;
  guards?: { maxNotional?: string | undefined; maxDistancePct?: string | undefined } | undefined;
  alerts?: { bell?: boolean | undefined; onFill?: boolean | undefined; liquidationDistancePct?: string | undefined } | undefined;
  defaultSize?: Readonly<Record<string, string>> | undefined;
}

/**
 * Everything a form reads, gathered once per keystroke by the caller from the stores.
 * Plain data: forms never reach into a store, so they stay pure and testable.
 */
export interface FormContext {
  now: number;
  configs: Configs | null;
  /** The contract the panes show (order, modify, margin forms act on it). */
  contract: ContractConfig | undefined;
  book: L2Book | undefined;
  bookStale: boolean;
  /** Human decimal mark of the selected contract, when known. */
  markPx: string | null | undefined;
  /** Human decimal index of the selected contract, when known (the mark an order leaves follows it). */
  indexPx?: string | null | undefined;
  /** The selected contract's latest trade, when the trades feed has one. */
  lastTrade?: Trade | undefined;
  account: UserAccount | null;
  positions: readonly Position[];
  /** Every open order of the account, all contracts. */
  openOrders: readonly OpenOrder[];
  agents: readonly AgentRecord[];
  shareGroupDefs: readonly ShareGroupDef[];
  selectedOrder?: OpenOrder | undefined;
  selectedPosition?: Position | undefined;
  selectedAgent?: AgentRecord | undefined;
  keys: KeysLoaded;
  settings: FormSettings;
  /** Leverage last set per contract id (reads do not show it without a position). */
  leverageOf?: Readonly<Record<number, number>> | undefined;
  /** The user's fee overrides, when known (reads do not show them). */
  feeRates?: { maker: string; taker: string } | undefined;
  /**
   * The cloid of the n-th order this form builds without a typed one (cloidSlots.ts): the
   * action built is then the one signed. Without it such an order has no cloid and the
   * client refuses to send it.
   */
  cloidFor?: ((slot: number) => string) | undefined;
}

/** Collateral is USDC (open-points); else coin 0; else the first coin. */
export function collateralCoin(configs: Configs | null): { coinId: number; name: string; decimals: number } {
  const coins = configs?.coins ?? [];
  return coins.find((c) => c.name === 'USDC') ?? coins.find((c) => c.coinId === 0) ?? coins[0] ?? { coinId: 0, name: 'USDC', decimals: 6 };
}

/**
 * What a contract's money is in, when its quote coin is not the collateral: " (USDT1 at
 * par)". The venue counts a quote coin at par with the collateral (USDC), in which margin,
 * tiers, PnL, fees and funding settle; so figures are written in USDC and say so.
 */
export function atParNote(configs: Configs | null, c: Pick<ContractConfig, 'quoteCoinId'>): string {
  const collateral = collateralCoin(configs);
  if (c.quoteCoinId === collateral.coinId) return '';
  return ` (${coinById(configs, c.quoteCoinId).name} at par)`;
}

export function coinById(configs: Configs | null, coinId: number): CoinUnit & { coinId: number } {
  const c = configs?.coins.find((x) => x.coinId === coinId);
  return c ?? { coinId, name: `coin ${coinId}`, decimals: 6 };
}

export function contractById(configs: Configs | null, contractId: number): ContractConfig | undefined {
  return configs?.contracts.find((c) => c.contractId === contractId);
}

export function deployerName(configs: Configs | null, id: number): string {
  const name = configs?.marketDeployers.find((m) => m.marketDeployerId === id)?.name;
  return name ? `${name} (${id})` : `deployer ${id}`;
}

export function poolOf(account: UserAccount | null, marketDeployerId: number): UserAccount['marketDeployers'][number] | undefined {
  return account?.marketDeployers.find((p) => p.marketDeployerId === marketDeployerId);
}

/** Raw balance of a coin in a list of {coinId,total}; 0 when absent. */
export function balanceOf(list: readonly { coinId: number; total: string }[] | undefined, coinId: number): bigint {
  const entry = list?.find((b) => b.coinId === coinId);
  return entry && /^-?\d+$/.test(entry.total) ? BigInt(entry.total) : 0n;
}

export function groupBalance(account: UserAccount | null, groupId: number, coinId: number): bigint {
  const g = account?.shareGroups.find((x) => x.groupId === groupId && x.coinId === coinId);
  return g && /^-?\d+$/.test(g.balance) ? BigInt(g.balance) : 0n;
}

/** The market deployer a share group belongs to, from its member contracts. */
export function groupDeployer(configs: Configs | null, groupId: number): number | undefined {
  return configs?.contracts.find((c) => c.shareGroupId === groupId)?.marketDeployerId;
}

/** Share-group ids known from reads and configs, ascending. */
export function shareGroupIds(ctx: Pick<FormContext, 'configs' | 'shareGroupDefs'>): number[] {
  const ids = new Set<number>(ctx.shareGroupDefs.map((g) => g.groupId));
  for (const c of ctx.configs?.contracts ?? []) if (c.shareGroupId !== undefined) ids.add(c.shareGroupId);
  return [...ids].sort((a, b) => a - b);
}

/** Positions of one contract (two in hedge mode). */
export function positionsOf(ctx: Pick<FormContext, 'positions'>, contractId: number): Position[] {
  return ctx.positions.filter((p) => p.contractId === contractId && p.size !== '0');
}

/** The position a position form acts on: the selected one, else the only one on the contract. */
export function targetPosition(ctx: FormContext): Position | undefined {
  if (ctx.selectedPosition) return ctx.selectedPosition;
  if (!ctx.contract) return undefined;
  const mine = positionsOf(ctx, ctx.contract.contractId);
  return mine.length === 1 ? mine[0] : undefined;
}

export function isHedge(account: UserAccount | null): boolean {
  return account?.positionMode === 'HEDGE';
}

/** Greatest leverage any tier of the contract allows. */
/**
 * Leverage an exchange applies before the user sets one: min(10, the first tier's maximum),
 * as the embedded exchange does (Hyperliquid-like). Pre-trade estimates label it "assumed".
 */
export const DEFAULT_LEVERAGE = 10;

export function maxLeverage(contract: ContractConfig): number {
  return contract.leverageTiers.reduce((m, t) => Math.max(m, t.maxLeverage), 0);
}

/** The tier leverage cap for a notional (raw collateral): the first tier whose maxNotional covers it. */
export function tierLeverage(contract: ContractConfig, notional: bigint): number | undefined {
  const tiers = [...contract.leverageTiers].sort((a, b) => (BigInt(a.maxNotional) < BigInt(b.maxNotional) ? -1 : 1));
  for (const t of tiers) if (notional <= BigInt(t.maxNotional)) return t.maxLeverage;
  return undefined;
}
