/**
 * Attacks on the HTTP transport that must still get the exchange's JSON error envelope:
 * deeply nested JSON (a stack overflow in a recursive walk) and a Content-Length that lies.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseExchangeEnvelope } from '../../src/exchange/envelope.js';
import { HttpError } from '../../src/exchange/errors.js';
import { MAX_JSON_DEPTH } from '../../src/exchange/jsonDepth.js';
import { build } from '../../src/protocol/wire/index.js';
import { startTestExchange, type Reply, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange;
const logged: string[] = [];

beforeAll(async () => {
  ex = await startTestExchange({ log: (line) => logged.push(line) });
});
afterAll(() => ex.close());
beforeEach(() => {
  logged.length = 0;
});

function expectEnvelope(reply: Reply, status: number, code: string): string {
  const body = reply.body as Record<string, unknown>;
  expect({ status: reply.status, code: body.code, envelope: body.status }).toEqual({ status, code, envelope: 'error' });
  expect(body.requestId).toMatch(/^req-\d+$/);
  return body.message as string;
}

/** `levels` arrays, one inside the other, as JSON text. */
const nestedText = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

/** The same as a value, built without recursion. */
function nestedValue(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

const SIGNATURE = `{"r":"0x${'1'.repeat(64)}","s":"0x${'2'.repeat(64)}","v":27}`;
const enrollType = build.enroll(1).type;

describe('JSON nested deeper than the limit', () => {
  it('3,000 levels inside an action is 400 BAD_REQUEST, not 500, and logs nothing', async () => {
    const body = `{"action":{"type":"${enrollType}","marketDeployerId":1,"x":${nestedText(3000)}},"nonce":1,"signature":${SIGNATURE}}`;
    for (let i = 0; i < 3; i++) {
      expect(expectEnvelope(await ex.post('/exchange', body), 400, 'BAD_REQUEST')).toContain(`${MAX_JSON_DEPTH} levels`);
    }
    expect(logged).toEqual([]);
  });

  it('/info and /control refuse it the same way', async () => {
    expectEnvelope(await ex.post('/info', `{"type":"configs","x":${nestedText(3000)}}`), 400, 'BAD_REQUEST');
    expectEnvelope(await ex.post('/info', nestedText(MAX_JSON_DEPTH + 1)), 400, 'BAD_REQUEST');
    expectEnvelope(await ex.post('/control', `{"type":"advanceTime","ms":0,"x":${nestedText(3000)}}`), 400, 'BAD_REQUEST');
    expect(logged).toEqual([]);
  });

  it('a body exactly at the limit is read as usual', async () => {
    // The body object is level 1, so the member may nest MAX_JSON_DEPTH - 1 levels.
    const r = await ex.post('/info', `{"type":"configs","x":${nestedText(MAX_JSON_DEPTH - 1)}}`);
    expect(r.status).toBe(200);
    expect((r.body as { coins: unknown[] }).coins.length).toBe(2);
  });

  it('an in-process caller passing a deep value gets 400 from the envelope walk, never a stack overflow', () => {
    const action = { type: enrollType, marketDeployerId: 1, x: nestedValue(100_000) };
    let thrown: unknown;
    try {
      parseExchangeEnvelope({ action, nonce: 1, signature: {} });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).code).toBe('BAD_REQUEST');
    const reply = ex.running.core.handleExchange({ action, nonce: 1, signature: JSON.parse(SIGNATURE) as object });
    expect(reply.status).toBe(400);
    expect(logged).toEqual([]);
  });

  it('nulls are still dropped at every level the limit allows', () => {
    let action: Record<string, unknown> = { type: enrollType, marketDeployerId: 1, skip: null };
    let inner: Record<string, unknown> = { gone: null };
    action.deep = inner;
    for (let level = 3; level < MAX_JSON_DEPTH; level++) inner = (inner.next = { gone: null }) as Record<string, unknown>;
    expect(parseExchangeEnvelope({ action, nonce: 1, signature: {} }).action).toMatchObject({ type: enrollType, marketDeployerId: 1 });
  });
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes, optionally half-closes, and returns whatever came back until the server closed. */
function raw(text: string, opts: { halfClose?: boolean } = {}): Promise<string> {
  const url = new URL(ex.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let got = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server neither answered nor closed within 3 s; got ${JSON.stringify(got)}`));
    }, 3000);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (got += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(got);
    });
    socket.write(text, () => {
      if (opts.halfClose) socket.end();
    });
  });
}

function parseResponses(text: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`a partial response: ${JSON.stringify(rest)}`);
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    out.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

/** Every response in the stream is the JSON error envelope; returns them. */
function expectAllEnvelopes(text: string, status: number, code: string): Record<string, unknown>[] {
  const responses = parseResponses(text);
  expect(responses.length).toBeGreaterThan(0);
  return responses.map((r) => {
    expect(r.headers['content-type']).toContain('application/json');
    const body = JSON.parse(r.body) as Record<string, unknown>;
    expectEnvelope({ status: r.status, body }, status, code);
    return body;
  });
}

const head = (length: number): string => `POST /info HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const CONFIGS = '{"type":"configs"}';

describe('a Content-Length that lies', () => {
  it('longer than the body, then a half-close: the envelope, not a bare 400', async () => {
    const [body] = expectAllEnvelopes(await raw(head(100) + CONFIGS, { halfClose: true }), 400, 'BAD_REQUEST');
    expect(body!.message).toContain('closed before the body was complete');
  });

  it('shorter than the body: the envelope for the bytes left over', async () => {
    expectAllEnvelopes(await raw(head(5) + CONFIGS + 'xxxxxxxx'), 400, 'BAD_REQUEST');
  });

  it('garbage instead of a request line, and oversized headers, get the envelope too', async () => {
    expectAllEnvelopes(await raw('NOT HTTP AT ALL\r\n\r\n'), 400, 'BAD_REQUEST');
    expectAllEnvelopes(await raw(`POST /info HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('an honest request on the same server still works, and nothing was logged', async () => {
    const [r] = parseResponses(await raw(head(CONFIGS.length).replace('Host: x', 'Host: x\r\nConnection: close') + CONFIGS));
    expect(r!.status).toBe(200);
    expect(logged).toEqual([]);
  });
});
