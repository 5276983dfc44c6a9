import { normalizeAddress } from '../../protocol/index.js';
import { BusinessError } from '../errors.js';
import type { ActionRegistry } from './registry.js';

/** approveAgent / revokeAgent (spec 3.2, 4.9); master-only is enforced before dispatch. */
export function registerAgentActions(registry: ActionRegistry): void {
  registry.register('approveAgent', (ctx, action) => {
    const address = normalizeAddress(action.agentAddress);
    // An account's own key signs as the account, so it can never also act as someone's agent.
    if (ctx.core.accounts.byAddress(address)) throw new BusinessError('AGENT_IS_ACCOUNT');
    const outcome = ctx.core.agents.approve(ctx.account.id, address, action.agentName, action.validUntil, ctx.now);
    if (!outcome.ok) throw new BusinessError(outcome.error);
    const r = outcome.record;
    // A replaced agent, or one re-approved with a past validUntil, loses its open streams now.
    ctx.core.hub.recheckAuthorization(ctx.account.id);
    return { agentAddress: r.address, agentName: r.name, validUntil: r.validUntil, slot: r.slot };
  });

  registry.register('revokeAgent', (ctx, action) => {
    const address = normalizeAddress(action.agentAddress);
    if (!ctx.core.agents.revoke(ctx.account.id, address)) throw new BusinessError('AGENT_NOT_FOUND');
    ctx.core.hub.recheckAuthorization(ctx.account.id);
    return { agentAddress: address };
  });
}
