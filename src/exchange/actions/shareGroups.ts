import { bucket } from '../ledger.js';
import { amountOf, move, requireAvailable, requireCoin, requireEnrolled, requireGroup, requireMarketDeployer, requirePortfolio } from './funds.js';
import type { ActionRegistry } from './registry.js';

/**
 * Portfolio share-group pools (spec 4.8). Money goes into a group only in PORTFOLIO mode;
 * it may always come out (subject to margin), so switching back to UNIFIED strands nothing.
 */
export function registerShareGroupActions(registry: ActionRegistry): void {
  registry.register('lockIntoShareGroup', (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireGroup(ctx.core, ctx.account, a.groupId);
    requirePortfolio(ctx.account);
    const from = bucket.chain(ctx.account.id, a.coinId);
    requireAvailable(ctx.core, from, amount);
    return move(ctx.core, from, bucket.group(ctx.account.id, a.groupId, a.coinId), a.coinId, amount, 'lockIntoShareGroup');
  });

  registry.register('unlockFromShareGroup', (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireGroup(ctx.core, ctx.account, a.groupId);
    const from = bucket.group(ctx.account.id, a.groupId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromGroup(ctx.account.id, a.groupId, a.coinId));
    return move(ctx.core, from, bucket.chain(ctx.account.id, a.coinId), a.coinId, amount, 'unlockFromShareGroup');
  });

  registry.register('transferMdToShareGroup', (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    requireGroup(ctx.core, ctx.account, a.groupId, a.marketDeployerId);
    requirePortfolio(ctx.account);
    const from = bucket.md(ctx.account.id, a.marketDeployerId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromMd(ctx.account.id, a.marketDeployerId, a.coinId));
    return move(ctx.core, from, bucket.group(ctx.account.id, a.groupId, a.coinId), a.coinId, amount, 'transferMdToShareGroup');
  });

  registry.register('transferShareGroupToMd', (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    requireGroup(ctx.core, ctx.account, a.groupId, a.marketDeployerId);
    requireEnrolled(ctx.account, a.marketDeployerId);
    const from = bucket.group(ctx.account.id, a.groupId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromGroup(ctx.account.id, a.groupId, a.coinId));
    return move(ctx.core, from, bucket.md(ctx.account.id, a.marketDeployerId, a.coinId), a.coinId, amount, 'transferShareGroupToMd');
  });
}
