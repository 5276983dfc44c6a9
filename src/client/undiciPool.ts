import { createRequire } from 'node:module';
import type { Dispatcher, Pool } from 'undici';
import type { SendOptions, SentRequest } from './nodeHttpSend.js';

/**
 * undici's connection pool and its `request`, without the rest of undici, loaded on first
 * use. Its index also loads fetch, WebSocket, cookies and caches (about 110 ms of a 180 ms
 * import here). The two files are loaded by their paths inside the package; should a
 * release move them, the whole package is used.
 */
type RequestFn = (this: Pool, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

const require = createRequire(import.meta.url);

let loaded: { Pool: typeof Pool; request: RequestFn } | undefined;
function load(): { Pool: typeof Pool; request: RequestFn } {
  if (loaded) return loaded;
  try {
    loaded = { Pool: require('undici/lib/dispatcher/pool.js') as typeof Pool, request: require('undici/lib/api/api-request.js') as RequestFn };
  } catch {
    const undici = require('undici') as typeof import('undici');
    loaded = { Pool: undici.Pool, request: undici.Pool.prototype.request as unknown as RequestFn };
  }
  return loaded;
}

/** POSTs through one undici pool to `origin`; writes are never pipelined or replayed. */
export function undiciSender(origin: string, o: { connections: number; keepAliveMs: number; connectTimeoutMs: number; requestTimeoutMs: number }) {
  const { Pool: UndiciPool, request } = load();
  const pool = new UndiciPool(origin, {
    connections: o.connections,
    connectTimeout: o.connectTimeoutMs,
    headersTimeout: o.requestTimeoutMs,
    bodyTimeout: o.requestTimeoutMs,
    keepAliveTimeout: o.keepAliveMs,
    // Writes must never be replayed by the transport: a resent order is a double order.
    pipelining: 1,
  });
  return {
    async send(s: SendOptions): Promise<SentRequest> {
      const res = await request.call(pool, { path: s.path, method: 'POST', headers: { 'content-type': 'application/json' }, body: s.payload, idempotent: false, signal: s.signal });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body };
    },
    close: () => pool.destroy(),
  };
}
