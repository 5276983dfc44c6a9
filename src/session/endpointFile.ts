import { chmodSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

export function writeEndpoint(stateDir: string, e: Endpoint): void {
  const file = endpointPath(stateDir);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(e)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The recorded endpoint when its process still runs; a record left by a crash is ignored. */
export function readEndpoint(stateDir: string, o: { checkAlive?: boolean } = {}): Endpoint | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(endpointPath(stateDir), 'utf8'));
  } catch {
    return undefined;
  }
  const e = parsed as Partial<Endpoint>;
  if (typeof e.url !== 'string' || typeof e.wsUrl !== 'string' || !Number.isSafeInteger(e.pid)) return undefined;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(e.url)) return undefined;
  const endpoint = { url: e.url, wsUrl: e.wsUrl, pid: e.pid as number };
  if ((o.checkAlive ?? true) && !alive(endpoint.pid)) return undefined;
  return endpoint;
}
