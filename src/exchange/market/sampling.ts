/**
 * Random draws the market bots need, built only on the seeded Prng so a seed
 * replays exactly. Results are counts or unitless factors, never prices:
 * callers turn them into bigint amounts.
 */
import type { Prng } from '../engine/prng.js';

/**
 * Approximately standard normal (mean 0, variance 1). A scaled sum of four
 * uniforms (Irwin-Hall) rather than Box-Muller: only +, - and sqrt, which are
 * exactly rounded in IEEE 754, so the walk is bit-identical on every platform.
 * Tails are bounded at about +-3.46, which suits a price walk fine.
 */
export function normal(rng: Prng): number {
  const sum = rng.next() + rng.next() + rng.next() + rng.next();
  return (sum - 2) * Math.sqrt(3);
}

/** Poisson count with mean `lambda` (Knuth's product method; fine for the small per-block means used here). */
export function poisson(rng: Prng, lambda: number): number {
  if (!(lambda > 0)) return 0;
  // Large means would need hundreds of draws; a block never asks for that many, so cap the work.
  if (lambda > 50) return Math.max(0, Math.round(lambda + normal(rng) * Math.sqrt(lambda)));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

/** Integer in [min, max], skewed toward min (density falls like 1/sqrt): many small orders, a few large ones. */
export function skewedCount(rng: Prng, min: number, max: number): number {
  if (max <= min) return min;
  const u = rng.next();
  return min + Math.floor((max - min + 1) * u * u);
}
