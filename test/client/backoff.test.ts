import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Backoff } from '../../src/client/backoff.js';

describe('Backoff', () => {
  it('draws each delay uniformly below a doubling ceiling that stops at the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 60_000 }), fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 1, maxLength: 80 }), (base, cap, draws) => {
        let i = 0;
        const b = new Backoff({ baseMs: base, capMs: cap, random: () => draws[i++ % draws.length]! });
        let prevCeiling = 0;
        for (let n = 0; n < draws.length; n++) {
          const ceiling = b.ceiling();
          expect(ceiling).toBe(Math.min(cap, base * 2 ** n));
          expect(ceiling).toBeGreaterThanOrEqual(prevCeiling);
          const d = b.next();
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThan(Math.max(ceiling, 1));
          expect(Number.isInteger(d)).toBe(true);
          prevCeiling = ceiling;
        }
      }),
    );
  });

  it('starts over after reset', () => {
    const b = new Backoff({ baseMs: 100, capMs: 10_000, random: () => 0.5 });
    b.next();
    b.next();
    b.next();
    expect(b.ceiling()).toBe(800);
    b.reset();
    expect(b.attempts).toBe(0);
    expect(b.next()).toBe(50);
  });

  it('stays finite after very many attempts', () => {
    const b = new Backoff({ baseMs: 250, capMs: 10_000, random: () => 0.999 });
    for (let i = 0; i < 5000; i++) b.next();
    expect(b.ceiling()).toBe(10_000);
    expect(b.next()).toBe(9990);
  });
});
