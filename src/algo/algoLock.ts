import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { prepareStateDir } from '../session/stateDir.js';
import { errCode } from '../wallet/fsutil.js';

/**
 * A lock file created with O_EXCL (`wx`) holding the creator's pid: creating it is taking
 * the lock. False when it exists already.
 */
export function tryLockFile(path: string): { ino: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (e) {
    if (errCode(e) === 'EEXIST') return undefined;
    throw e;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
    return { ino: fstatSync(fd).ino };
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes the lock file at `path` when `isStale` judges it so. The file is first moved aside
 * and checked to be the very one judged, so two processes taking over at once cannot delete
 * the fresh lock one of them has just created. True when the caller should try to lock again
 * (removed, or already gone).
 */
export function takeOverStaleLock(path: string, isStale: (judged: { ino: number; mtimeMs: number; text: string }) => boolean): boolean {
  let judged: { ino: number; mtimeMs: number; text: string };
  try {
    const st = lstatSync(path);
    judged = { ino: st.ino, mtimeMs: st.mtimeMs, text: readFileSync(path, 'utf8') };
  } catch (e) {
    if (errCode(e) === 'ENOENT') return true;
    throw e;
  }
  if (!isStale(judged)) return false;
  const aside = `${path}.${randomBytes(8).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return true; // someone else moved it first
  }
  try {
    if (lstatSync(aside).ino !== judged.ino) {
      // A live lock was moved by mistake: put it back unless a new one already exists.
      try {
        linkSync(aside, path);
      } catch {
        /* a third process locked in the same instant; nothing safe is left to do */
      }
    }
  } finally {
    unlinkSync(aside);
  }
  return true;
}

/** The pid a lock file names, if it names one. */
export function lockPid(text: string): number | undefined {
  const m = /^(\d{1,10})\n?$/.exec(text);
  const pid = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** Whether a process with this pid exists (EPERM: it does, another user's). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errCode(e) === 'EPERM';
  }
}

/** A lock file with no pid yet is being written by its creator, for this long at most. */
const UNWRITTEN_GRACE_MS = 5_000;

/** Another live process runs the algos of this state directory. */
export class AlgoLockHeld extends Error {
  constructor(
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      `the algos in this state directory are run by another perpdesk process (pid ${pid}); pause, resume or cancel them there, or stop that process first (lock ${lockPath})`,
    );
    this.name = 'AlgoLockHeld';
  }
}

/**
 * One owner per algo file: the process that runs algos (a dashboard or `perpdesk algo`)
 * holds `<algo file>.lock` for its lifetime, so two runners never send the same algo's
 * children. The lock is the file's O_EXCL creation; it names the holder's pid, and a lock
 * whose pid no longer exists (the holder was killed) is taken over. Reading the algo file
 * needs no lock. Released on `release()` or when the process exits normally.
 */
export class AlgoOwnerLock {
  private released = false;
  private readonly onExit = () => this.release();

  private constructor(
    readonly path: string,
    private readonly ino: number,
  ) {
    process.on('exit', this.onExit);
  }

  static pathOf(stateDir: string, fileName = 'algos.jsonl'): string {
    return join(stateDir, `${fileName}.lock`);
  }

  /** Takes the lock, or throws AlgoLockHeld naming the live process that has it. */
  static acquire(stateDir: string, fileName = 'algos.jsonl'): AlgoOwnerLock {
    prepareStateDir(stateDir);
    const path = AlgoOwnerLock.pathOf(stateDir, fileName);
    for (let attempt = 0; attempt < 5; attempt++) {
      const mine = tryLockFile(path);
      if (mine) return new AlgoOwnerLock(path, mine.ino);
      let holder: number | undefined;
      const retry = takeOverStaleLock(path, (j) => {
        const pid = lockPid(j.text);
        if (pid === undefined) return Date.now() - j.mtimeMs > UNWRITTEN_GRACE_MS;
        holder = pid;
        return pid !== process.pid && !pidAlive(pid);
      });
      if (!retry) throw holder === undefined ? new Error(`algo lock ${path} is being taken by another process; try again`) : new AlgoLockHeld(holder, path);
    }
    throw new Error(`algo lock ${path}: could not take it (other processes kept taking it over); try again`);
  }

  /** The live process holding the lock, if any (for a face that only reads). */
  static holder(stateDir: string, fileName = 'algos.jsonl'): number | undefined {
    let text: string;
    try {
      text = readFileSync(AlgoOwnerLock.pathOf(stateDir, fileName), 'utf8');
    } catch {
      return undefined;
    }
    const pid = lockPid(text);
    return pid !== undefined && pidAlive(pid) ? pid : undefined;
  }

  /** Removes the lock file if it is still this process's own. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    try {
      const st = lstatSync(this.path);
      if (st.ino === this.ino && lockPid(readFileSync(this.path, 'utf8')) === process.pid) unlinkSync(this.path);
    } catch {
      /* already gone */
    }
  }
}
