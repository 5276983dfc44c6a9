import * as v from 'valibot';
import {
  describeIssues,
  ErrorEnvelope,
  INFO_QUERIES,
  type CandleInterval,
  type InfoRequest,
  type InfoResult,
  type InfoType,
} from '../protocol/wire/index.js';
import { clientError, excerpt, kindOfHttpCode, type ClientError, type Result } from './errors.js';
import type { HttpResponse, HttpTransport } from './http.js';

/**
 * The eleven reads of spec 4.3 with the request fields of open-points "Reads".
 * Every answer is checked against the wire schema; a mismatch is a 'validation' error
 * naming the query and the field, never an exception.
 */
export class InfoClient {
  constructor(private readonly http: HttpTransport) {}

  async query<T extends InfoType>(request: InfoRequest<T> & { type: T }): Promise<Result<InfoResult<T>>> {
    const type = request.type;
    const out = await this.http.post('/info', JSON.stringify(request));
    if (!out.ok) return { ok: false, error: prefix(type, out.error) };
    return interpretInfoResponse(type, out.response);
  }

  configs() {
    return this.query({ type: 'configs' });
  }
  marketState(contractId: number) {
    return this.query({ type: 'marketState', contractId });
  }
  l2Book(contractId: number, depth?: number) {
    return this.query(depth === undefined ? { type: 'l2Book', contractId } : { type: 'l2Book', contractId, depth });
  }
  candleSnapshot(contractId: number, interval: CandleInterval, startTime: number, endTime: number) {
    return this.query({ type: 'candleSnapshot', contractId, interval, startTime, endTime });
  }
  userOrders(user: string, marketDeployerId: number, contractId?: number) {
    return this.query(
      contractId === undefined ? { type: 'userOrders', user, marketDeployerId } : { type: 'userOrders', user, marketDeployerId, contractId },
    );
  }
  ordersByIds(user: string, oids: number[]) {
    return this.query({ type: 'ordersByIds', user, oids });
  }
  ordersByCloids(user: string, cloids: string[]) {
    return this.query({ type: 'ordersByCloids', user, cloids });
  }
  userAccount(user: string, marketDeployerId?: number) {
    return this.query(marketDeployerId === undefined ? { type: 'userAccount', user } : { type: 'userAccount', user, marketDeployerId });
  }
  userAgents(accountId: string | number) {
    return this.query({ type: 'userAgents', accountId: String(accountId) });
  }
  userMarketDeployers(user: string) {
    return this.query({ type: 'userMarketDeployers', user });
  }
  shareGroupState(groupId?: number) {
    return this.query(groupId === undefined ? { type: 'shareGroupState' } : { type: 'shareGroupState', groupId });
  }
}

export function interpretInfoResponse<T extends InfoType>(type: T, res: HttpResponse): Result<InfoResult<T>> {
  if (res.status !== 200) return { ok: false, error: httpFailure(type, res) };
  if (res.jsonError !== undefined) {
    return { ok: false, error: clientError('validation', `${type}: ${res.jsonError}`, { httpStatus: res.status }) };
  }
  const parsed = v.safeParse(INFO_QUERIES[type].result, res.body);
  if (!parsed.success) {
    return { ok: false, error: clientError('validation', `${type}: ${describeIssues(parsed.issues)}`, { httpStatus: res.status }) };
  }
  return { ok: true, value: parsed.output as InfoResult<T> };
}

/** Non-200 answer: the spec's error envelope when there is one, else the status line. */
export function httpFailure(what: string, res: HttpResponse): ClientError {
  const env = v.safeParse(ErrorEnvelope, res.body);
  if (env.success) {
    const { code, message, requestId } = env.output;
    return clientError(kindOfHttpCode(code), message, { code, httpStatus: res.status, requestId });
  }
  const detail = res.jsonError !== undefined ? excerpt(res.text, 60) : 'unexpected error body';
  return clientError('http', `${what}: HTTP ${res.status} (${detail})`, { httpStatus: res.status });
}

function prefix(type: string, e: ClientError): ClientError {
  return clientError(e.kind, `${type}: ${e.message}`, e);
}
