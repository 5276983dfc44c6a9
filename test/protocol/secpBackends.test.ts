import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/exchange/engine/prng.js';
import { addressOf, digestBytes, nativeBackend, nobleBackend, recoverFromDigest, recoverSigner, signAction, signDigest, toHex, type SecpBackend } from '../../src/protocol/index.js';
import { loadVectors } from '../support/vectors.js';

const vectors = loadVectors();
const native = nativeBackend();
const N = secp256k1.Point.Fn.ORDER;
const HALF_N = N >> 1n;
const SEED = Number(process.env.FUZZ_SEED ?? 18);

/** What a backend makes of a signature: the address it recovers, or the refusal. */
function outcome(digest: Uint8Array, signature: unknown, backend: SecpBackend): string {
  try {
    return recoverFromDigest(digest, signature, backend);
  } catch (e) {
    return `refused: ${(e as Error).message}`;
  }
}

const hex32 = (n: bigint) => toHex(Uint8Array.from(Buffer.from(n.toString(16).padStart(64, '0'), 'hex')));

describe('the native backend', () => {
  it.runIf(process.platform === 'linux' && process.arch === 'x64')('loads on linux-x64, where the package ships a prebuild', () => {
    expect(native?.name).toBe('native');
  });
});

describe.runIf(native)('native and noble agree', () => {
  const both = [nobleBackend, native!];

  for (const c of vectors.cases) {
    it(`${c.name}: the same signature bytes and the same signer`, () => {
      for (const b of both) {
        expect(signAction(c.action, c.nonce, c.privateKey, b)).toEqual(c.signature);
        expect(recoverSigner(c.action, c.nonce, c.signature, b)).toBe(c.address.toLowerCase());
      }
    });
  }

  for (const n of vectors.negativeCases) {
    it(`${n.name}: neither recovers the signer, and both make the same of it`, () => {
      const digest = digestBytes(n.action, n.nonce);
      const [a, b] = both.map((be) => outcome(digest, n.signature, be));
      expect(a).toBe(b);
      expect(a).not.toBe(n.signerAddress.toLowerCase());
    });
  }

  /**
   * The mix leans on the cheap refusals: a noble recovery costs ~1.5 ms, so the cases that
   * reach a backend (valid, wrong recovery id, random r/s) are 3,000 of the 10,000.
   */
  it('10,000 seeded random signatures: valid, high-s twins, wrong recovery ids, random and out-of-range r/s/v', () => {
    const rng = new Prng(SEED);
    const bytes = (len: number) => Uint8Array.from({ length: len }, () => rng.int(256));
    // A few keys reused: deriving 10,000 addresses would cost more than the comparisons.
    const keys = Array.from({ length: 64 }, () => {
      let k = bytes(32);
      while (!secp256k1.utils.isValidSecretKey(k)) k = bytes(32);
      return { key: k, address: addressOf(k), publicKey: secp256k1.getPublicKey(k, false) };
    });
    const counts = { valid: 0, highS: 0, wrongRecovery: 0, random: 0, outOfRange: 0 };
    for (let i = 0; i < 10_000; i++) {
      const digest = bytes(32);
      const { key, address, publicKey } = keys[rng.int(keys.length)]!;
      const sig = signDigest(digest, key, native!);
      const slot = i % 20;
      let signature: unknown;
      let kind: keyof typeof counts;
      if (slot < 2) {
        kind = 'valid';
        signature = sig;
      } else if (slot < 4) {
        kind = 'wrongRecovery';
        signature = { ...sig, v: 55 - sig.v };
      } else if (slot < 6) {
        kind = 'random';
        const r = BigInt(toHex(bytes(32))) % N || 1n;
        const s = (BigInt(toHex(bytes(32))) % HALF_N) + 1n;
        signature = { r: hex32(r), s: hex32(s), v: 27 + rng.int(2) };
      } else if (slot < 13) {
        // The malleable twin: the same signer under (r, n - s) with the other recovery id.
        kind = 'highS';
        const twin = { r: sig.r, s: hex32(N - BigInt(sig.s)), v: 55 - sig.v };
        signature = twin;
        if (slot === 6 && i % 100 === 6) {
          // Neither backend refuses it by itself: the explicit low-s rule is what does.
          const rs = Uint8Array.from(Buffer.from(twin.r.slice(2) + twin.s.slice(2), 'hex'));
          for (const b of both) expect(b.recover(rs, twin.v - 27, digest)).toEqual(publicKey);
        }
      } else {
        kind = 'outOfRange';
        const bad = [
          { ...sig, r: hex32(0n) },
          { ...sig, r: hex32(N + BigInt(rng.int(1000))) },
          { ...sig, s: hex32(0n) },
          { ...sig, s: hex32(N) },
          { ...sig, v: [0, 1, 26, 29][rng.int(4)] },
        ];
        signature = bad[rng.int(bad.length)];
      }
      counts[kind]++;
      const a = outcome(digest, signature, nobleBackend);
      const b = outcome(digest, signature, native!);
      const where = `case ${i} (FUZZ_SEED=${SEED}, ${kind}) ${JSON.stringify(signature)} digest ${toHex(digest)}`;
      if (a !== b) throw new Error(`${where}: noble ${a}, native ${b}`);
      if ((kind === 'valid') !== (a === address)) throw new Error(`${where}: ${kind === 'valid' ? 'did not recover' : 'recovered'} the signer: ${a}`);
      if ((kind === 'highS' || kind === 'outOfRange') && !a.startsWith('refused: signature')) throw new Error(`${where}: not refused: ${a}`);
    }
    expect(counts).toEqual({ valid: 1000, highS: 3500, wrongRecovery: 1000, random: 1000, outOfRange: 3500 });
  }, 60_000);

  it('500 seeded random keys and digests: byte-identical signatures', () => {
    const rng = new Prng(SEED + 1);
    const bytes = () => Uint8Array.from({ length: 32 }, () => rng.int(256));
    for (let i = 0; i < 500; i++) {
      const key = bytes();
      if (!secp256k1.utils.isValidSecretKey(key)) continue;
      const digest = bytes();
      expect(signDigest(digest, key, native!)).toEqual(signDigest(digest, key, nobleBackend));
      expect(native!.publicKey(key)).toEqual(nobleBackend.publicKey(key));
    }
  });
});
