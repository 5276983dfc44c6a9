import { secp256k1 } from '@noble/curves/secp256k1.js';
import { addressFromPublicKey, secretKeyBytes, type SecretKeyInput } from './address.js';
import { digestBytes } from './eip712.js';
import { toHex, type Hex } from './hex.js';
import { secpBackend, type SecpBackend } from './secpBackend.js';

/** Spec 2.9: r and s as 66-character lowercase 0x-hex, v 27 or 28. */
export interface Signature {
  r: Hex;
  s: Hex;
  v: number;
}

// noble v2 defaults to a 6-bit window for the base point; 8 bits signs ~30% faster here
// (see docs/performance.md). Lazy, so the ~90 ms table build happens on the first signature,
// not at import time, and a read-only dashboard never pays it.
secp256k1.Point.BASE.precompute(8, true);

/**
 * For a process that signs once or twice and exits (a headless command): no base-point
 * table at all. Building the 8-bit table costs ~90 ms cold, more than the two
 * multiplications it would speed up. (Loading the native backend, ~15 ms, still pays for
 * itself over two noble signatures without tables: ~35-60 vs ~47-120 ms cold, measured.)
 */
export function signWithoutTables(): void {
  secp256k1.Point.BASE.precompute(1, true);
}

const N = secp256k1.Point.Fn.ORDER;
const HALF_N = N >> 1n;
const SIG_HEX = /^0x[0-9a-f]{64}$/;
const word = (n: bigint): string => `0x${n.toString(16).padStart(64, '0')}`;
const ZERO_HEX = word(0n);
const N_HEX = word(N);
const HALF_N_HEX = word(HALF_N);

export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

/** RFC 6979 deterministic k and low-s on either backend: the same bytes whichever signs. */
export function signDigest(digest: Uint8Array, privateKey: SecretKeyInput, backend: SecpBackend = secpBackend()): Signature {
  const { rs, recovery } = backend.sign(digest, secretKeyBytes(privateKey));
  return {
    r: toHex(rs.subarray(0, 32)),
    s: toHex(rs.subarray(32, 64)),
    v: 27 + recovery,
  };
}

export function signAction(action: { type: string }, nonce: number | bigint, privateKey: SecretKeyInput, backend?: SecpBackend): Signature {
  return signDigest(digestBytes(action, nonce), privateKey, backend);
}

/**
 * Checks the shape rules the exchange enforces before recovery: lowercase 66-char r/s,
 * v in {27, 28}, 0 < r,s < n and s in the lower half (no malleable twin).
 */
export function validateSignature(signature: unknown): Signature {
  if (typeof signature !== 'object' || signature === null) throw new SignatureError('signature: expected an object');
  const { r, s, v } = signature as Record<string, unknown>;
  if (typeof r !== 'string' || !SIG_HEX.test(r)) throw new SignatureError('signature.r: expected 0x + 64 lowercase hex digits');
  if (typeof s !== 'string' || !SIG_HEX.test(s)) throw new SignatureError('signature.s: expected 0x + 64 lowercase hex digits');
  if (v !== 27 && v !== 28) throw new SignatureError(`signature.v: expected 27 or 28, got ${String(v)}`);
  // Both are 0x + 64 lowercase digits here, so comparing the text compares the numbers.
  if (r === ZERO_HEX || r >= N_HEX) throw new SignatureError('signature.r: out of range');
  if (s === ZERO_HEX || s >= N_HEX) throw new SignatureError('signature.s: out of range');
  if (s > HALF_N_HEX) throw new SignatureError('signature.s: high-s signatures are not accepted');
  return { r: r as Hex, s: s as Hex, v };
}

/** 32 bytes of a word validateSignature has checked (0x + 64 lowercase hex digits) into `out` at `at`. */
function wordInto(out: Uint8Array, at: number, hex: string): void {
  for (let i = 0; i < 32; i++) {
    const hi = hex.charCodeAt(2 + 2 * i);
    const lo = hex.charCodeAt(3 + 2 * i);
    // '0'-'9' are 48-57, 'a'-'f' 97-102.
    out[at + i] = ((hi < 58 ? hi - 48 : hi - 87) << 4) | (lo < 58 ? lo - 48 : lo - 87);
  }
}

/** The shape rules above run first, on every backend: neither sees a high-s or out-of-range signature. */
export function recoverFromDigest(digest: Uint8Array, signature: unknown, backend: SecpBackend = secpBackend()): Hex {
  const sig = validateSignature(signature);
  const rs = new Uint8Array(64);
  wordInto(rs, 0, sig.r);
  wordInto(rs, 32, sig.s);
  const publicKey = backend.recover(rs, sig.v - 27, digest);
  if (!publicKey) throw new SignatureError('signature: no public key recovers from it');
  return signerAddress(publicKey);
}

/**
 * Addresses of the public keys recovered lately. An exchange sees the same few signers over
 * and over, and deriving the address is a keccak256 per request; the key's bytes as text
 * are the cache key (the whole key, so no two keys share an entry). Bounded: emptied when
 * full, so a stream of new signers costs only the hashing it would have cost anyway.
 */
const ADDRESS_CACHE_SIZE = 1024;
const addresses = new Map<string, Hex>();

function signerAddress(publicKey: Uint8Array): Hex {
  const key = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString('latin1');
  let address = addresses.get(key);
  if (address === undefined) {
    address = addressFromPublicKey(publicKey);
    if (addresses.size >= ADDRESS_CACHE_SIZE) addresses.clear();
    addresses.set(key, address);
  }
  return address;
}

/** Lowercase 0x address that signed (action, nonce); throws SignatureError on a malformed signature. */
export function recoverSigner(action: { type: string }, nonce: number | bigint, signature: unknown, backend?: SecpBackend): Hex {
  return recoverFromDigest(digestBytes(action, nonce), signature, backend);
}

