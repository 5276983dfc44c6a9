export { canonicalJson, CanonicalJsonError } from './canonicalJson.js';
export {
  actionDigest,
  actionHash,
  digestBytes,
  hashStruct,
  isTypedAction,
  signingPath,
  DOMAIN,
  DOMAIN_SEPARATOR,
  TYPED_STRUCTS,
} from './eip712.js';
export { signAction, signDigest, recoverSigner, recoverFromDigest, SignatureError, type Signature } from './signature.js';
export { describeSecpBackend, nativeBackend, nobleBackend, secpBackend, SECP_ENV, type SecpBackend } from './secpBackend.js';
export { addressFromPublicKey, addressOf, checksumAddress, isAddress, normalizeAddress, secretKeyBytes, type SecretKeyInput } from './address.js';
export { NonceManager, MemoryNonceStore, type NonceStore } from './nonce.js';
export * from './decimal.js';
export { toHex, type Hex } from './hex.js';
export * as wire from './wire/index.js';
export * as risk from './risk/index.js';
