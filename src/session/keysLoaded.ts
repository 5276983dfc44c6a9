import type { SignerSet } from '../client/signers.js';
import type { KeysLoaded } from '../forms/index.js';

/** What the forms may know of the session's keys: which are loaded and their addresses, never a key. */
export function keysLoaded(signers: SignerSet, vault?: string): KeysLoaded {
  const keys: KeysLoaded = { master: signers.has('master'), agent: signers.has('agent') };
  if (vault !== undefined) keys.vault = vault;
  if (signers.masterAddress) keys.masterAddress = signers.masterAddress;
  if (signers.agentAddress) keys.agentAddress = signers.agentAddress;
  return keys;
}
