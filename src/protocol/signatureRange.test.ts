import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { SignatureError, validateSignature } from './signature.js';

const N = secp256k1.Point.Fn.ORDER;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;

/** The rule as spec 5 states it, on numbers: 0 < r < n, 0 < s <= n / 2. */
function expected(r: bigint, s: bigint): string {
  if (r === 0n || r >= N) return 'signature.r: out of range';
  if (s === 0n || s >= N) return 'signature.s: out of range';
  if (s > N >> 1n) return 'signature.s: high-s signatures are not accepted';
  return 'ok';
}

function outcome(r: bigint, s: bigint): string {
  try {
    validateSignature({ r: word(r), s: word(s), v: 27 });
    return 'ok';
  } catch (e) {
    if (!(e instanceof SignatureError)) throw e;
    return e.message;
  }
}

describe('validateSignature range rules', () => {
  it('refuses and accepts exactly at the edges of r and s', () => {
    const edges = [0n, 1n, 2n, (N >> 1n) - 1n, N >> 1n, (N >> 1n) + 1n, N - 1n, N, N + 1n, (1n << 256n) - 1n, 1n << 255n];
    for (const r of edges) {
      for (const s of edges) expect(outcome(r, s), `r ${word(r)} s ${word(s)}`).toBe(expected(r, s));
    }
  });

  it('agrees with the numeric rule on values near n and n / 2 digit by digit', () => {
    // Differences in any one hex digit, high and low, around both bounds.
    for (const bound of [N, N >> 1n]) {
      for (let digit = 0; digit < 64; digit++) {
        for (const delta of [-1n, 1n]) {
          const v = bound + delta * (1n << BigInt(4 * digit));
          if (v < 0n || v >= 1n << 256n) continue;
          expect(outcome(v, 1n)).toBe(expected(v, 1n));
          expect(outcome(1n, v)).toBe(expected(1n, v));
        }
      }
    }
  });
});
