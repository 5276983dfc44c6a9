import { normalizeAddress } from '../../protocol/index.js';
import { BusinessError } from '../errors.js';
import { formatFeeRate, MIN_MAKER_FEE_RATE, MIN_TAKER_FEE_RATE, parseFeeRate } from '../state/fees.js';
import type { ActionRegistry } from './registry.js';

/** updateFeeSetting: tier-3 overrides, sent only by the market deployer's operator account. */
export function registerFeeActions(registry: ActionRegistry): void {
  registry.register('updateFeeSetting', (ctx, a) => {
    const md = a.marketDeployerId;
    if (!ctx.core.config.marketDeployer(md)) throw new BusinessError('UNKNOWN_MARKET_DEPLOYER');
    if (ctx.core.operatorAccountId(md) !== ctx.account.id) throw new BusinessError('NOT_OPERATOR');
    const user = ctx.core.accounts.byAddress(normalizeAddress(a.user));
    if (!user) throw new BusinessError('UNKNOWN_ACCOUNT');
    const taker = parseFeeRate(a.takerFeeRate, MIN_TAKER_FEE_RATE);
    const maker = parseFeeRate(a.makerFeeRate, MIN_MAKER_FEE_RATE);
    if (taker === undefined || maker === undefined) throw new BusinessError('FEE_RATE_INVALID');
    ctx.core.accounts.setFeeOverride(user.id, md, { maker, taker });
    return { marketDeployerId: md, user: user.address, takerFeeRate: formatFeeRate(taker), makerFeeRate: formatFeeRate(maker) };
  });
}
