import { randomInt } from 'node:crypto';

/** 2024-01-01T00:00:00Z: keeps the time part small enough to last past 2090 below 2^53. */
const EPOCH_MS = 1_704_067_200_000;
const LOW_BITS = 4096; // 12 bits of sequence per millisecond
const LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Client order ids below 2^53 (open-points: a plain JSON parser reads them exactly),
 * unique within the process: milliseconds since 2024 in the high bits, a sequence in the
 * low 12 bits, and never less than the previous id plus one. A random per-process start
 * in the low bits makes two dashboards on one account unlikely to collide in the same ms.
 */
export class CloidGenerator {
  private last = 0;
  private readonly salt: number;

  constructor(
    private readonly now: () => number = Date.now,
    salt?: number,
  ) {
    this.salt = salt ?? randomInt(LOW_BITS / 2);
  }

  next(): string {
    const base = (Math.max(0, this.now() - EPOCH_MS)) * LOW_BITS + this.salt;
    const value = Math.max(base, this.last + 1);
    if (value > LIMIT) throw new RangeError('cloid space exhausted (clock beyond 2093?)');
    this.last = value;
    return String(value);
  }
}

export function isCloid(text: string): boolean {
  return /^\d{1,16}$/.test(text) && Number(text) <= LIMIT;
}
