/**
 * A number in [0, n) drawn from (seed, index, salt) alone, so slice k's draw is the same
 * whichever process computes it and however many draws came before (a restarted algo
 * recomputes its schedule, it does not replay a generator). Integer mixing (murmur3's
 * finaliser), no floats: the result feeds sizes.
 */
export function seededBelow(n: number, seed: number, index: number, salt: number): number {
  if (!Number.isSafeInteger(n) || n <= 0) return 0;
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  // A second round widens the draw past 32 bits for the rare n above 2^32 (milliseconds of a long interval).
  let g = Math.imul(h ^ 0x27d4eb2f, 0x165667b1) >>> 0;
  g = (g ^ (g >>> 15)) >>> 0;
  return Number((BigInt(h) * 4_294_967_296n + BigInt(g)) % BigInt(n));
}
