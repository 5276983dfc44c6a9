import { createCipheriv, createDecipheriv, pbkdf2, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { KeySourceError } from './errors.js';
import { PrivateKey } from './secret.js';

/** Web3 Secret Storage v3, as written by geth (`keystore.EncryptKey`) and Foundry (eth-keystore). */
export type KdfName = 'scrypt' | 'pbkdf2';

export interface ScryptKdfParams {
  dklen: number;
  n: number;
  r: number;
  p: number;
  salt: string;
}

export interface Pbkdf2KdfParams {
  c: number;
  dklen: number;
  prf: 'hmac-sha256';
  salt: string;
}

export interface KeystoreV3 {
  version: 3;
  id: string;
  address: string;
  crypto: {
    cipher: 'aes-128-ctr';
    cipherparams: { iv: string };
    ciphertext: string;
    kdf: KdfName;
    kdfparams: ScryptKdfParams | Pbkdf2KdfParams;
    mac: string;
  };
}

export interface EncryptOptions {
  kdf?: KdfName;
  /** scrypt N; geth "standard" is 262144. Lower values are for tests only. */
  scryptN?: number;
  /** PBKDF2 iteration count; defaults to 262144 like the spec's example. */
  pbkdf2Iterations?: number;
}

export interface DecryptOptions {
  /** Named in error messages (usually the file path). */
  source?: string;
}

export const SCRYPT_STANDARD_N = 262144;
export const SCRYPT_STANDARD_R = 8;
export const SCRYPT_STANDARD_P = 1;
export const PBKDF2_DEFAULT_ITERATIONS = 262144;

// Bounds that keep a hostile keystore from pinning the CPU or exhausting
// memory; far above anything geth, Foundry or MyEtherWallet produce.
const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024;
const MAX_PBKDF2_ITERATIONS = 10_000_000;

export async function encryptKeystore(
  privateKey: Uint8Array | PrivateKey,
  password: string,
  opts: EncryptOptions = {},
): Promise<KeystoreV3> {
  if (typeof password !== 'string') throw new TypeError('password must be a string');
  const owned = !(privateKey instanceof PrivateKey);
  const key = privateKey instanceof PrivateKey ? privateKey : PrivateKey.fromBytes(privateKey);
  const kdf = opts.kdf ?? 'scrypt';
  const salt = randomBytes(32).toString('hex');
  const kdfparams: ScryptKdfParams | Pbkdf2KdfParams =
    kdf === 'scrypt'
      ? { dklen: 32, n: opts.scryptN ?? SCRYPT_STANDARD_N, r: SCRYPT_STANDARD_R, p: SCRYPT_STANDARD_P, salt }
      : { c: opts.pbkdf2Iterations ?? PBKDF2_DEFAULT_ITERATIONS, dklen: 32, prf: 'hmac-sha256', salt };
  const params = checkKdfParams(kdf, kdfparams, 'keystore');
  const derived = await deriveKey(password, params);
  const iv = randomBytes(16);
  const plain = key.bytes();
  try {
    const cipher = createCipheriv('aes-128-ctr', derived.subarray(0, 16), iv);
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
    return {
      version: 3,
      id: randomUUID(),
      address: key.address.slice(2).toLowerCase(),
      crypto: {
        cipher: 'aes-128-ctr',
        cipherparams: { iv: iv.toString('hex') },
        ciphertext: ciphertext.toString('hex'),
        kdf,
        kdfparams,
        mac: hex(computeMac(derived, ciphertext)),
      },
    };
  } finally {
    plain.fill(0);
    derived.fill(0);
    if (owned) key.wipe();
  }
}

/** Returns the 32 raw key bytes; the caller should wrap them in PrivateKey and wipe. */
export async function decryptKeystore(json: unknown, password: string, opts: DecryptOptions = {}): Promise<Uint8Array> {
  if (typeof password !== 'string') throw new TypeError('password must be a string');
  const label = opts.source ?? 'keystore';
  const ks = parseKeystore(json, label);
  const derived = await deriveKey(password, ks.kdf);
  let plain: Uint8Array | undefined;
  try {
    const mac = computeMac(derived, ks.ciphertext);
    if (!timingSafeEqual(mac, ks.mac)) {
      throw new KeySourceError('password', `wrong password or corrupt keystore${opts.source ? ` ${opts.source}` : ''}`);
    }
    const decipher = createDecipheriv('aes-128-ctr', derived.subarray(0, 16), ks.iv);
    plain = new Uint8Array(32);
    // Very old geth versions stored keys with leading zero bytes stripped.
    const decrypted = Buffer.concat([decipher.update(ks.ciphertext), decipher.final()]);
    plain.set(decrypted, 32 - decrypted.length);
    decrypted.fill(0);
    const key = PrivateKey.fromBytes(plain);
    try {
      if (ks.address !== undefined && key.address.slice(2).toLowerCase() !== ks.address) {
        throw new KeySourceError('format', `${label}: decrypted key does not match the keystore address 0x${ks.address}`);
      }
    } finally {
      key.wipe();
    }
    return plain;
  } catch (e) {
    plain?.fill(0);
    throw e;
  } finally {
    derived.fill(0);
  }
}

interface ParsedKeystore {
  kdf: ScryptKdfParams | Pbkdf2KdfParams;
  iv: Buffer;
  ciphertext: Buffer;
  mac: Buffer;
  address: string | undefined;
}

function parseKeystore(json: unknown, label: string): ParsedKeystore {
  const bad = (what: string) => new KeySourceError('format', `${label}: not a v3 keystore (${what})`);
  if (!isRecord(json)) throw bad('expected a JSON object');
  if (json.version !== 3) throw bad('version must be 3');
  // geth before 1.4 wrote "Crypto".
  const c = json.crypto ?? json.Crypto;
  if (!isRecord(c)) throw bad('missing crypto section');
  if (c.cipher !== 'aes-128-ctr') throw bad('only aes-128-ctr is supported');
  const iv = hexField(isRecord(c.cipherparams) ? c.cipherparams.iv : undefined, 'cipherparams.iv', bad);
  if (iv.length !== 16) throw bad('cipherparams.iv must be 16 bytes');
  const ciphertext = hexField(c.ciphertext, 'ciphertext', bad);
  if (ciphertext.length === 0 || ciphertext.length > 32) throw bad('ciphertext must be at most 32 bytes');
  const mac = hexField(c.mac, 'mac', bad);
  if (mac.length !== 32) throw bad('mac must be 32 bytes');
  if (c.kdf !== 'scrypt' && c.kdf !== 'pbkdf2') throw bad('kdf must be scrypt or pbkdf2');
  const kdf = checkKdfParams(c.kdf, c.kdfparams, label);
  let address: string | undefined;
  if (json.address !== undefined) {
    if (typeof json.address !== 'string' || !/^(?:0x)?[0-9a-fA-F]{40}$/.test(json.address)) throw bad('bad address');
    address = json.address.replace(/^0x/, '').toLowerCase();
  }
  return { kdf, iv, ciphertext, mac, address };
}

function checkKdfParams(kdf: KdfName, p: unknown, label: string): ScryptKdfParams | Pbkdf2KdfParams {
  const bad = (what: string) => new KeySourceError('format', `${label}: bad kdfparams (${what})`);
  if (!isRecord(p)) throw bad('missing');
  const int = (v: unknown, name: string, min: number): number => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw bad(`${name} must be an integer >= ${min}`);
    return v;
  };
  // The MAC uses derived[16..32], so anything shorter cannot be a valid keystore.
  const dklen = int(p.dklen, 'dklen', 32);
  if (dklen > 64) throw bad('dklen too large');
  if (typeof p.salt !== 'string') throw bad('salt must be hex');
  hexField(p.salt, 'salt', () => bad('salt must be hex'));
  const salt = p.salt;
  if (kdf === 'scrypt') {
    const n = int(p.n, 'n', 2);
    const r = int(p.r, 'r', 1);
    const pp = int(p.p, 'p', 1);
    if ((n & (n - 1)) !== 0) throw bad('n must be a power of two');
    if (128 * n * r > MAX_SCRYPT_MEMORY || pp > 64) throw bad('scrypt cost too large');
    return { dklen, n, r, p: pp, salt };
  }
  if (p.prf !== 'hmac-sha256') throw bad('prf must be hmac-sha256');
  const c = int(p.c, 'c', 1);
  if (c > MAX_PBKDF2_ITERATIONS) throw bad('pbkdf2 iteration count too large');
  return { c, dklen, prf: 'hmac-sha256', salt };
}

