import { VAULT_PROXY_ACTIONS, type ActionType } from '../protocol/wire/index.js';
import type { Account } from './state/accounts.js';


/**
 * Whether an agent of `master` may send the non-trade action `type` with this `vaultAddress`:
 * only when its master is a vault, the envelope names that vault, and the action is proxyable.
 * Without vaultAddress an agent's non-trade action stays refused: acting as a vault is asked
 * for explicitly, never inferred from whose agent signed.
 */
export function vaultMayProxy(master: Account, type: ActionType, vaultAddress: string | undefined): boolean {
  return master.vault && vaultAddress === master.address && VAULT_PROXY_ACTIONS.has(type);
}
