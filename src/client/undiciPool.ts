import { createRequire } from 'node:module';
import type { Dispatcher, Pool } from 'undici';

/**
 * undici's connection pool and its `request`, without the rest of undici. Its index also
 * loads fetch, WebSocket, cookies and caches, which a command that sends one request pays
 * for on every start (about 110 ms of a 180 ms import here). The two files are loaded by
 * their paths inside the package; should a release move them, the whole package is used.
 */
type RequestFn = (this: Pool, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

const require = createRequire(import.meta.url);

function load(): { Pool: typeof Pool; request: RequestFn } {
  try {
    return { Pool: require('undici/lib/dispatcher/pool.js') as typeof Pool, request: require('undici/lib/api/api-request.js') as RequestFn };
  } catch {
    const undici = require('undici') as typeof import('undici');
    return { Pool: undici.Pool, request: undici.Pool.prototype.request as unknown as RequestFn };
  }
}

const loaded = load();
export const UndiciPool = loaded.Pool;

/** `pool.request(options)`, also when the pool came without undici's API methods. */
export function poolRequest(pool: Pool, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return loaded.request.call(pool, options);
}
