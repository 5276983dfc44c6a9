import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOMAIN, TYPED_STRUCTS } from '../../src/protocol/index.js';
import {
  ACTION_SCHEMAS,
  ACTION_TYPES,
  AGENT_ACTIONS,
  BUSINESS_ERROR,
  CANDLE_INTERVALS,
  ClientMessage,
  EXCHANGE_DATA,
  HTTP_ERROR,
  INFO_QUERIES,
  INFO_TYPES,
  ORDER_EVENTS,
  ORDER_STATUSES,
  ServerMessage,
  Subscription,
} from '../../src/protocol/wire/index.js';

/**
 * docs/protocol.md is the only description of the API a reader of this repository has, so
 * it must name everything the wire module defines. These checks fail when a shape is added
 * to src/protocol/wire without its line in the document.
 */
const doc = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');
const lines = doc.split('\n');

function hasLine(pattern: RegExp): boolean {
  return lines.some((line) => pattern.test(line));
}

const esc = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Identifiers written as code in the document: inside `spans` and fenced blocks. */
function codeWords(markdown: string): Set<string> {
  const code = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`]+)`/g)].map((m) => m[1] ?? m[2] ?? '');
  return new Set(code.flatMap((text) => text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []));
}

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  items?: SchemaNode[];
  wrapped?: SchemaNode;
  options?: SchemaNode[];
}

/** Every object key a valibot schema defines, at any depth. */
function fieldNames(schema: SchemaNode, out = new Set<string>()): Set<string> {
  for (const [key, entry] of Object.entries(schema.entries ?? {})) {
    out.add(key);
    fieldNames(entry, out);
  }
  for (const child of [schema.item, schema.wrapped, ...(schema.items ?? []), ...(schema.options ?? [])]) {
    if (child) fieldNames(child, out);
  }
  return out;
}

describe('docs/protocol.md covers the wire module', () => {
  it('describes every write action under its own heading or table row', () => {
    const missing = ACTION_TYPES.filter((type) => !hasLine(new RegExp(`^#### ${type}$`)) && !hasLine(new RegExp(`^\\| \`${type}\` \\|`)));
    expect(missing).toEqual([]);
  });

  it('lists the actions an agent may send', () => {
    const row = lines.find((line) => line.startsWith('| agent key |')) ?? '';
    expect([...AGENT_ACTIONS].filter((type) => !row.includes(`\`${type}\``))).toEqual([]);
  });

  it('describes every /info query with its request fields', () => {
    expect(INFO_TYPES.filter((type) => !hasLine(new RegExp(`^\\| \`${type}\` \\| `)))).toEqual([]);
  });

  it('gives every HTTP-level code with its status', () => {
    const missing = Object.entries(HTTP_ERROR).filter(([code, status]) => !hasLine(new RegExp(`^\\| \`${code}\` \\| ${status} \\|`)));
    expect(missing).toEqual([]);
  });

  it('gives every business errorCode with its exact message', () => {
    const missing = Object.values(BUSINESS_ERROR).filter(({ code, message }) => !hasLine(new RegExp(`^\\| ${code} \\| \`${esc(message)}\``)));
    expect(missing).toEqual([]);
  });

  it('describes every WebSocket subscription and channel payload', () => {
    const types = Subscription.options.map((o) => o.entries.type.literal);
    expect(types.filter((type) => !doc.includes(`{"type": "${type}"`))).toEqual([]);
    expect(types.filter((type) => !hasLine(new RegExp(`^\\| \`${type}\` \\| `)))).toEqual([]);
    expect(ORDER_EVENTS.filter((event) => !doc.includes(`\`${event}\``))).toEqual([]);
  });

  it('names every order status and candle interval', () => {
    expect(ORDER_STATUSES.filter((status) => !doc.includes(`\`${status}\``))).toEqual([]);
    expect(doc).toContain(CANDLE_INTERVALS.join(' '));
  });

  it('names every field of every request, answer and message', () => {
    const schemas = [
      ...Object.values(ACTION_SCHEMAS),
      ...Object.values(EXCHANGE_DATA),
      ...Object.values(INFO_QUERIES).flatMap((q) => [q.request, q.result]),
      ClientMessage,
      ServerMessage,
    ] as unknown as SchemaNode[];
    const fields = new Set(schemas.flatMap((schema) => [...fieldNames(schema)]));
    expect(fields.size).toBeGreaterThan(100);
    const words = codeWords(doc);
    expect([...fields].filter((field) => !words.has(field)).sort()).toEqual([]);
  });

  it('gives the signing domain and every typed struct string verbatim', () => {
    expect(doc).toContain(`name \`${DOMAIN.name}\`, version \`${DOMAIN.version}\`, chainId \`${DOMAIN.chainId}\``);
    expect(Object.values(TYPED_STRUCTS).filter((struct) => !doc.includes(`\`${struct}\``))).toEqual([]);
  });
});
