import { ceilDiv } from '../protocol/risk/index.js';
import type { Configs, Position, ShareGroupDef, UserAccount } from '../protocol/wire/index.js';
import type { AppState } from './types.js';

/**
 * The account in a few figures, from the exchange's own `userAccount` answer (raw collateral
 * units, bigint): what the account strip shows and the account pane lists per pool. Each
 * margin pool (a market deployer's, or in PORTFOLIO mode a share group's) is liquidated on
 * its own, so the margin ratio is a pool's: the maintenance margin of its cross positions
 * over its cross equity (100% is where the exchange starts liquidating a deployer pool and
 * freezes a share-group pool). The account's ratio is its riskiest pool's: a comfortable pool
 * must not hide one near liquidation.
 */
export interface PoolRisk {
  kind: 'md' | 'group';
  id: number;
  /** As reported: the pool's equity with its isolated positions. */
  equity: bigint;
  /** As reported: initial margin of cross positions and orders plus the isolated buckets. */
  marginUsed: bigint;
  /** As reported (0 when the exchange sent none). */
  available: bigint;
  /** Equity less the isolated buckets and their PnL: what the cross positions' maintenance is held against. */
  crossEquity: bigint;
  /** Maintenance margin of the pool's cross positions; undefined when a position's was not reported. */
  maintenance: bigint | undefined;
  crossPositions: number;
}

export interface AccountSummary {
  accountId: number;
  address: string;
  /** Sum over the account's pools (chain balances are not trading equity). */
  equity: bigint;
  /** Sum of the positions' unrealized PnL as the exchange reports it (the positions pane's figures). */
  upnl: bigint;
  marginUsed: bigint;
  available: bigint;
  pools: readonly PoolRisk[];
  /** The pool with the highest margin ratio among those holding cross positions. */
  riskiest: PoolRisk | undefined;
  /** Pools holding cross positions. */
  poolsAtRisk: number;
}

const int = (s: string | undefined): bigint | undefined => (s !== undefined && /^-?\d+$/.test(s) ? BigInt(s) : undefined);

/** A ratio of 100% in basis points. */
const RATIO_FULL_BPS = 10_000n;

/**
 * The pool's margin ratio in basis points, rounded up (a ratio never flatters): 0 without
 * cross positions, undefined when a maintenance figure is missing, and at least 100% when the
 * cross equity is gone.
 */
export function marginRatioBps(p: PoolRisk): bigint | undefined {
  if (p.maintenance === undefined) return undefined;
  if (p.maintenance <= 0n) return 0n;
  if (p.crossEquity <= 0n) return RATIO_FULL_BPS;
  return ceilDiv(p.maintenance * RATIO_FULL_BPS, p.crossEquity);
}

/** The pool a position draws on, as the exchange assigns it. */
function poolOfPosition(account: UserAccount, configs: Configs | null, p: Position, md: number): { kind: 'md' | 'group'; id: number } {
  const group = configs?.contracts.find((c) => c.contractId === p.contractId)?.shareGroupId;
  return account.marginShareType === 'PORTFOLIO' && group !== undefined ? { kind: 'group', id: group } : { kind: 'md', id: md };
}

function isOpen(p: Position): boolean {
  return /[1-9]/.test(p.size);
}

export function accountSummary(account: UserAccount | null, configs: Configs | null, shareGroupDefs: readonly ShareGroupDef[] = []): AccountSummary | undefined {
  if (!account) return undefined;
  const pools: PoolRisk[] = [];
  const poolOf = (kind: 'md' | 'group', id: number): PoolRisk | undefined => pools.find((p) => p.kind === kind && p.id === id);
  for (const md of account.marketDeployers) {
    const equity = int(md.equity) ?? 0n;
    pools.push({ kind: 'md', id: md.marketDeployerId, equity, marginUsed: int(md.marginUsed) ?? 0n, available: int(md.available) ?? 0n, crossEquity: equity, maintenance: 0n, crossPositions: 0 });
  }
  // A group reports one entry per coin; the entry carrying the pool's figures is the one with
  // a maintenance margin, else the settlement coin's (the others hold a coin's value only).
  const groupIds = [...new Set(account.shareGroups.map((g) => g.groupId))];
  for (const id of groupIds) {
    const entries = account.shareGroups.filter((g) => g.groupId === id);
    const settlement = shareGroupDefs.find((d) => d.groupId === id)?.settlementCoinId;
    const main = entries.find((g) => g.maintenanceMargin !== undefined) ?? entries.find((g) => g.coinId === settlement) ?? entries[0]!;
    const equity = int(main.equity) ?? 0n;
    pools.push({ kind: 'group', id, equity, marginUsed: int(main.marginUsed) ?? 0n, available: int(main.available) ?? 0n, crossEquity: equity, maintenance: 0n, crossPositions: 0 });
  }
  let upnl = 0n;
  for (const md of account.marketDeployers) {
    for (const p of md.positions) {
      if (!isOpen(p)) continue;
      const pnl = int(p.unrealizedPnl) ?? 0n;
      upnl += pnl;
      const ref = poolOfPosition(account, configs, p, md.marketDeployerId);
      const pool = poolOf(ref.kind, ref.id);
      if (!pool) continue;
      if (p.marginMode === 'isolated') {
        pool.crossEquity -= (int(p.isolatedMargin) ?? 0n) + pnl;
        continue;
      }
      pool.crossPositions += 1;
      const mm = int(p.maintenanceMargin);
      pool.maintenance = pool.maintenance === undefined || mm === undefined ? undefined : pool.maintenance + mm;
    }
  }
  // A group pool reports its cross maintenance itself.
  for (const id of groupIds) {
    const pool = poolOf('group', id)!;
    const reported = int(account.shareGroups.find((g) => g.groupId === id && g.maintenanceMargin !== undefined)?.maintenanceMargin);
    if (reported !== undefined) pool.maintenance = reported;
  }
  let riskiest: PoolRisk | undefined;
  let worst = -1n;
  let poolsAtRisk = 0;
  for (const p of pools) {
    if (p.crossPositions === 0) continue;
    poolsAtRisk += 1;
    const r = marginRatioBps(p) ?? RATIO_FULL_BPS * 100n;
    if (r > worst) {
      worst = r;
      riskiest = p;
    }
  }
  const sum = (pick: (p: PoolRisk) => bigint) => pools.reduce((a, p) => a + pick(p), 0n);
  return {
    accountId: account.accountId,
    address: account.address,
    equity: sum((p) => p.equity),
    upnl,
    marginUsed: sum((p) => p.marginUsed),
    available: sum((p) => p.available),
    pools,
    riskiest,
    poolsAtRisk,
  };
}

/** The pool's figures in a summary, if the account has that pool. */
export function poolRisk(summary: AccountSummary | undefined, kind: 'md' | 'group', id: number): PoolRisk | undefined {
  return summary?.pools.find((p) => p.kind === kind && p.id === id);
}

let last: { raw: UserAccount | null; configs: Configs | null; defs: readonly ShareGroupDef[]; out: AccountSummary | undefined } | undefined;

/** The store's account summary, the same object until the account, configs or group definitions change. */
export function selectAccountSummary(s: AppState): AccountSummary | undefined {
  const raw = s.account.raw;
  const configs = s.market.configs;
  const defs = s.account.shareGroupDefs;
  if (last && last.raw === raw && last.configs === configs && last.defs === defs) return last.out;
  last = { raw, configs, defs, out: accountSummary(raw, configs, defs) };
  return last.out;
}
