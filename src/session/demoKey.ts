import { KeySourceError, loadKeyFile, PrivateKey, saveKeyFile } from '../wallet/index.js';

/** Loads a demo key, or creates it (0600) on the first run. */
export async function demoKey(file: string): Promise<PrivateKey> {
  try {
    return (await loadKeyFile(file)).key;
  } catch (e) {
    if (!(e instanceof KeySourceError) || e.kind !== 'not-found') throw e;
    const key = PrivateKey.generate();
    await saveKeyFile(file, key);
    return key;
  }
}
