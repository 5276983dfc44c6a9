import { normalizeAddress } from '../../protocol/index.js';
import type { ExchangeEnvelope } from '../envelope.js';
import { BusinessError, HttpError } from '../errors.js';
import type { ExchangeState } from '../state/exchangeState.js';
import type { ActionRegistry, WireData } from './registry.js';

/**
 * registerAccount runs before any account exists, so it has its own path: invite code
 * first (open-points), then the signature, which must recover `action.address` itself.
 */
export function registerAccount(core: ExchangeState, env: ExchangeEnvelope): WireData {
  if (env.action.type !== 'registerAccount') throw new Error('registerAccount: wrong action');
  const code = env.inviteCode;
  if (code === undefined || code === '') throw new HttpError('BAD_REQUEST', 'inviteCode required');
  if (core.invites.state(code) !== 'available') {
    throw new HttpError('INVITE_CODE_INVALID', 'invite code is invalid or already used');
  }
  const expected = normalizeAddress(env.action.address);
  const signer = core.auth.recover(env.rawAction, env.nonce, env.signature);
  if (signer !== expected) {
    throw new HttpError('SIGNATURE_INVALID', `signature recovers to ${signer}, expected ${expected} (action.address)`);
  }
  const existing = core.accounts.byAddress(signer);
  if (existing) throw new HttpError('ALREADY_REGISTERED', `${signer} is already registered as account ${existing.id}`);
  if (core.agents.lookup(signer)) {
    throw new HttpError('ALREADY_REGISTERED', `${signer} is an agent wallet of another account; it cannot also be an account`);
  }
  core.auth.admit(signer, env.nonce);
  core.invites.consume(code);
  const account = core.accounts.create(signer, 'user', core.clock.now());
  core.credits.schedule(account.id);
  return { accountId: account.id };
}

export function registerAccountActions(registry: ActionRegistry): void {
  registry.register('enrollUserToMarketDeployer', (ctx, action) => {
    const md = action.marketDeployerId;
    if (!ctx.core.config.marketDeployer(md)) throw new BusinessError('UNKNOWN_MARKET_DEPLOYER');
    if (ctx.account.enrolled.has(md)) throw new BusinessError('ALREADY_ENROLLED');
    ctx.core.accounts.enroll(ctx.account.id, md);
    return { marketDeployerId: md };
  });
}
