import fc from 'fast-check';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeCore } from '../../src/exchange/index.js';
import { addressOf, signAction } from '../../src/protocol/index.js';
import { build, HTTP_ERROR } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Reply, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange;

function expectEnvelope(reply: Reply, status: number, code: string): string {
  const body = reply.body as Record<string, unknown>;
  expect({ status: reply.status, code: body.code, envelope: body.status }).toEqual({ status, code, envelope: 'error' });
  expect(body.requestId).toMatch(/^req-\d+$/);
  return body.message as string;
}

beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(() => ex.close());

describe('routing and envelopes', () => {
  it('unknown paths and methods are 404 envelopes', async () => {
    expectEnvelope(await ex.post('/nope', '{}'), 404, 'NOT_FOUND');
    const res = await request(`${ex.url}/exchange`, { method: 'GET' });
    expectEnvelope({ status: res.statusCode, body: await res.body.json() }, 404, 'NOT_FOUND');
  });

  it('unknown action.type is 400 UNKNOWN_ACTION, unknown /info type 400 UNKNOWN_QUERY', async () => {
    const nonce = Date.now();
    const action = { type: 'withdrawEverything' };
    expectEnvelope(await ex.post('/exchange', JSON.stringify({ action, nonce, signature: signAction(action, nonce, newKey()) })), 400, 'UNKNOWN_ACTION');
    expectEnvelope(await ex.info({ type: 'allMids' }), 400, 'UNKNOWN_QUERY');
  });

  it('a field of the wrong type is 400 BAD_REQUEST naming the field', async () => {
    const key = newKey();
    const nonce = Date.now();
    const action = { type: 'lockCollateral', marketDeployerId: '1', coinId: 0, amount: '5' };
    const message = expectEnvelope(await ex.post('/exchange', JSON.stringify({ action, nonce, signature: signAction(build.enroll(1), nonce, key) })), 400, 'BAD_REQUEST');
    expect(message).toContain('marketDeployerId');
    expect(expectEnvelope(await ex.info({ type: 'userAccount' }), 400, 'BAD_REQUEST')).toContain('user');
    expect(expectEnvelope(await ex.info({ type: 'userAccount', user: 'bob' }), 400, 'BAD_REQUEST')).toContain('user');
  });

  it('answers JSON with a content type, and request ids are unique', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = await ex.post('/exchange', '[]');
      ids.add((r.body as { requestId: string }).requestId);
    }
    expect(ids.size).toBe(20);
    const res = await request(`${ex.url}/info`, { method: 'POST', body: '{"type":"configs"}' });
    expect(res.headers['content-type']).toContain('application/json');
    await res.body.dump();
  });

  it('a body that is not UTF-8 is 400', async () => {
    const res = await request(`${ex.url}/info`, { method: 'POST', body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) });
    expectEnvelope({ status: res.statusCode, body: await res.body.json() }, 400, 'BAD_REQUEST');
  });
});

describe('body size limit (64 KiB)', () => {
  it('a larger body is 413 PAYLOAD_TOO_LARGE, with or without Content-Length', async () => {
    const big = JSON.stringify({ type: 'configs', pad: 'x'.repeat(64 * 1024) });
    expectEnvelope(await ex.post('/info', big), 413, 'PAYLOAD_TOO_LARGE');
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(8 * 1024, 0x20));
    const res = await request(`${ex.url}/info`, { method: 'POST', body: Readable.from(chunks) });
    expectEnvelope({ status: res.statusCode, body: await res.body.json() }, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under the limit is read', async () => {
    const base = JSON.stringify({ type: 'configs' });
    const body = base + ' '.repeat(64 * 1024 - Buffer.byteLength(base));
    const r = await ex.post('/info', body);
    expect(r.status).toBe(200);
    expect((r.body as { coins: unknown[] }).coins.length).toBe(2);
  });
});

