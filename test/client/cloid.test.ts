import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CloidGenerator, isCloid } from '../../src/client/cloid.js';
import { CloidString } from '../../src/protocol/wire/index.js';
import * as v from 'valibot';

describe('CloidGenerator', () => {
  it('hands out strictly increasing decimal ids below 2^53, also when the clock stalls or steps back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 300 }), (steps) => {
        let t = Date.UTC(2025, 0, 1);
        const gen = new CloidGenerator(() => (t += steps[i++ % steps.length]!), 7);
        let i = 0;
        let prev = -1;
        const seen = new Set<string>();
        for (let n = 0; n < steps.length; n++) {
          const id = gen.next();
          expect(v.safeParse(CloidString, id).success).toBe(true);
          expect(isCloid(id)).toBe(true);
          const num = Number(id);
          expect(Number.isSafeInteger(num)).toBe(true);
          expect(String(num)).toBe(id);
          expect(num).toBeGreaterThan(prev);
          expect(seen.has(id)).toBe(false);
          seen.add(id);
          prev = num;
        }
      }),
    );
  });

  it('keeps 10,000 ids drawn in one millisecond unique', () => {
    const gen = new CloidGenerator(() => Date.UTC(2030, 5, 1));
    const ids = new Set(Array.from({ length: 10_000 }, () => gen.next()));
    expect(ids.size).toBe(10_000);
    for (const id of ids) expect(Number(id)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('still fits below 2^53 in 2090', () => {
    const gen = new CloidGenerator(() => Date.UTC(2090, 0, 1));
    expect(Number.isSafeInteger(Number(gen.next()))).toBe(true);
  });
});
