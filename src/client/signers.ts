import { addressOf, signAction, type SecretKeyInput, type Signature } from '../protocol/index.js';
import { agentMaySend, type ActionType } from '../protocol/wire/index.js';
import { clientError, type Result } from './errors.js';

import type { SignerInfo, SignerRole } from '../model/signerInfo.js';

export type { SignerInfo, SignerRole };

/** Signs with a key it never exposes: the key stays inside the SignerSet's private fields. */
export interface Signer extends SignerInfo {
  sign(action: { type: string }, nonce: number): Signature;
}

/** A wallet key knows its address already; the EC multiplication runs once per key, not per holder. */
function addressFor(key: SecretKeyInput): string {
  if (typeof key === 'object' && 'address' in key && typeof key.address === 'string') return key.address.toLowerCase();
  return addressOf(key).toLowerCase();
}

/**
 * Picks the key for an action (open-points "Signing"): the agent for actions an agent may
 * send when one is loaded, the master for everything else. Keys live in private fields so
 * util.inspect, JSON and structured clones of a client never show them.
 */
export class SignerSet {
  readonly #master: SecretKeyInput | undefined;
  readonly #agent: SecretKeyInput | undefined;
  readonly masterAddress: string | undefined;
  readonly agentAddress: string | undefined;

  constructor(keys: { master?: SecretKeyInput | undefined; agent?: SecretKeyInput | undefined }) {
    this.#master = keys.master;
    this.#agent = keys.agent;
    // addressOf's errors never echo the key; deriving here fails fast on a bad key.
    this.masterAddress = keys.master === undefined ? undefined : addressFor(keys.master);
    this.agentAddress = keys.agent === undefined ? undefined : addressFor(keys.agent);
  }

  has(role: SignerRole): boolean {
    return role === 'master' ? this.#master !== undefined : this.#agent !== undefined;
  }

  get any(): boolean {
    return this.#master !== undefined || this.#agent !== undefined;
  }

  pick(type: ActionType): Result<Signer> {
    if (agentMaySend(type) && this.#agent !== undefined) return { ok: true, value: this.signer('agent') };
    if (this.#master !== undefined) return { ok: true, value: this.signer('master') };
    if (this.#agent !== undefined) {
      return {
        ok: false,
        error: clientError('master-key-required', `${type} must be signed by the master key, but only an agent key is loaded; load the master key to do this`),
      };
    }
    return { ok: false, error: clientError('signature', `${type}: no signing key loaded; load the master key or an agent key`) };
  }

  /** WebSocket auth: the agent when loaded (keeps the master offline), else the master. */
  pickForAuth(): Signer | undefined {
    if (this.#agent !== undefined) return this.signer('agent');
    if (this.#master !== undefined) return this.signer('master');
    return undefined;
  }

  private signer(role: SignerRole): Signer {
    const address = (role === 'agent' ? this.agentAddress : this.masterAddress)!;
    // A closure over the private field, not a copy of the key: printing the signer shows a function.
    const sign = (action: { type: string }, nonce: number) => signAction(action, nonce, (role === 'agent' ? this.#agent : this.#master)!);
    return Object.defineProperty({ role, address }, 'sign', { value: sign, enumerable: false }) as Signer;
  }

  toJSON(): object {
    return { masterAddress: this.masterAddress, agentAddress: this.agentAddress };
  }
}
