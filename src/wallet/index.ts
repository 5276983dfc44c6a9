export { KeySourceError } from './errors.js';
export { PrivateKey } from './secret.js';
export { loadKeyFile, loadKeystoreFile, loadKeyFromEnv, resolvePassword, saveKeystoreFile, saveKeyFile, type LoadedKey } from './loadKey.js';
