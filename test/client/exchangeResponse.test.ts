import { describe, expect, it } from 'vitest';
import { clientError } from '../../src/client/errors.js';
import { interpretExchange } from '../../src/client/exchangeResponse.js';
import type { HttpOutcome } from '../../src/client/http.js';

function reply(status: number, body: unknown): HttpOutcome {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let parsed: unknown;
  let jsonError: string | undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    jsonError = 'body is not JSON';
  }
  return { ok: true, response: { status, body: parsed, text, sentAt: 0, receivedAt: 1, ...(jsonError ? { jsonError } : {}) } };
}

const ok = (type: string, data: unknown) => ({ status: 'ok', requestId: 'req-7', response: { type, data } });

describe('interpretExchange', () => {
  it('returns batch statuses as they are, errors included', () => {
    const statuses = [{ resting: { oid: 1 } }, { filled: { totalSz: '2', avgPx: '100.5', oid: 2 } }, { error: 'size must be positive' }];
    const r = interpretExchange('order', reply(200, ok('order', { statuses })));
    expect(r).toEqual({ kind: 'ok', requestId: 'req-7', data: { statuses } });
  });

  it('turns an errorCode inside HTTP 200 into a business rejection with the verbatim message', () => {
    const data = { orderId: 0, limitPrice: 0, totalSize: 0, leavesSize: 0, clientOrderId: 0, errorCode: 1004, errorMessage: 'order not open' };
    const r = interpretExchange('modify', reply(200, ok('modify', data)));
    expect(r).toEqual({ kind: 'failed', error: { kind: 'business', message: 'order not open', code: 1004, requestId: 'req-7' } });
  });

  it('accepts errorCode 0 as success', () => {
    const data = { orderId: 5, limitPrice: 100, totalSize: 3, leavesSize: 3, clientOrderId: 0, errorCode: 0 };
    expect(interpretExchange('modify', reply(200, ok('modify', data))).kind).toBe('ok');
  });

  it('expects shareGroupFund for lockIntoShareGroup (spec 4.8)', () => {
    const data = { coinId: 1, amount: 5, fromBalanceAfter: 1, toBalanceAfter: 5 };
    expect(interpretExchange('lockIntoShareGroup', reply(200, ok('shareGroupFund', data))).kind).toBe('ok');
    const wrong = interpretExchange('lockIntoShareGroup', reply(200, ok('lockIntoShareGroup', data)));
    expect(wrong.kind).toBe('unknown');
  });

  it.each([
    [401, 'SIGNATURE_INVALID', 'signature'],
    [400, 'NONCE_INVALID', 'nonce'],
    [429, 'RATE_LIMITED', 'http'],
    [403, 'INVITE_CODE_INVALID', 'http'],
  ])('HTTP %i %s is a definite %s failure with code and message', (status, code, kind) => {
    const r = interpretExchange('order', reply(status, { status: 'error', requestId: 'req-9', code, message: `why ${code}` }));
    expect(r).toEqual({ kind: 'failed', error: { kind, message: `why ${code}`, code, httpStatus: status, requestId: 'req-9' } });
  });

  it('treats 5xx, unreadable 200s and wrong shapes as unknown outcomes', () => {
    expect(interpretExchange('order', reply(500, { status: 'error', requestId: 'req-1', code: 'INTERNAL', message: 'boom' })).kind).toBe('unknown');
    expect(interpretExchange('order', reply(502, '<html>bad gateway</html>')).kind).toBe('unknown');
    expect(interpretExchange('order', reply(200, '{"status":"ok","requ')).kind).toBe('unknown');
    const bad = interpretExchange('order', reply(200, ok('order', { statuses: [{ resting: { oid: 'x' } }] })));
    expect(bad.kind).toBe('unknown');
    if (bad.kind === 'unknown') expect(bad.error.message).toMatch(/^order: response\.data\.statuses\.0/);
  });

  it('passes on transport failures with their delivery status', () => {
    const e = clientError('network', 'refused');
    expect(interpretExchange('order', { ok: false, error: e, delivered: 'no', sentAt: 0 })).toEqual({ kind: 'failed', error: e });
    expect(interpretExchange('order', { ok: false, error: e, delivered: 'maybe', sentAt: 0 })).toEqual({ kind: 'unknown', error: e });
  });

  it('names a non-envelope error body by status', () => {
    const r = interpretExchange('cancel', reply(404, 'Not Found'));
    expect(r.kind).toBe('failed');
    if (r.kind === 'failed') expect(r.error).toMatchObject({ kind: 'http', httpStatus: 404 });
  });
});
