import { isDeepStrictEqual } from 'node:util';

/**
 * A draft-07 checker for the few keywords `@valibot/to-json-schema` and the hand-written
 * write and error schemas emit (no JSON Schema validator is installed): `conforms` refuses
 * any keyword it does not know rather than pass it.
 */
export type JsonSchema = Record<string, unknown>;

export const KEYWORDS = new Set(['$schema', 'description', 'type', 'properties', 'required', 'items', 'minItems', 'pattern', 'enum', 'const', 'anyOf']);

function typeIs(t: unknown, x: unknown): boolean {
  switch (t) {
    case 'null':
      return x === null;
    case 'array':
      return Array.isArray(x);
    case 'object':
      return typeof x === 'object' && x !== null && !Array.isArray(x);
    case 'integer':
      return Number.isInteger(x);
    case 'number':
      return typeof x === 'number' && Number.isFinite(x);
    case 'string':
    case 'boolean':
      return typeof x === t;
    default:
      throw new Error(`unknown type ${String(t)}`);
  }
}

/** Where `x` breaks draft-07 schema `s` (empty: it conforms), for the keywords above. */
export function conforms(s: JsonSchema, x: unknown, at = '$'): string[] {
  for (const k of Object.keys(s)) if (!KEYWORDS.has(k)) throw new Error(`${at}: keyword "${k}" is not checked here`);
  if (s['anyOf'] !== undefined && !(s['anyOf'] as JsonSchema[]).some((alt) => conforms(alt, x, at).length === 0)) return [`${at}: matches no anyOf branch`];
  if ('const' in s && !isDeepStrictEqual(s['const'], x)) return [`${at}: is not ${JSON.stringify(s['const'])}`];
  if (s['enum'] !== undefined && !(s['enum'] as unknown[]).some((e) => isDeepStrictEqual(e, x))) return [`${at}: ${JSON.stringify(x)} is not one of the enum`];
  if (s['type'] !== undefined && ![s['type']].flat().some((t) => typeIs(t, x))) return [`${at}: ${JSON.stringify(x)} is not of type ${JSON.stringify(s['type'])}`];
  const out: string[] = [];
  if (typeof x === 'string' && typeof s['pattern'] === 'string' && !new RegExp(s['pattern'], 'u').test(x)) out.push(`${at}: "${x}" does not match ${s['pattern']}`);
  if (Array.isArray(x)) {
    if (typeof s['minItems'] === 'number' && x.length < s['minItems']) out.push(`${at}: fewer than ${s['minItems']} items`);
    const items = s['items'];
    if (Array.isArray(items)) items.forEach((item: JsonSchema, i) => i < x.length && out.push(...conforms(item, x[i], `${at}[${i}]`)));
    else if (items !== undefined) x.forEach((e, i) => out.push(...conforms(items as JsonSchema, e, `${at}[${i}]`)));
  }
  if (typeIs('object', x)) {
    const obj = x as Record<string, unknown>;
    for (const k of (s['required'] as string[] | undefined) ?? []) if (!(k in obj)) out.push(`${at}: no ${k}`);
    for (const [k, sub] of Object.entries((s['properties'] as Record<string, JsonSchema> | undefined) ?? {})) if (k in obj) out.push(...conforms(sub, obj[k], `${at}.${k}`));
  }
  return out;
}

/** Every keyword used anywhere in `s`. */
export function keywordsOf(s: JsonSchema, out = new Set<string>()): Set<string> {
  for (const [k, sub] of Object.entries(s)) {
    out.add(k);
    if (k === 'properties') for (const p of Object.values(sub as Record<string, JsonSchema>)) keywordsOf(p, out);
    if (k === 'items' || k === 'anyOf') for (const p of [sub].flat() as JsonSchema[]) keywordsOf(p, out);
  }
  return out;
}