async function deriveKey(password: string, params: ScryptKdfParams | Pbkdf2KdfParams): Promise<Buffer> {
  // geth feeds the password's UTF-8 bytes without normalisation; so do we.
  const pw = Buffer.from(password, 'utf8');
  const salt = Buffer.from(params.salt.replace(/^0x/, ''), 'hex');
  try {
    if ('c' in params) {
      return await new Promise<Buffer>((resolve, reject) =>
        pbkdf2(pw, salt, params.c, params.dklen, 'sha256', (err, dk) => (err ? reject(err) : resolve(dk))),
      );
    }
    const { n, r, p, dklen } = params;
    // OpenSSL (behind node:crypto) enforces the RFC 7914 bound N < 2^(16r);
    // geth does not, and the spec's own test vector (r=1, n=2^18) breaks it.
    // Fall back to noble there; node stays the fast path for normal params.
    if (n < 2 ** (16 * r)) {
      const maxmem = 128 * r * (n + p + 2) + 1024 * 1024;
      return await new Promise<Buffer>((resolve, reject) =>
        scrypt(pw, salt, dklen, { N: n, r, p, maxmem }, (err, dk) => (err ? reject(err) : resolve(dk))),
      );
    }
    const dk = await scryptAsync(pw, salt, { N: n, r, p, dkLen: dklen, maxmem: 128 * r * (n + p + 2) });
    return Buffer.from(dk.buffer, dk.byteOffset, dk.byteLength);
  } finally {
    pw.fill(0);
  }
}

function computeMac(derived: Uint8Array, ciphertext: Uint8Array): Buffer {
  const body = new Uint8Array(16 + ciphertext.length);
  body.set(derived.subarray(16, 32), 0);
  body.set(ciphertext, 16);
  const mac = keccak_256(body);
  body.fill(0);
  return Buffer.from(mac.buffer, mac.byteOffset, mac.byteLength);
}

function hexField(v: unknown, name: string, bad: (what: string) => Error): Buffer {
  if (typeof v !== 'string') throw bad(`${name} missing`);
  const s = v.replace(/^0x/, '');
  if (s.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(s)) throw bad(`${name} must be hex`);
  return Buffer.from(s, 'hex');
}

function hex(b: Uint8Array): string {
  return Buffer.from(b).toString('hex');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
