import { secp256k1 } from '@noble/curves/secp256k1.js';
import { addressFromPublicKey, secretKeyBytes, type SecretKeyInput } from './address.js';
import { digestBytes } from './eip712.js';
import { fromHex, toHex, type Hex } from './hex.js';
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
  const rn = BigInt(r);
  const sn = BigInt(s);
  if (rn === 0n || rn >= N) throw new SignatureError('signature.r: out of range');
  if (sn === 0n || sn >= N) throw new SignatureError('signature.s: out of range');
  if (sn > HALF_N) throw new SignatureError('signature.s: high-s signatures are not accepted');
  return { r: r as Hex, s: s as Hex, v };
}

/** The shape rules above run first, on every backend: neither sees a high-s or out-of-range signature. */
export function recoverFromDigest(digest: Uint8Array, signature: unknown, backend: SecpBackend = secpBackend()): Hex {
  const sig = validateSignature(signature);
  const rs = new Uint8Array(64);
  rs.set(fromHex(sig.r, 32, 'signature.r'), 0);
  rs.set(fromHex(sig.s, 32, 'signature.s'), 32);
  const publicKey = backend.recover(rs, sig.v - 27, digest);
  if (!publicKey) throw new SignatureError('signature: no public key recovers from it');
  return addressFromPublicKey(publicKey);
}

/** Lowercase 0x address that signed (action, nonce); throws SignatureError on a malformed signature. */
export function recoverSigner(action: { type: string }, nonce: number | bigint, signature: unknown, backend?: SecpBackend): Hex {
  return recoverFromDigest(digestBytes(action, nonce), signature, backend);
}

