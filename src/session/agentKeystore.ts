import path from 'node:path';
import { PrivateKey, saveKeystoreFile } from '../wallet/index.js';
import { prepareStateDir } from './stateDir.js';

/** Shortest password accepted for a new agent keystore. */
export const MIN_PASSWORD = 8;

export function agentKeyDir(stateDir: string): string {
  return path.join(stateDir, 'agents');
}

export interface GeneratedAgent {
  /** Lowercase. */
  address: string;
  file: string;
  /** Only when asked to keep it: the caller signs with it and wipes it. */
  key?: PrivateKey;
}

/**
 * Generates an agent key and saves it encrypted (scrypt keystore, 0600) under the state
 * directory; resolves with its lowercase address and the file. The key is wiped once written
 * unless `keep` hands it to the caller (a dashboard that signs with it at once).
 */
export async function generateAgentKeystore(stateDir: string, password: string, o: { keep?: boolean } = {}): Promise<GeneratedAgent> {
  prepareStateDir(stateDir);
  const key = PrivateKey.generate();
  let kept = false;
  try {
    const address = key.address.toLowerCase();
    const file = path.join(agentKeyDir(stateDir), `${address}.json`);
    await saveKeystoreFile(file, key, password);
    kept = o.keep === true;
    return { address, file, ...(kept ? { key } : {}) };
  } finally {
    if (!kept) key.wipe();
  }
}
