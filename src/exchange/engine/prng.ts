/**
 * Small seeded PRNG (mulberry32) for deterministic simulations, bots and
 * tests. Not cryptographic. Same seed, same sequence, on every platform.
 */

/** Returns a generator of floats in [0, 1) driven by a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Convenience wrapper with the draws simulations usually need. */
export class Prng {
  private readonly gen: () => number;

  constructor(seed: number) {
    this.gen = mulberry32(seed);
  }

  /** Float in [0, 1). */
  next(): number {
    return this.gen();
  }

  /** Integer in [0, n) for n >= 1. */
  int(n: number): number {
    return Math.floor(this.gen() * n);
  }

  /** Integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.gen() * (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.gen() < p;
  }

  /** Uniform element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from empty array');
    return items[Math.floor(this.gen() * items.length)]!;
  }
}
