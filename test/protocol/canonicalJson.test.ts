import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/protocol/index.js';

/** JSON values canonical JSON accepts: safe integers, no nulls inside arrays, well-formed strings. */
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'grapheme' }),
    fc.boolean(),
    fc.maxSafeInteger(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.oneof(tie('value'), fc.constant(null)), { maxKeys: 5 }),
  ),
})).value;

describe('canonicalJson', () => {
  it('is a fixed point under parse and re-serialise', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const once = canonicalJson(value);
        expect(canonicalJson(JSON.parse(once))).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('sorts keys by UTF-16 code unit at every depth and drops null members', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 8 }), (obj) => {
        const parsed = JSON.parse(canonicalJson({ nested: obj })) as { nested: Record<string, number> };
        const keys = Object.keys(parsed.nested);
        // Integer-like keys come first in JS objects, so compare against the emitted text instead.
        const text = canonicalJson(obj);
        const emitted = [...text.matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
        expect(emitted).toEqual([...emitted].sort());
        expect(keys.sort()).toEqual(Object.keys(obj).sort());
      }),
    );
    expect(canonicalJson({ b: 1, a: { d: null, c: [2, { z: 1, y: 2 }] }, e: {} })).toBe('{"a":{"c":[2,{"y":2,"z":1}]},"b":1,"e":{}}');
    // U+FF21 sorts after 'Z' and '~' by code unit; uppercase before lowercase.
    expect(canonicalJson({ b: 1, B: 2, '\uFF21': 3, '~': 4 })).toBe('{"B":2,"b":1,"~":4,"\uFF21":3}');
  });

  it('has no whitespace and escapes like JSON.stringify', () => {
    expect(canonicalJson({ s: 'a "q" \\ \n é' })).toBe(JSON.stringify({ s: 'a "q" \\ \n é' }));
  });

  it.each([
    [{ x: 1.5 }, /x: 1.5 is not an integer/],
    [{ x: Number.NaN }, /x: NaN is not a finite number/],
    [{ x: Infinity }, /finite/],
    [{ x: 2 ** 53 }, /x: 9007199254740992 is not a safe integer/],
    [{ x: '\uD800' }, /x: lone surrogate/],
    [{ x: [1, null] }, /x\[1\]: null or undefined array element/],
    [{ x: new Date(0) }, /x: only plain objects/],
    [{ x: () => 1 }, /x: function cannot be serialised/],
  ])('rejects %o', (value, message) => {
    expect(() => canonicalJson(value)).toThrow(message);
  });
});
