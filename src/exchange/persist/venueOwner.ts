import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, linkSync, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { terminalSafe } from '../../protocol/safeText.js';
import { VenueFileError } from './venueFileError.js';
import { pidAlive } from './pidAlive.js';
import { withSqliteAddon } from './sqliteAddon.js';

/** A lock file with no pid yet is being written by its creator, for this long at most. */
const UNWRITTEN_GRACE_MS = 5_000;

/** The lock file beside a venue file: `exchange.sqlite` -> `exchange.sqlite.owner`. */
export function venueOwnerPath(file: string): string {
  return `${file}.owner`;
}

/**
 * One owner per venue file: the process that opens it (a dashboard's embedded exchange,
 * `perpdesk serve`, `perpdesk exchange --db`) first creates `<file>.owner` with O_EXCL,
 * holding its pid, and keeps it until the venue closes. Taken before anything touches the
 * file, so `--fresh` never moves a venue another process has open: it is refused, naming
 * that process. A lock whose process is gone (killed), or whose pid now belongs to a
 * process that does not hold the file's SQLite lock (the pid was reused), is taken over.
 */
export class VenueOwner {
  private released = false;
  private readonly onExit = () => this.release();

  private constructor(
    readonly path: string,
    private readonly ino: number,
  ) {
    process.on('exit', this.onExit);
  }

  /** Takes the venue, or throws a VenueFileError naming the live process that has it. */
  static acquire(file: string): VenueOwner {
    const path = venueOwnerPath(file);
    for (let attempt = 0; attempt < 5; attempt++) {
      const ino = tryCreate(path);
      if (ino !== undefined) return new VenueOwner(path, ino);
      let judged: { ino: number; mtimeMs: number; text: string };
      try {
        const st = lstatSync(path);
        judged = { ino: st.ino, mtimeMs: st.mtimeMs, text: readFileSync(path, 'utf8') };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw new VenueFileError(`cannot read the venue's owner file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
      const pid = ownerPid(judged.text);
      if (pid === undefined) {
        if (Date.now() - judged.mtimeMs <= UNWRITTEN_GRACE_MS) throw inUse(file, undefined);
      } else if (pid === process.pid || (pidAlive(pid) && (sqliteLocked(file) || !existsSync(file)))) {
        throw inUse(file, pid);
      }
      takeOver(path, judged.ino);
    }
    throw new VenueFileError(`the exchange state file ${file}: could not take its owner file ${path} (other processes kept taking it); try again`);
  }

  /** Removes the owner file if it is still this process's own. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    try {
      const st = lstatSync(this.path);
      if (st.ino === this.ino && ownerPid(readFileSync(this.path, 'utf8')) === process.pid) unlinkSync(this.path);
    } catch {
      // Already gone.
    }
  }
}

function tryCreate(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw new VenueFileError(`cannot create the venue's owner file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  try {
    writeSync(fd, `${process.pid}\n`);
    return fstatSync(fd).ino;
  } finally {
    closeSync(fd);
  }
}

/**
 * Moves the judged lock aside and deletes it, checking it is still the one judged, so two
 * processes taking over at once cannot delete the lock one of them has just made.
 */
function takeOver(path: string, ino: number): void {
  const aside = `${path}.${randomBytes(8).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return; // someone else moved it first
  }
  try {
    if (lstatSync(aside).ino !== ino) {
      try {
        linkSync(aside, path);
      } catch {
        // A third process locked in the same instant: nothing safe is left to do.
      }
    }
  } finally {
    unlinkSync(aside);
  }
}

function ownerPid(text: string): number | undefined {
  const m = /^(\d{1,10})\n?$/.exec(text);
  const pid = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}


/**
 * Whether another connection holds the venue's SQLite lock (every venue is opened with
 * exclusive locking). Asked only of a file whose owner file names a live process, to tell a
 * venue in use from a pid the system gave to someone else after a crash.
 */
function sqliteLocked(file: string): boolean {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return false;
  }
  // Not a file of ours to open: openVenue refuses it with its own reason.
  if (!st.isFile() || (typeof process.getuid === 'function' && st.uid !== process.getuid()) || (st.mode & 0o077) !== 0) return true;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, withSqliteAddon({ fileMustExist: true, timeout: 0, readonly: true }));
    db.pragma('locking_mode = EXCLUSIVE');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return false;
  } catch (e) {
    const code = (e as { code?: string }).code;
    return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
  } finally {
    db?.close();
  }
}

/** What a process is, for the refusal: its pid and, where the system says, its command line. */
function describeProcess(pid: number): string {
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 4).join(' ');
  } catch {
    // Not Linux, or not ours to read.
  }
  return command ? `pid ${pid}: ${terminalSafe(command).slice(0, 120)}` : `pid ${pid}`;
}

function inUse(file: string, pid: number | undefined): VenueFileError {
  const who = pid === undefined ? 'a process that is starting it' : describeProcess(pid);
  return new VenueFileError(
    `the exchange state file ${file} is in use by another perpdesk exchange (${who}); stop that process first, or use another state directory (nothing was moved or changed)`,
  );
}
