import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.js';

/** Where an error points: keys joined by dots, indices in brackets, "(root)" for the value itself. */
describe('canonicalJson error paths', () => {
  it.each([
    [1.5, 'canonical JSON: (root): 1.5 is not an integer'],
    [{ a: { b: [1, { c: 1.5 }] } }, 'canonical JSON: a.b[1].c: 1.5 is not an integer'],
    [{ a: [[0, [null]]] }, 'canonical JSON: a[0][1][0]: null or undefined array element'],
    [[{ k: '\uDC00' }], 'canonical JSON: [0].k: lone surrogate in string'],
    [{ a: { ['\uD800']: 1 } }, 'canonical JSON: a: lone surrogate in key'],
    [{ a: { b: 2n ** 60n } }, 'canonical JSON: a.b: 1152921504606846976 is not a safe integer'],
    [{ a: { b: Symbol('x') } }, 'canonical JSON: a.b: symbol cannot be serialised'],
    [{ '': { '': Number.NaN } }, 'canonical JSON: (root): NaN is not a finite number'],
    // The walk stops at the first problem in key order, not insertion order.
    [{ z: 1.5, a: { y: [2 ** 53] } }, 'canonical JSON: a.y[0]: 9007199254740992 is not a safe integer'],
  ])('%o', (value, message) => {
    expect(() => canonicalJson(value)).toThrow(message);
  });

  it('keeps well-formed surrogate pairs and sorts after a failed call as before', () => {
    expect(() => canonicalJson({ x: [1.5] })).toThrow();
    expect(canonicalJson({ b: '\uD83D\uDE00', a: [1, { d: 2, c: null }] })).toBe('{"a":[1,{"d":2}],"b":"\uD83D\uDE00"}');
  });
});
