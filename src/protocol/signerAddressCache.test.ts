import { describe, expect, it } from 'vitest';
import { addressOf } from './address.js';
import { recoverFromDigest, signDigest } from './signature.js';

/** recoverFromDigest keeps the addresses of recent public keys; what it answers must never depend on that. */
describe('recovered signer addresses', () => {
  it('stay right for the same signers again and across the cache being emptied', () => {
    const keyOf = (i: number) => Uint8Array.from({ length: 32 }, (_, j) => (j === 0 ? 1 : j === 1 ? i >> 8 : j === 2 ? i & 0xff : 7));
    const digest = Uint8Array.from({ length: 32 }, (_, j) => j);
    const expected = new Map<number, string>();
    // More distinct signers than the cache holds, then the first ones again.
    for (const i of [...Array.from({ length: 1100 }, (_, i) => i), 0, 1, 2, 1099, 0]) {
      const key = keyOf(i);
      if (!expected.has(i)) expected.set(i, addressOf(key));
      expect(recoverFromDigest(digest, signDigest(digest, key))).toBe(expected.get(i));
    }
  });
});
