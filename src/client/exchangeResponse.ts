import * as v from 'valibot';
import {
  describeIssues,
  EXCHANGE_DATA,
  OkEnvelope,
  responseTypeOf,
  type ActionType,
  type ExchangeDataOf,
} from '../protocol/wire/index.js';
import { clientError, type ClientError } from './errors.js';
import type { HttpOutcome } from './http.js';
import { httpFailure } from './infoClient.js';

/**
 * What a POST /exchange answer means, before any reconciliation:
 * - ok: the exchange answered 200 with well-formed data and no `errorCode` rejection
 *   (batch items may still carry per-item errors: those are returned as-is);
 * - definite failure: the exchange refused the request, nothing happened;
 * - unknown: it may or may not have been applied (timeout, reset, 5xx, unreadable 200).
 */
export type Interpreted<T extends ActionType> =
  | { kind: 'ok'; data: ExchangeDataOf<T>; requestId: string }
  | { kind: 'failed'; error: ClientError }
  | { kind: 'unknown'; error: ClientError };

export function interpretExchange<T extends ActionType>(type: T, out: HttpOutcome): Interpreted<T> {
  if (!out.ok) return out.delivered === 'no' ? { kind: 'failed', error: out.error } : { kind: 'unknown', error: out.error };
  const res = out.response;
  if (res.status >= 500) return { kind: 'unknown', error: httpFailure(type, res) };
  if (res.status !== 200) return { kind: 'failed', error: httpFailure(type, res) };
  if (res.jsonError !== undefined) {
    return { kind: 'unknown', error: clientError('validation', `${type}: ${res.jsonError}`, { httpStatus: 200 }) };
  }
  const env = v.safeParse(OkEnvelope, res.body);
  if (!env.success) {
    return { kind: 'unknown', error: clientError('validation', `${type}: response ${describeIssues(env.issues)}`, { httpStatus: 200 }) };
  }
  const { requestId, response } = env.output;
  const expected = responseTypeOf(type);
  if (response.type !== expected) {
    return {
      kind: 'unknown',
      error: clientError('validation', `${type}: response.type is ${JSON.stringify(response.type)}, expected ${JSON.stringify(expected)}`, { requestId }),
    };
  }
  const data = v.safeParse(EXCHANGE_DATA[type], response.data);
  if (!data.success) {
    return { kind: 'unknown', error: clientError('validation', `${type}: response.data.${describeIssues(data.issues)}`, { requestId }) };
  }
  const value = data.output as ExchangeDataOf<T> & { errorCode?: number; errorMessage?: string };
  if (value.errorCode !== undefined && value.errorCode !== 0) {
    return {
      kind: 'failed',
      error: clientError('business', value.errorMessage ?? `rejected with errorCode ${value.errorCode}`, { code: value.errorCode, requestId }),
    };
  }
  return { kind: 'ok', data: value, requestId };
}
