import { secp256k1 } from '@noble/curves/secp256k1.js';
import { fromHex, keccak256, toHex, utf8Bytes, type Hex } from './hex.js';
import { secpBackend } from './secpBackend.js';

/** Anything that can yield the 32 secret bytes: raw bytes, 0x-hex, or a wallet's redacting wrapper. */
export type SecretKeyInput = Uint8Array | string | { bytes(): Uint8Array };

export function secretKeyBytes(key: SecretKeyInput): Uint8Array {
  if (key instanceof Uint8Array) return checkSecret(key);
  if (typeof key === 'string') {
    let bytes: Uint8Array;
    try {
      bytes = fromHex(key, 32, 'private key');
    } catch {
      // Never echo the input: it may be a real key with a typo.
      throw new Error('private key: expected 32 bytes of hex');
    }
    return checkSecret(bytes);
  }
  return checkSecret(key.bytes());
}

function checkSecret(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== 32 || !secp256k1.utils.isValidSecretKey(bytes)) {
    throw new Error('private key: not a valid secp256k1 secret key');
  }
  return bytes;
}

/** EIP-55 mixed-case checksum of a 20-byte address. */
export function checksumAddress(address: string): Hex {
  const lower = normalizeAddress(address).slice(2);
  const hash = keccak256(utf8Bytes(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i] as string;
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out as Hex;
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && ADDRESS_RE.test(value);
}

/** Lowercase 0x form, the key under which accounts are compared. */
export function normalizeAddress(address: string): Hex {
  if (!ADDRESS_RE.test(address)) throw new Error(`address: expected 0x followed by 40 hex digits`);
  return address.toLowerCase() as Hex;
}

export function addressFromPublicKey(publicKey: Uint8Array): Hex {
  const uncompressed =
    publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return toHex(keccak256(uncompressed.subarray(1)).subarray(12));
}

/** Lowercase 0x address of a private key. */
export function addressOf(privateKey: SecretKeyInput): Hex {
  return addressFromPublicKey(secpBackend().publicKey(secretKeyBytes(privateKey)));
}
