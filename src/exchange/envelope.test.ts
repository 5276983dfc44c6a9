import { describe, expect, it } from 'vitest';
import { parseExchangeEnvelope } from './envelope.js';
import { HttpError } from './errors.js';
import { MAX_JSON_DEPTH } from './jsonDepth.js';

const signature = { r: `0x${'1'.repeat(64)}`, s: `0x${'2'.repeat(64)}`, v: 27 };
const order = { a: 1, b: true, p: '100', s: '1', r: false, t: { limit: { tif: 'Gtc' } } };

function refusal(body: unknown): string {
  try {
    parseExchangeEnvelope(body);
  } catch (e) {
    if (e instanceof HttpError) return `${e.code} ${e.message}`;
    throw e;
  }
  return 'accepted';
}

/** The action is checked as received when it has no nulls, and as a copy without them otherwise: the same outcome either way. */
describe('parseExchangeEnvelope', () => {
  it('reads an action with null members as one without them, at any depth', () => {
    const plain = parseExchangeEnvelope({ action: { type: 'order', orders: [order], grouping: 'na' }, nonce: 1, signature });
    const nulls = parseExchangeEnvelope({ action: { type: 'order', orders: [{ ...order, c: null }], grouping: 'na', extra: null }, nonce: 1, signature });
    expect(nulls.action).toEqual(plain.action);
    expect(JSON.stringify(nulls.action)).toBe(JSON.stringify(plain.action));
    expect(JSON.stringify(plain.action)).toBe('{"type":"order","orders":[{"a":1,"b":true,"p":"100","s":"1","r":false,"t":{"limit":{"tif":"Gtc"}}}],"grouping":"na"}');
  });

  it('keeps the received action as the signed one and checks a copy of nothing it does not need', () => {
    const action = { type: 'cancelAll', a: 1 };
    const env = parseExchangeEnvelope({ action, nonce: 1, signature });
    expect(env.rawAction).toBe(action);
    expect(env.action).toEqual({ type: 'cancelAll', a: 1 });
    expect(env.action).not.toBe(action);
  });

  it('treats a parsed "__proto__" key as an ordinary, unknown member', () => {
    const body: unknown = JSON.parse(`{"action":{"type":"cancelAll","a":2,"__proto__":{"a":"x"}},"nonce":1,"signature":${JSON.stringify(signature)}}`);
    expect(parseExchangeEnvelope(body).action).toEqual({ type: 'cancelAll', a: 2 });
    const nested: unknown = JSON.parse(`{"action":{"type":"cancelAll","__proto__":{"a":2}},"nonce":1,"signature":${JSON.stringify(signature)}}`);
    expect(refusal(nested)).toMatch(/^BAD_REQUEST action\.a: /);
  });

  it('does not read members an action only inherits', () => {
    const inherited = Object.assign(Object.create({ a: 1 }) as Record<string, unknown>, { type: 'cancelAll' });
    expect(refusal({ action: inherited, nonce: 1, signature })).toMatch(/^BAD_REQUEST action\.a: /);
    const nestedInherited = { type: 'order', orders: [Object.assign(Object.create({ s: '1' }) as object, { ...order, s: undefined })], grouping: 'na' };
    expect(refusal({ action: nestedInherited, nonce: 1, signature })).toMatch(/^BAD_REQUEST action\.orders\.0\.s: /);
  });

  it('refuses nesting past the limit whether or not there are nulls to drop', () => {
    const deep = (withNull: boolean) => {
      let inner: Record<string, unknown> = withNull ? { gone: null } : { kept: 1 };
      for (let level = 0; level < MAX_JSON_DEPTH; level++) inner = { next: inner };
      return { action: { type: 'cancelAll', a: 1, deep: inner }, nonce: 1, signature };
    };
    const message = `BAD_REQUEST action: nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`;
    expect(refusal(deep(false))).toBe(message);
    expect(refusal(deep(true))).toBe(message);
  });
});
