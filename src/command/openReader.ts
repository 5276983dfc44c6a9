import { HttpTransport } from '../client/http.js';
import { InfoClient } from '../client/infoClient.js';
import type { Result } from '../client/errors.js';
import type { CommandRun } from './commandSpec.js';
import { connect, type Connection, type Need } from './connect.js';
import { CommandError, EXIT } from './exitCodes.js';
import { COMMAND_HTTP } from './commandHttp.js';

/** A read-only connection: the info client, the account in question, and how to close both. */
export interface Reader {
  info: InfoClient;
  conn: Connection;
  /** The account, for reads about one; a usage error when none is known. */
  account(): string;
  close(): Promise<void>;
}

export async function openReader(r: CommandRun, need: Exclude<Need, 'write'>): Promise<Reader> {
  const conn = await connect(r, need);
  const http = new HttpTransport({ baseUrl: conn.target.url, ...COMMAND_HTTP });
  return {
    info: new InfoClient(http),
    conn,
    account() {
      if (conn.address === undefined) throw new CommandError(EXIT.usage, 'this read needs an account: --address 0x... or a key flag');
      return conn.address;
    },
    async close() {
      await http.close();
      await conn.embedded?.close();
    },
  };
}

/** The value of a read, or the exit status its failure calls for (3 for the network, 1 for a refusal). */
export function must<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  const e = r.error;
  // An account that does not exist yet is the caller's to fix (register it), as for a write: exit 2.
  if (/no account is registered/i.test(e.message)) throw new CommandError(EXIT.usage, `${e.message} (register it first: perpdesk register --invite-code CODE)`, { kind: e.kind });
  const code = e.kind === 'network' || e.kind === 'timeout' ? EXIT.network : EXIT.rejected;
  throw new CommandError(code, e.message, { kind: e.kind, ...(e.httpStatus !== undefined ? { httpStatus: e.httpStatus } : {}) });
}

/** Runs a read on a fresh reader and closes it whatever happens. */
export async function withReader<T>(r: CommandRun, need: Exclude<Need, 'write'>, fn: (rd: Reader) => Promise<T>): Promise<T> {
  const rd = await openReader(r, need);
  try {
    return await fn(rd);
  } finally {
    await rd.close();
  }
}
