import path from 'node:path';
import { PrivateKey, saveKeystoreFile } from '../wallet/index.js';
import { prepareStateDir } from './stateDir.js';

/** Shortest password accepted for a new agent keystore. */
export const MIN_PASSWORD = 8;

export function agentKeyDir(stateDir: string): string {
  return path.join(stateDir, 'agents');
}

/**
 * Generates an agent key and saves it encrypted (scrypt keystore, 0600) under the state
 * directory; resolves with its lowercase address and the file. The key is wiped once written
 * and never leaves this function.
 */
export async function generateAgentKeystore(stateDir: string, password: string): Promise<{ address: string; file: string }> {
  prepareStateDir(stateDir);
  const key = PrivateKey.generate();
  try {
    const address = key.address.toLowerCase();
    const file = path.join(agentKeyDir(stateDir), `${address}.json`);
    await saveKeystoreFile(file, key, password);
    return { address, file };
  } finally {
    key.wipe();
  }
}