/** Bodies that are wrong in every way a client can be wrong. */
const malformed: fc.Arbitrary<string> = (() => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const action = fc.oneof(
    json,
    fc.record({ type: fc.oneof(json, fc.constantFrom('order', 'lockCollateral', 'approveAgent', 'registerAccount', 'nope')) }),
    fc.record({ type: fc.constant('lockCollateral'), marketDeployerId: json, coinId: json, amount: json }),
    fc.record({ type: fc.constant('order'), orders: json, grouping: json }),
  );
  const envelope = fc.record(
    { action, nonce: fc.oneof(json, fc.double(), fc.constant(-1)), signature: fc.oneof(json, fc.record({ r: json, s: json, v: json })), vaultAddress: json, inviteCode: json },
    { requiredKeys: [] },
  );
  // Well-formed around a bad action, so that the checks past the envelope are reached too.
  const deep = fc.record({
    action,
    nonce: fc.constant(1_800_000_000_000),
    signature: fc.record({ r: fc.constant(`0x${'1'.repeat(64)}`), s: fc.constant(`0x${'2'.repeat(64)}`), v: fc.constantFrom(27, 28, 0) }),
  });
  return fc.oneof(
    deep.map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
    fc.string({ maxLength: 40 }).map((s) => `{${s}`),
    json.map((v) => JSON.stringify(v)),
    envelope.map((v) => JSON.stringify(v)),
    fc.constantFrom('', 'null', '[]', '"x"', '1e999', '{"action":', '{"__proto__":{"type":"order"}}', '\u0000', '{"a":1}{"b":2}'),
  );
})();

describe('200 malformed bodies', () => {
  it('each gets an error envelope (4xx, no stack trace) and the server keeps answering', async () => {
    const bodies = fc.sample(malformed, { numRuns: 200, seed: 20261122 });
    const seen = new Set<string>();
    for (const [i, body] of bodies.entries()) {
      const r = await ex.post(i % 4 === 3 ? '/info' : '/exchange', body);
      const b = r.body as Record<string, unknown>;
      expect(r.status, `body ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `body ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(b.status).toBe('error');
      expect(Object.keys(HTTP_ERROR)).toContain(b.code);
      expect(typeof b.message).toBe('string');
      expect(b.message).not.toMatch(/\n\s+at /);
      seen.add(b.requestId as string);
    }
    expect(seen.size).toBe(200);
    expect((await ex.info({ type: 'configs' })).status).toBe(200);
  });
});

describe('one writer at a time', () => {
  it('concurrent withdrawals can never overdraw: exactly as many succeed as the balance allows', async () => {
    const who = await ex.registerFunded();
    exchangeData(await ex.signedPost(build.enroll(1), who.key));
    const each = '3000000000'; // 3,000 USDC: three fit into 10,000, the fourth cannot
    const replies = await Promise.all(Array.from({ length: 12 }, () => ex.signedPost(build.lockCollateral(1, 0, each), who.key)));
    const ok = replies.map((r) => exchangeData(r)).filter((d) => d.errorCode === undefined);
    expect(ok.length).toBe(3);
    expect(ok.map((d) => d.fromBalanceAfter).sort()).toEqual([1_000_000_000, 4_000_000_000, 7_000_000_000]);
  });
});

describe('rate limiting (429 RATE_LIMITED)', () => {
  it('per IP over HTTP', async () => {
    const limited = await startTestExchange({ rateLimitPerMin: 5 });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.info({ type: 'configs' })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expectEnvelope(await limited.info({ type: 'configs' }), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('per signing address, whatever the transport', () => {
    const core = new ExchangeCore({ rateLimitPerMin: 3, creditDelayMs: 0 });
    const key = newKey();
    const register = build.registerAccount(addressOf(key));
    let nonce = core.clock.now();
    expect(core.handleExchange({ action: register, nonce, signature: signAction(register, nonce, key), inviteCode: core.invites.issue(1)[0] }).status).toBe(200);
    const codes = [];
    for (let i = 0; i < 3; i++) {
      nonce++;
      const a = build.enroll(1);
      const r = core.handleExchange({ action: a, nonce, signature: signAction(a, nonce, key) });
      codes.push(r.status === 200 ? 'ok' : (r.body as { code: string }).code);
    }
    expect(codes).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    core.close();
  });
});
