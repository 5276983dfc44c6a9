import * as fs from 'node:fs';
import { join } from 'node:path';
import { terminalSafe } from '../protocol/safeText.js';
import { formatMode, isLinkRefusal, O_NOFOLLOW } from '../wallet/fsutil.js';
import { KeySourceError } from '../wallet/index.js';

/** The server's log in the state directory. */
export const SERVE_LOG_FILE = 'serve.log';

/** Past this size the log moves to `serve.log.1` (replacing the one before): a stream of refused strangers cannot fill the disk. */
const ROTATE_BYTES = 8 * 1024 * 1024;

export type ServeLogEvent = 'listen' | 'connect' | 'disconnect' | 'refuse' | 'drop' | 'close';

export type ServeLogFields = Record<string, string | number | boolean | undefined>;

export interface ServeLog {
  write(event: ServeLogEvent, fields: ServeLogFields): void;
  close(): void;
}

/**
 * One line per event: `2026-11-26T04:30:00.000Z connect fingerprint=SHA256:... address=...`.
 * Values a client chose (user name, reasons quoting it) are quoted and escaped, so a line
 * cannot be forged by a name with a newline in it. Only fingerprints are logged, never keys.
 * The file is 0600, appended a whole line per write, and refused if it is a link or open to
 * others.
 */
export function openServeLog(stateDir: string, now: () => Date = () => new Date()): ServeLog {
  const file = join(stateDir, SERVE_LOG_FILE);
  let fd = openLog(file);
  let size = fs.fstatSync(fd).size;
  return {
    write(event, fields) {
      if (fd < 0) return;
      const line = `${now().toISOString()} ${event}${formatFields(fields)}\n`;
      if (size + line.length > ROTATE_BYTES) {
        fs.closeSync(fd);
        fs.renameSync(file, `${file}.1`);
        fd = openLog(file);
        size = 0;
      }
      size += fs.writeSync(fd, line);
    },
    close() {
      if (fd >= 0) fs.closeSync(fd);
      fd = -1;
    },
  };
}

function openLog(file: string): number {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | O_NOFOLLOW, 0o600);
  } catch (e) {
    if (isLinkRefusal(e)) throw new KeySourceError('permissions', `log file '${file}' is a symbolic link; refusing to write through it`);
    throw e;
  }
  const st = fs.fstatSync(fd);
  if (process.platform !== 'win32' && (st.mode & 0o077) !== 0) {
    fs.closeSync(fd);
    throw new KeySourceError('permissions', `log file '${file}' has permissions ${formatMode(st.mode)}, open to others. Fix with: chmod 600 '${file}'`);
  }
  return fd;
}

function formatFields(fields: ServeLogFields): string {
  let out = '';
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    // A client's words (a user name) may hold escapes: made terminal-safe, then quoted, so
    // `tail serve.log` on a terminal runs none of them.
    const s = terminalSafe(String(v));
    out += ` ${k}=${/^[\w.:/+@=[\]-]+$/.test(s) ? s : JSON.stringify(s)}`;
  }
  return out;
}
