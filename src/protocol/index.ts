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
  type SigningPath,
  type TypedActionType,
} from './eip712.js';
export { signAction, signDigest, recoverSigner, recoverFromDigest, validateSignature, SignatureError, type Signature } from './signature.js';
export { addressFromPublicKey, addressOf, checksumAddress, isAddress, normalizeAddress, secretKeyBytes, type SecretKeyInput } from './address.js';
export { NonceManager, MemoryNonceStore, type NonceStore } from './nonce.js';
export * from './decimal.js';
export { toHex, fromHex, type Hex } from './hex.js';
export * as wire from './wire/index.js';
