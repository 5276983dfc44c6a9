export { KeySourceError, type KeySourceErrorKind } from './errors.js';
export { PrivateKey } from './secret.js';
export {
  encryptKeystore,
  decryptKeystore,
  SCRYPT_STANDARD_N,
  SCRYPT_STANDARD_R,
  SCRYPT_STANDARD_P,
  PBKDF2_DEFAULT_ITERATIONS,
  type KeystoreV3,
  type KdfName,
  type ScryptKdfParams,
  type Pbkdf2KdfParams,
  type EncryptOptions,
  type DecryptOptions,
} from './keystore.js';
export { promptHidden, NO_PASSWORD_MESSAGE, type PromptInput, type PromptStreams } from './prompt.js';
export {
  loadKeyFile,
  loadKeystoreFile,
  loadKeyFromEnv,
  resolvePassword,
  saveKeystoreFile,
  saveKeyFile,
  ENV_PRIVATE_KEY,
  ENV_PASSWORD,
  type LoadedKey,
  type PasswordSource,
  type PasswordOrigin,
  type SaveOptions,
} from './loadKey.js';
