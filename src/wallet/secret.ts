import { timingSafeEqual } from 'node:crypto';
import { inspect } from 'node:util';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { addressFromPublicKey, checksumAddress, secpBackend } from '../protocol/index.js';
import { KeySourceError } from './errors.js';

const REDACTED = 'PrivateKey(<redacted>)';
const HEX_KEY = /^(?:0[xX])?([0-9a-fA-F]{64})$/;

/**
 * A secp256k1 private key that refuses to print itself.
 *
 * The bytes live in an ES private field, so they are invisible to
 * Object.keys / JSON / structuredClone / util.inspect, and every string
 * conversion is overridden to return a fixed placeholder. The point is that a
 * stray `console.log(state)` or an error report serialising app state cannot
 * leak the key.
 */
export class PrivateKey {
  readonly #bytes: Uint8Array;
  #address: string | undefined;
  #wiped = false;

  private constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** Copies the input, so the caller may wipe its own buffer afterwards. */
  static fromBytes(bytes: Uint8Array): PrivateKey {
    if (!(bytes instanceof Uint8Array) || bytes.length !== 32) {
      throw new KeySourceError('format', 'private key must be exactly 32 bytes');
    }
    assertInRange(bytes);
    return new PrivateKey(Uint8Array.from(bytes));
  }

  /** Accepts 64 hex digits, optional 0x, surrounding whitespace. Errors never echo the input. */
  static fromHex(hex: string): PrivateKey {
    const m = typeof hex === 'string' ? HEX_KEY.exec(hex.trim()) : null;
    if (!m) {
      throw new KeySourceError(
        'format',
        'private key must be 64 hex digits (32 bytes), optionally prefixed with 0x',
      );
    }
    const bytes = decodeHex(m[1]!);
    try {
      assertInRange(bytes);
    } catch (e) {
      bytes.fill(0);
      throw e;
    }
    return new PrivateKey(bytes);
  }

  static generate(): PrivateKey {
    // randomSecretKey draws from crypto.getRandomValues and reduces mod n
    // with enough extra bytes that the bias is negligible (FIPS 186 B.4.1).
    return new PrivateKey(secp256k1.utils.randomSecretKey());
  }

  /** A fresh copy for signing; wipe it when done if you care. */
  bytes(): Uint8Array {
    if (this.#wiped) throw new Error('PrivateKey has been wiped');
    return Uint8Array.from(this.#bytes);
  }

  /** EIP-55 checksummed address. Cached: the EC multiplication is not free. */
  get address(): string {
    if (this.#address === undefined) {
      if (this.#wiped) throw new Error('PrivateKey has been wiped');
      this.#address = checksumAddress(addressFromPublicKey(secpBackend().publicKey(this.#bytes)));
    }
    return this.#address;
  }

  /** Constant-time comparison, so equality checks do not become a timing oracle. */
  equals(other: PrivateKey): boolean {
    return other instanceof PrivateKey && !this.#wiped && !other.#wiped && timingSafeEqual(this.#bytes, other.#bytes);
  }

  /** Best-effort zeroing; JS cannot guarantee no copies exist elsewhere. */
  wipe(): void {
    this.#bytes.fill(0);
    this.#wiped = true;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [Symbol.toPrimitive](): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

function assertInRange(bytes: Uint8Array): void {
  // isValidSecretKey checks 0 < k < n for a 32-byte big-endian scalar.
  if (!secp256k1.utils.isValidSecretKey(bytes)) {
    throw new KeySourceError('format', 'private key is out of range for secp256k1 (must be 0 < k < n)');
  }
}

// Hand-rolled so the bytes land in a private buffer: Buffer.from(str, 'hex')
// carves small buffers out of a shared pool we could never wipe.
function decodeHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
