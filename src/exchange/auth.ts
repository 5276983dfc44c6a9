import { CanonicalJsonError, recoverSigner, secpBackend, SignatureError, type Hex, type SecpBackend } from '../protocol/index.js';
import { agentMaySend, BUSINESS_ERROR, WsAuthAction, type BusinessErrorKey } from '../protocol/wire/index.js';
import * as v from 'valibot';
import type { Clock } from './clock.js';
import type { ExchangeEnvelope } from './envelope.js';
import { HttpError } from './errors.js';
import type { RateLimiter } from './rateLimiter.js';
import type { Account, AccountStore } from './state/accounts.js';
import { isAgentExpired, type AgentRecord, type AgentStore } from './state/agents.js';
import type { NonceRegistry } from './state/nonceWindow.js';
import { vaultMayProxy } from './vaultProxy.js';

/** Who signed a request: the master account itself or one of its agent wallets. */
export type SignerRole = 'master' | 'agent';

export interface ResolvedSigner {
  account: Account;
  role: SignerRole;
  agent?: AgentRecord;
}

export interface AuthResult extends ResolvedSigner {
  signer: Hex;
  /** Set when the signer is known but may not do this (spec 7.2): answered inside HTTP 200. */
  rejection?: BusinessErrorKey;
}

export type WsAuthResult = { ok: true; accountId: number; address: Hex; signer: Hex; role: SignerRole } | { ok: false; message: string };

export interface AuthenticatorDeps {
  accounts: AccountStore;
  agents: AgentStore;
  nonces: NonceRegistry;
  clock: Clock;
  signerLimiter: RateLimiter;
}

/**
 * Spec 5: recover the signer, map it to a master account (directly or through an agent),
 * check the nonce, then decide what the signer may do (open-points "Signing").
 */
export class Authenticator {
  /**
   * What recovers signers: the process's choice, made (and the native binding loaded, ~15 ms)
   * here at start rather than inside the first request. The bench sets noble to compare both.
   */
  secp: SecpBackend = secpBackend();

  constructor(private readonly deps: AuthenticatorDeps) {}

  /** Signer of (action, nonce); a malformed signature or an action that cannot be hashed is refused. */
  recover(action: { type: string }, nonce: number, signature: unknown): Hex {
    try {
      return recoverSigner(action, nonce, signature, this.secp);
    } catch (e) {
      if (e instanceof SignatureError) throw new HttpError('SIGNATURE_INVALID', `invalid signature: ${e.message}`);
      if (e instanceof CanonicalJsonError) throw new HttpError('BAD_REQUEST', `action: ${e.message}`);
      throw new HttpError('BAD_REQUEST', `action cannot be hashed for signing: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  resolve(address: string): ResolvedSigner | undefined {
    const account = this.deps.accounts.byAddress(address);
    if (account) return { account, role: 'master' };
    const found = this.deps.agents.lookup(address);
    if (!found) return undefined;
    const master = this.deps.accounts.byId(found.masterId);
    return master ? { account: master, role: 'agent', agent: found.record } : undefined;
  }

  /** Rate limit then nonce, both per signing address (an agent's nonces are its own, spec 5.3). */
  admit(signer: Hex, nonce: number): void {
    if (!this.deps.signerLimiter.take(signer)) {
      throw new HttpError('RATE_LIMITED', `too many requests from ${signer}; limit is ${this.deps.signerLimiter.perMinute} per minute`);
    }
    const refusal = this.deps.nonces.use(signer, nonce, this.deps.clock.now());
    if (refusal) throw new HttpError('NONCE_INVALID', refusal);
  }

  authenticate(env: ExchangeEnvelope): AuthResult {
    const signer = this.recover(env.rawAction, env.nonce, env.signature);
    const resolved = this.resolve(signer);
    if (!resolved) {
      const expected = env.vaultAddress ? `, expected an agent of ${env.vaultAddress}` : '';
      throw new HttpError(
        'SIGNATURE_INVALID',
        `signature does not match a registered account or agent: recovered ${signer}${expected}`,
      );
    }
    this.admit(signer, env.nonce);
    const result: AuthResult = { signer, ...resolved };
    const rejection = this.permission(env, resolved);
    if (rejection) result.rejection = rejection;
    return result;
  }

  /**
   * Trade actions drop vaultAddress (spec 4.1). On any other action it must name the account
   * the signer acts for (its own, or the vault it is an agent of: the "targeting another
   * master" case otherwise), and an agent needs a vault behind it to send one at all.
   */
  private permission(env: ExchangeEnvelope, who: ResolvedSigner): BusinessErrorKey | undefined {
    const type = env.action.type;
    if (who.role === 'agent' && isAgentExpired(who.agent as AgentRecord, this.deps.clock.now())) return 'AGENT_NOT_AUTHORIZED';
    if (agentMaySend(type)) return undefined;
    if (env.vaultAddress !== undefined && env.vaultAddress !== who.account.address) return 'AGENT_NOT_AUTHORIZED';
    if (who.role === 'agent' && !vaultMayProxy(who.account, type, env.vaultAddress)) return 'AGENT_NOT_AUTHORIZED';
    return undefined;
  }

  /**
   * Why an agent that authenticated a stream for `accountId` may no longer speak for it, or
   * undefined while it may: revoked, replaced by another approval, or past its validUntil.
   */
  agentLapsed(agent: Hex, accountId: number): string | undefined {
    const found = this.deps.agents.lookup(agent);
    if (!found || found.masterId !== accountId) return `agent ${agent} was revoked or replaced by its master`;
    if (isAgentExpired(found.record, this.deps.clock.now())) return `agent ${agent} expired (validUntil ${found.record.validUntil})`;
    return undefined;
  }

  /** WebSocket `auth` (open-points "WebSocket"): the wsAuth action on the agent path. */
  authenticateWs(auth: unknown): WsAuthResult {
    const shape = v.safeParse(v.object({ action: WsAuthAction, nonce: v.pipe(v.number(), v.safeInteger()), signature: v.unknown() }), auth);
    if (!shape.success) return { ok: false, message: 'auth: expected {action: {type: "wsAuth", time}, nonce, signature}' };
    const raw = (auth as { action: { type: string } }).action;
    let signer: Hex;
    try {
      signer = this.recover(raw, shape.output.nonce, shape.output.signature);
      const resolved = this.resolve(signer);
      if (!resolved) return { ok: false, message: `signature does not match a registered account or agent: recovered ${signer}` };
      if (resolved.role === 'agent' && isAgentExpired(resolved.agent as AgentRecord, this.deps.clock.now())) {
        return { ok: false, message: BUSINESS_ERROR.AGENT_NOT_AUTHORIZED.message };
      }
      this.admit(signer, shape.output.nonce);
      return { ok: true, accountId: resolved.account.id, address: resolved.account.address, signer, role: resolved.role };
    } catch (e) {
      if (e instanceof HttpError) return { ok: false, message: e.message };
      throw e;
    }
  }
}
