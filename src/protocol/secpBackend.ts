import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/**
 * The secp256k1 arithmetic behind signing and signer recovery: libsecp256k1 through the
 * optional `secp256k1` package when its prebuilt binding loads (recovery ~30x and signing
 * ~10x faster than JavaScript), @noble/curves otherwise. Both compute the same thing: RFC 6979
 * deterministic k and low-s when signing, so a signature is byte-identical whichever signs.
 * The spec's shape rules (low-s, v 27/28, r and s in range) are checked in signature.ts before
 * either backend runs, so both accept and refuse exactly the same signatures.
 */
export type SecpBackendName = 'native' | 'noble';

export interface SecpBackend {
  readonly name: SecpBackendName;
  /** What verifies, in words, for a start-up banner or a bench heading. */
  readonly label: string;
  /** 64 bytes r ‖ s (low-s) and the recovery id 0 or 1, over a final 32-byte digest. */
  sign(digest: Uint8Array, secretKey: Uint8Array): { rs: Uint8Array; recovery: number };
  /** The 65-byte uncompressed public key, or undefined when none recovers. */
  recover(rs: Uint8Array, recovery: number, digest: Uint8Array): Uint8Array | undefined;
  /** The 65-byte uncompressed public key of a valid secret key (an address is derived from it). */
  publicKey(secretKey: Uint8Array): Uint8Array;
}

/** Environment switch for benches and tests: `noble` or `native` forces one; unset picks native when it loads. */
export const SECP_ENV = 'PERPDESK_SECP';

export const nobleBackend: SecpBackend = {
  name: 'noble',
  label: '@noble/curves (JavaScript)',
  sign(digest, secretKey) {
    // Prehash off: the digest is final. RFC 6979 and low-s are noble's defaults.
    const sig = secp256k1.sign(digest, secretKey, { prehash: false, format: 'recovered' });
    return { rs: sig.subarray(1, 65), recovery: sig[0] as number };
  },
  recover(rs, recovery, digest) {
    const bytes = new Uint8Array(65);
    bytes[0] = recovery;
    bytes.set(rs, 1);
    try {
      // Uncompressed straight away: the address hashes x ‖ y, so no decompression round trip.
      return secp256k1.Signature.fromBytes(bytes, 'recovered').recoverPublicKey(digest).toBytes(false);
    } catch {
      return undefined;
    }
  },
  publicKey: (secretKey) => secp256k1.getPublicKey(secretKey, false),
};

/** The part of the `secp256k1` package's binding wrapper used here (its own typings are not installed). */
interface NativeSecp256k1 {
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyCreate(seckey: Uint8Array, compressed: boolean): Uint8Array;
}

let native: SecpBackend | null | undefined;
let nativeFailure = '';

/**
 * libsecp256k1, loaded on first use (~15 ms: the binding and its context), or undefined when
 * the optional package or a prebuild for this platform is missing. `secp256k1/bindings`, not
 * the package's main entry, which would fall back to elliptic (slower than noble) silently.
 */
export function nativeBackend(): SecpBackend | undefined {
  if (native !== undefined) return native ?? undefined;
  try {
    const lib = createRequire(import.meta.url)('secp256k1/bindings') as NativeSecp256k1;
    native = {
      name: 'native',
      label: 'libsecp256k1 (native)',
      sign(digest, secretKey) {
        const { signature, recid } = lib.ecdsaSign(digest, secretKey);
        return { rs: signature, recovery: recid };
      },
      recover(rs, recovery, digest) {
        try {
          return lib.ecdsaRecover(rs, recovery, digest, false);
        } catch {
          return undefined;
        }
      },
      // Noble's getPublicKey builds its 8-bit table (~90 ms) on first use: a start-up cost
      // once noble no longer signs.
      publicKey: (secretKey) => lib.publicKeyCreate(secretKey, false),
    };
  } catch (e) {
    native = null;
    nativeFailure = e instanceof Error ? e.message.split('\n')[0]! : String(e);
  }
  return native ?? undefined;
}

let chosen: SecpBackend | undefined;

/** The backend this process verifies and signs with, chosen once on first use. */
export function secpBackend(): SecpBackend {
  chosen ??= choose(process.env[SECP_ENV]);
  return chosen;
}

function choose(forced: string | undefined): SecpBackend {
  if (forced === 'noble') return nobleBackend;
  if (forced === 'native') {
    const n = nativeBackend();
    if (!n) throw new Error(`${SECP_ENV}=native but the native secp256k1 binding did not load: ${nativeFailure}`);
    return n;
  }
  // Anything else picks as if unset (the banner says it was ignored): a typo must not stop an exchange.
  return nativeBackend() ?? nobleBackend;
}

/** One line for a banner: which backend verifies, and why noble when native was wanted. */
export function describeSecpBackend(): string {
  const b = secpBackend();
  const forced = process.env[SECP_ENV];
  if (forced === b.name) return `${b.label}, forced by ${SECP_ENV}=${forced}`;
  const ignored = forced ? ` (${SECP_ENV}=${forced} ignored: expected noble or native)` : '';
  if (b.name === 'noble' && nativeFailure) return `${b.label}; native binding unavailable: ${nativeFailure}${ignored}`;
  return `${b.label}${ignored}`;
}
