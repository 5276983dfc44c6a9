import { BusinessError } from '../errors.js';
import { bucket } from '../ledger.js';
import { amountOf, move, requireAvailable, requireCoin, requireEnrolled, requireMarketDeployer } from './funds.js';
import type { ActionRegistry } from './registry.js';

/** Chain balance <-> market-deployer pools, and the account's margin share type. */
export function registerCollateralActions(registry: ActionRegistry): void {
  registry.register('lockCollateral', (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    requireEnrolled(ctx.account, a.marketDeployerId);
    const from = bucket.chain(ctx.account.id, a.coinId);
    requireAvailable(ctx.core, from, amount);
    return move(ctx.core, from, bucket.md(ctx.account.id, a.marketDeployerId, a.coinId), a.coinId, amount, 'lockCollateral');
  });

  registry.register('unlockCollateral', (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    const from = bucket.md(ctx.account.id, a.marketDeployerId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromMd(ctx.account.id, a.marketDeployerId, a.coinId));
    return move(ctx.core, from, bucket.chain(ctx.account.id, a.coinId), a.coinId, amount, 'unlockCollateral');
  });

  registry.register('transferBetweenDeployers', (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.fromMarketDeployerId);
    requireMarketDeployer(ctx.core, a.toMarketDeployerId);
    requireEnrolled(ctx.account, a.toMarketDeployerId);
    const from = bucket.md(ctx.account.id, a.fromMarketDeployerId, a.coinId);
    requireAvailable(ctx.core, from, amount, () =>
      ctx.core.hooks.withdrawableFromMd(ctx.account.id, a.fromMarketDeployerId, a.coinId),
    );
    const to = bucket.md(ctx.account.id, a.toMarketDeployerId, a.coinId);
    return move(ctx.core, from, to, a.coinId, amount, 'transferBetweenDeployers');
  });

  registry.register('setMarginShareType', (ctx, a) => {
    const to = a.marginShareType === 1 ? 'PORTFOLIO' : 'UNIFIED';
    const from = ctx.account.marginShareType;
    if (from !== to) {
      const refusal = ctx.core.hooks.onMarginShareTypeChange(ctx.account.id, from, to);
      if (refusal) throw new BusinessError(refusal);
      ctx.core.accounts.setMarginShareType(ctx.account.id, to);
    }
    return { marginShareType: a.marginShareType };
  });
}
