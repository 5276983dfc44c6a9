import type { Prng } from '../../../src/exchange/engine/prng.js';

/**
 * Building blocks for malformed JSON: values of the wrong type for a field, numbers no
 * parser should trust, nesting deep enough to break a recursive walker, and byte strings
 * that are not UTF-8. Raw tokens (1e400 has no JS value) are spliced into the text.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Numbers as JSON text: beyond int64, beyond doubles, fractions where integers go. */
export const HUGE_NUMBERS = [
  '1e400',
  '-1e400',
  '18446744073709551616',
  '-18446744073709551617',
  '9223372036854775808',
  '123456789012345678901234567890123456789',
  '1.5',
  '-2.5e-7',
] as const;

/** Keys and type names that collide with Object.prototype. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'] as const;

const RAW = '\u0000raw:';

/** A placeholder string that toText() replaces by the raw JSON token. */
export function raw(token: string): string {
  return `${RAW}${token}`;
}

/** True when toText(value) holds a raw number token. */
export function hasRaw(value: unknown): boolean {
  return JSON.stringify(value).includes('\\u0000raw:');
}

/** JSON text with raw() placeholders replaced by their tokens. */
export function toText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000raw:([^"]*)"/g, '$1');
}

/** A value whose JSON type differs from `original`'s (never null: null counts as absent). */
export function wrongType(rng: Prng, original: unknown): Json | string {
  const candidates: (Json | string)[] = [];
  if (typeof original !== 'string') candidates.push(String(original ?? ''), '', rng.pick(['abc', '0x', '1', ' ', '\u202e', 'NaN', 'Infinity']));
  if (typeof original !== 'number') candidates.push(1, 0, -1, 2 ** 53, 1.25);
  if (typeof original !== 'boolean') candidates.push(true, false);
  if (!Array.isArray(original)) candidates.push([], [original as Json], [1, 'a', null]);
  if (typeof original !== 'object' || original === null || Array.isArray(original)) candidates.push({}, { type: 'x' }, { [rng.pick(PROTOTYPE_NAMES)]: 1 });
  if (typeof original === 'number' && Number.isInteger(original)) candidates.push(raw(rng.pick(['1.5', '0.5', '-0.25', '1e400', '2.5e-3'])));
  return rng.pick(candidates);
}

export function hugeNumber(rng: Prng): string {
  return raw(rng.pick(HUGE_NUMBERS));
}

/** Every path to a value inside `value` (objects and arrays), the root excluded. */
export function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(value)) value.forEach((v, i) => (out.push([...prefix, i]), paths(v, [...prefix, i], out)));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) (out.push([...prefix, k]), paths(v, [...prefix, k], out));
  return out;
}

export function getAt(value: unknown, path: (string | number)[]): unknown {
  let v = value as Record<string | number, unknown>;
  for (const k of path) v = v[k] as Record<string | number, unknown>;
  return v;
}

/** A deep copy with the value at `path` replaced. */
export function setAt<T>(value: T, path: (string | number)[], next: unknown): T {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let v = copy;
  for (const k of path.slice(0, -1)) v = v[k] as Record<string | number, unknown>;
  v[path[path.length - 1]!] = next;
  return copy as T;
}

/** A deep copy with the member at `path` removed. */
export function removeAt<T>(value: T, path: (string | number)[]): T {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let v = copy;
  for (const k of path.slice(0, -1)) v = v[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(v)) v.splice(Number(last), 1);
  else delete v[last];
  return copy as T;
}

/** `levels` of nesting, as arrays or objects, around `inner`. Text, so no recursion builds it. */
export function deepText(rng: Prng, levels: number, inner = '1'): string {
  if (rng.chance(0.5)) return '['.repeat(levels) + inner + ']'.repeat(levels);
  const key = rng.pick(['a', 'type', 'action', '__proto__']);
  return `{"${key}":`.repeat(levels) + inner + '}'.repeat(levels);
}

export function randomBytes(rng: Prng, max: number): Buffer {
  const b = Buffer.alloc(rng.int(max + 1));
  for (let i = 0; i < b.length; i++) b[i] = rng.int(256);
  return b;
}

/** UTF-8 text of a JSON document with bytes that are not UTF-8 inside a string. */
export function invalidUtf8(rng: Prng, doc: string): Buffer {
  const bad = rng.pick([[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xc0, 0xaf], [0xfe, 0xff]]);
  const at = Math.max(0, doc.lastIndexOf('"'));
  return Buffer.concat([Buffer.from(doc.slice(0, at)), Buffer.from(bad), Buffer.from(doc.slice(at))]);
}

/** JSON-like text that no strict parser accepts, or top-level values that are not objects. */
export const JUNK_TEXTS = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '"configs"',
  '[]',
  '[{"type":"configs"}]',
  '{',
  '}',
  '{"type":"configs"',
  '{"type":"configs"}}',
  '{"type":"configs"} trailing',
  "{'type':'configs'}",
  '{type:"configs"}',
  '{"type":"configs",}',
  '{"type":NaN}',
  '{"type":Infinity}',
  '{"type":undefined}',
  '\ufeff{"type":"configs"',
  '{"type":"configs" /* c */}',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"type":"\\ud800"}',
  '{"type":"\\u0000configs"}',
];
