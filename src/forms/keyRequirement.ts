import { agentMaySend, VAULT_PROXY_ACTIONS, type ActionType } from '../protocol/wire/index.js';
import type { KeysLoaded } from './context.js';

export type KeyRequirement = { ok: true; role: 'master' | 'agent' } | { ok: false; message: string };

/** What a form needs: the master key, or either key (an agent may sign trading actions). */
export type Needs = 'master' | 'agent-or-master';

export function needsFor(type: ActionType): Needs {
  return agentMaySend(type) ? 'agent-or-master' : 'master';
}

/**
 * The key that will sign `type` (the same choice as the client's SignerSet.pick: the agent
 * for what an agent may send, else the master), or the sentence to show before anything is
 * signed. The form says it when it opens, not after the user has typed everything.
 */
export function keyRequirement(type: ActionType, keys: Pick<KeysLoaded, 'master' | 'agent' | 'vault'>): KeyRequirement {
  if (agentMaySend(type) && keys.agent) return { ok: true, role: 'agent' };
  // Acting for a vault, its agent signs the vault's own money movements (the client picks it too).
  if (keys.vault !== undefined && keys.agent && !keys.master && VAULT_PROXY_ACTIONS.has(type)) return { ok: true, role: 'agent' };
  if (keys.master) return { ok: true, role: 'master' };
  if (keys.agent) {
    return { ok: false, message: `${type} needs the master key, but only an agent key is loaded (start with --keystore or --key-file)` };
  }
  return { ok: false, message: `${type} needs a signing key, but none is loaded (monitor mode; start with --keystore, --key-file or an agent key)` };
}
