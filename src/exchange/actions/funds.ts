import { DecimalError, parseAmount } from '../../protocol/index.js';
import { BusinessError } from '../errors.js';
import type { BucketKey } from '../ledger.js';
import type { Account } from '../state/accounts.js';
import type { ExchangeState } from '../state/exchangeState.js';
import type { ShareGroupDefn } from '../state/marketConfig.js';
import type { WireData } from './registry.js';

/** Shared checks of the collateral and share-group handlers, each a business rejection. */

/** `amount` per open-points: digits only, no sign, fraction or leading zeros; above zero. */
export function amountOf(text: string): bigint {
  let amount: bigint;
  try {
    amount = parseAmount(text, 'amount', { allowZero: true });
  } catch (e) {
    if (e instanceof DecimalError) throw new BusinessError('BAD_AMOUNT');
    throw e;
  }
  if (amount === 0n) throw new BusinessError('AMOUNT_NOT_POSITIVE');
  return amount;
}

export function requireCoin(core: ExchangeState, coinId: number): void {
  if (!core.config.coin(coinId)) throw new BusinessError('UNKNOWN_COIN');
}

export function requireMarketDeployer(core: ExchangeState, marketDeployerId: number): void {
  if (!core.config.marketDeployer(marketDeployerId)) throw new BusinessError('UNKNOWN_MARKET_DEPLOYER');
}

export function requireEnrolled(account: Account, marketDeployerId: number): void {
  if (!account.enrolled.has(marketDeployerId)) throw new BusinessError('NOT_ENROLLED');
}

/**
 * A share group is reachable for an account enrolled in the group's market deployer
 * (spec 4.8: "unknown or inaccessible groupId"); `viaMd`, when given, must be that deployer.
 */
export function requireGroup(core: ExchangeState, account: Account, groupId: number, viaMd?: number): ShareGroupDefn {
  const group = core.config.shareGroup(groupId);
  if (!group || !account.enrolled.has(group.marketDeployerId)) throw new BusinessError('UNKNOWN_GROUP');
  if (viaMd !== undefined && viaMd !== group.marketDeployerId) throw new BusinessError('UNKNOWN_GROUP');
  return group;
}

export function requirePortfolio(account: Account): void {
  if (account.marginShareType !== 'PORTFOLIO') throw new BusinessError('NOT_PORTFOLIO');
}

/** Balance first (the money is not there), then the margin engine's withdrawable (it is, but is held). */
export function requireAvailable(core: ExchangeState, from: BucketKey, amount: bigint, withdrawable?: () => bigint): void {
  if (core.ledger.balance(from) < amount) throw new BusinessError('INSUFFICIENT_BALANCE');
  if (withdrawable && withdrawable() < amount) throw new BusinessError('INSUFFICIENT_MARGIN');
}

/** Moves the money and answers the shared movement shape (spec 4.8). */
export function move(core: ExchangeState, from: BucketKey, to: BucketKey, coinId: number, amount: bigint, memo: string): WireData {
  core.ledger.transfer(from, to, amount, { memo });
  return {
    coinId,
    amount,
    fromBalanceAfter: core.ledger.balance(from),
    toBalanceAfter: core.ledger.balance(to),
  };
}
