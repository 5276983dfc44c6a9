import { rescale } from '../../protocol/index.js';
import type { BusinessErrorKey, Position } from '../../protocol/wire/index.js';
import { bucket, type Ledger } from '../ledger.js';
import type { MarginShareType } from './accounts.js';
import type { MarketConfig } from './marketConfig.js';

/** One market deployer's margin picture for `userAccount` (raw collateral-coin units). */
export interface MdMarginView {
  equity: bigint;
  marginUsed: bigint;
  available: bigint;
  withdrawable: bigint;
  positions: Position[];
}

export interface GroupMarginView {
  equity: bigint;
  /** Settlement-coin entry only: maintenance margin of the group's cross positions. */
  maintenanceMargin?: bigint;
  /** Settlement-coin entry only: cross and order initial margin plus isolated buckets, as for a deployer pool. */
  marginUsed?: bigint;
  /** Settlement-coin entry only: what new orders on the group's contracts may draw on (>= 0). */
  available?: bigint;
  /** FROZEN for this account: by the control route or because its equity fell below maintenance. */
  frozen?: boolean;
}

/**
 * What the collateral handlers and the reads ask of the margin engine. The default (no
 * positions: everything is withdrawable) serves a core without a trading engine, as in
 * tests of the ledger alone; the core installs the trading engine's (`trading.marginHooks()`),
 * and tests may swap them with `core.setMarginHooks`.
 */
export interface MarginHooks {
  /** Raw units of `coinId` that may leave the account's pool in this market deployer. */
  withdrawableFromMd(accountId: number, marketDeployerId: number, coinId: number): bigint;
  withdrawableFromGroup(accountId: number, groupId: number, coinId: number): bigint;
  /** A guard: the reason to refuse switching (open positions or orders), or undefined to allow. */
  onMarginShareTypeChange(accountId: number, from: MarginShareType, to: MarginShareType): BusinessErrorKey | undefined;
  mdView(accountId: number, marketDeployerId: number): MdMarginView;
  groupView(accountId: number, groupId: number, coinId: number): GroupMarginView;
}

/** Every coin counts at par with the collateral coin (open-points: USDT1 at par with USDC). */
export function valueAtPar(config: MarketConfig, coinId: number, raw: bigint): bigint {
  const coin = config.coin(coinId);
  const collateral = config.coin(config.collateralCoinId);
  if (!coin || !collateral) return 0n;
  return rescale(raw, coin.decimals, collateral.decimals, 'down');
}

export function defaultMarginHooks(ledger: Ledger, config: MarketConfig): MarginHooks {
  return {
    withdrawableFromMd: (accountId, md, coinId) => ledger.balance(bucket.md(accountId, md, coinId)),
    withdrawableFromGroup: (accountId, groupId, coinId) => ledger.balance(bucket.group(accountId, groupId, coinId)),
    onMarginShareTypeChange: () => undefined,
    mdView: (accountId, md) => {
      let equity = 0n;
      for (const coinId of config.coins.keys()) equity += valueAtPar(config, coinId, ledger.balance(bucket.md(accountId, md, coinId)));
      return { equity, marginUsed: 0n, available: equity, withdrawable: equity, positions: [] };
    },
    groupView: (accountId, groupId, coinId) => ({ equity: valueAtPar(config, coinId, ledger.balance(bucket.group(accountId, groupId, coinId))) }),
  };
}
