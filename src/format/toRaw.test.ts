import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseLooseDecimal } from './toRaw.js';

/** The form as a regular expression states it: what the character-by-character reader must agree with. */
function byPattern(text: string): { raw: bigint; scale: number } | undefined {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const frac = m[3] ?? '';
  if (frac.length > 36) return undefined;
  const raw = BigInt(m[2]! + frac);
  return { raw: m[1] ? -raw : raw, scale: frac.length };
}

it('reads a wire decimal as the pattern -?digits(.digits)? does, and nothing else', () => {
  const chars = fc.constantFrom('-', '.', '0', '1', '5', '9', ' ', '\n', '+', 'e', '٣');
  const texts = fc.oneof(
    fc.array(chars, { maxLength: 12 }).map((a) => a.join('')),
    fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 40 })).map(([neg, v, scale]) => {
      const s = v.toString().padStart(scale + 1, '0');
      return `${neg ? '-' : ''}${scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s}`;
    }),
  );
  fc.assert(
    fc.property(texts, (t) => {
      expect(parseLooseDecimal(t)).toEqual(byPattern(t));
    }),
    { numRuns: 5000, seed: Number(process.env['PERPDESK_DECIMAL_SEED'] ?? 5) },
  );
  expect(parseLooseDecimal('12.50')).toEqual({ raw: 1250n, scale: 2 });
  expect(parseLooseDecimal('-0.5')).toEqual({ raw: -5n, scale: 1 });
  for (const bad of ['', '-', '.5', '5.', '1.2.3', '1e5', ' 1', '1\n', '+1']) expect(parseLooseDecimal(bad)).toBeUndefined();
});
