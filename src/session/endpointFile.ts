import { closeSync, constants, fstatSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { O_NOFOLLOW, writeFileAtomicSync } from '../wallet/fsutil.js';
import { pidAlive } from '../exchange/persist/pidAlive.js';

/**
 * Where a running dashboard's embedded exchange listens, recorded in its state directory
 * (`embedded/endpoint.json`, 0600) so a command on the same state directory trades on the
 * market the screen shows instead of starting its own.
 */
export interface Endpoint {
  url: string;
  wsUrl: string;
  pid: number;
}

export function endpointPath(stateDir: string): string {
  return path.join(stateDir, 'embedded', 'endpoint.json');
}

/**
 * Records the endpoint, unless the record names another live process: only the process that
 * owns the state directory's venue writes it (a second one is refused the venue before it
 * gets here), and a dashboard on a venue of its own (`--seed`, in memory) does not take the
 * record from the one already running. False when not written.
 */
export function writeEndpoint(stateDir: string, e: Endpoint): boolean {
  const current = readEndpoint(stateDir);
  if (current && current.pid !== e.pid) return false;
  // Not fsynced (file and directory: 2 fsyncs on the main thread before the first frame): the
  // record names a live process, and one a power cut ended is ignored (readEndpoint, pidAlive).
  writeFileAtomicSync(endpointPath(stateDir), `${JSON.stringify(e)}\n`, true, { durable: false });
  return true;
}

/** Removes the record if it is still ours (a newer dashboard may have replaced it). */
export function removeEndpoint(stateDir: string, pid = process.pid): void {
  const current = readEndpoint(stateDir, { checkAlive: false });
  if (current && current.pid !== pid) return;
  try {
    unlinkSync(endpointPath(stateDir));
  } catch {
    // Already gone.
  }
}

/**
 * The record's text if it is a file of ours that no one else can write: a command sends its
 * signed requests where this file says, so a record another user could have planted (a link,
 * a file of theirs, one open to others) is ignored.
 */
function readOwnRecord(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    if (process.platform !== 'win32' && ((st.mode & 0o077) !== 0 || st.uid !== process.getuid?.())) return undefined;
    return readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The recorded endpoint when its process still runs; a record left by a crash is ignored. */
export function readEndpoint(stateDir: string, o: { checkAlive?: boolean } = {}): Endpoint | undefined {
  const text = readOwnRecord(endpointPath(stateDir));
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const e = parsed as Partial<Endpoint>;
  if (typeof e.url !== 'string' || typeof e.wsUrl !== 'string' || !Number.isSafeInteger(e.pid)) return undefined;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(e.url)) return undefined;
  const endpoint = { url: e.url, wsUrl: e.wsUrl, pid: e.pid as number };
  if ((o.checkAlive ?? true) && !pidAlive(endpoint.pid)) return undefined;
  return endpoint;
}
