import { describe, expect, it } from 'vitest';
import {
  actionDigest,
  actionHash,
  addressOf,
  canonicalJson,
  DOMAIN_SEPARATOR,
  hashStruct,
  recoverSigner,
  signAction,
  signingPath,
  toHex,
} from '../../src/protocol/index.js';
import { loadVectors } from '../support/vectors.js';

const vectors = loadVectors();

describe('signing vectors (test/fixtures/signing-vectors.json)', () => {
  it('has the domain separator', () => {
    expect(toHex(DOMAIN_SEPARATOR)).toBe(vectors.domainSeparator);
  });

  for (const [name, key] of Object.entries(vectors.keys)) {
    it(`derives the address of key ${name}`, () => {
      expect(addressOf(key.privateKey)).toBe(key.address.toLowerCase());
    });
  }

  for (const c of vectors.cases) {
    describe(c.name, () => {
      it('chooses the path from action.type', () => {
        expect(signingPath(c.action)).toBe(c.path);
      });
      if (c.canonicalJson !== undefined) {
        it('canonical JSON and actionHash', () => {
          expect(canonicalJson(c.action)).toBe(c.canonicalJson);
          expect(toHex(actionHash(c.action, c.nonce))).toBe(c.actionHash);
        });
      }
      it('hashStruct and digest', () => {
        expect(toHex(hashStruct(c.action, c.nonce))).toBe(c.hashStruct);
        expect(actionDigest(c.action, c.nonce)).toBe(c.digest);
      });
      it('signature byte for byte', () => {
        expect(signAction(c.action, c.nonce, c.privateKey)).toEqual(c.signature);
      });
      it('recovers the signer', () => {
        expect(recoverSigner(c.action, c.nonce, c.signature)).toBe(c.address.toLowerCase());
      });
    });
  }

  for (const n of vectors.negativeCases) {
    it(`${n.name}: does not recover the signer`, () => {
      let recovered: string | null;
      try {
        recovered = recoverSigner(n.action, n.nonce, n.signature);
      } catch {
        recovered = null;
      }
      expect(recovered).not.toBe(n.signerAddress.toLowerCase());
      expect(recovered).toBe(n.recoversToUnderCorrectScheme);
      expect(actionDigest(n.action, n.nonce)).toBe(n.correctDigest);
    });
  }
});

describe('signing rules', () => {
  const key = vectors.keys['master']!.privateKey;
  it('never signs a typed action on the agent path, whatever else the object carries', () => {
    const action = { type: 'lockCollateral', marketDeployerId: 1, coinId: 0, amount: '5' };
    expect(signingPath(action)).toBe('typed');
    const order: { type: string; orders: unknown[] } = { type: 'order', orders: [] };
    expect(signingPath(order)).toBe('agent');
  });
  it('rejects high-s, bad v and malformed r/s when recovering', () => {
    const action = { type: 'cancel', cancels: [{ a: 1, o: 1 }] };
    const sig = signAction(action, 1, key);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const highS = { r: sig.r, s: `0x${(n - BigInt(sig.s)).toString(16).padStart(64, '0')}`, v: sig.v === 27 ? 28 : 27 };
    expect(() => recoverSigner(action, 1, highS)).toThrow(/high-s/);
    expect(() => recoverSigner(action, 1, { ...sig, v: 0 })).toThrow(/v/);
    expect(() => recoverSigner(action, 1, { ...sig, r: sig.r.toUpperCase() })).toThrow(/signature.r/);
    expect(() => recoverSigner(action, 1, { ...sig, s: sig.s.slice(0, 10) })).toThrow(/signature.s/);
  });
  it('range-checks typed uint fields', () => {
    const action = { type: 'lockCollateral', marketDeployerId: 2 ** 32, coinId: 0, amount: '5' };
    expect(() => actionDigest(action, 1)).toThrow(/marketDeployerId/);
  });
  it('refuses typed actions with a missing field (approveAgent without validUntil)', () => {
    const action = { type: 'approveAgent', agentAddress: vectors.keys['agent']!.address, agentName: '' };
    expect(() => actionDigest(action, 1)).toThrow(/validUntil/);
  });
  it('never puts the key in an error', () => {
    const bad = '0x' + 'zz'.repeat(32);
    try {
      signAction({ type: 'cancel' }, 1, bad);
      expect.unreachable();
    } catch (e) {
      expect(String(e)).not.toContain('zz');
    }
  });
});

describe('recovery', () => {
  it('recovers the signing address for random keys and digests', async () => {
    const fc = (await import('fast-check')).default;
    const { secp256k1 } = await import('@noble/curves/secp256k1.js');
    const { recoverFromDigest, signDigest, addressOf: addr } = await import('../../src/protocol/index.js');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 48, maxLength: 48 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (keySeed, digest) => {
        const key = secp256k1.utils.randomSecretKey(keySeed);
        expect(recoverFromDigest(digest, signDigest(digest, key))).toBe(addr(key));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses an r that is no curve point with a signature error', async () => {
    const { recoverFromDigest, SignatureError } = await import('../../src/protocol/index.js');
    // x = 5 has no point on secp256k1 (5^3 + 7 = 132 is a non-residue mod p).
    const sig = { r: `0x${'0'.repeat(63)}5`, s: `0x${'0'.repeat(63)}1`, v: 27 };
    expect(() => recoverFromDigest(new Uint8Array(32), sig)).toThrow(SignatureError);
  });
});
