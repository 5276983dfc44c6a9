import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { prepareStateDir } from '../session/stateDir.js';
import { errCode, formatMode, isLinkRefusal, O_NOFOLLOW } from '../wallet/fsutil.js';

// Windows has no POSIX mode bits worth checking.
const CHECK_MODES = process.platform !== 'win32';
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | O_NOFOLLOW;

/**
 * The algorithms' memory in the state directory: `algos.jsonl`, one JSON line per event
 * (a plan, a child order about to be sent, its answer, a state change). Each line is one
 * write(2) on an O_APPEND descriptor, finished before the call that follows it (a child's
 * line is on disk before its order leaves), so a process killed at any point leaves whole
 * lines, at worst a child with no answer, which the next start settles by cloid. The
 * file is 0600 in a 0700 directory and refused if open to other users or reached through a
 * link, as the journal is: it names orders and sizes. No key ever goes into it.
 */
export class AlgoLog {
  readonly path: string;

  constructor(stateDir: string, fileName = 'algos.jsonl') {
    this.path = join(stateDir, fileName);
    prepareStateDir(stateDir);
    let st;
    try {
      st = lstatSync(this.path);
    } catch (e) {
      if (errCode(e) !== 'ENOENT') throw e;
      return;
    }
    if (st.isSymbolicLink()) throw this.linkError();
    this.refuseIfOpen(st.mode);
  }

  append(line: string): void {
    if (line.includes('\n')) throw new Error('algo log: a record must be one line');
    const bytes = Buffer.from(`${line}\n`);
    const fd = this.open(APPEND);
    try {
      this.check(fd);
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off);
    } finally {
      closeSync(fd);
    }
  }

  /** The file's lines, oldest first; none when it does not exist yet. */
  lines(): string[] {
    let fd: number;
    try {
      fd = this.open(constants.O_RDONLY | O_NOFOLLOW);
    } catch (e) {
      if (errCode(e) === 'ENOENT') return [];
      throw e;
    }
    try {
      this.check(fd);
      return readFileSync(fd, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
    } finally {
      closeSync(fd);
    }
  }

  private open(flags: number): number {
    try {
      return openSync(this.path, flags, 0o600);
    } catch (e) {
      throw isLinkRefusal(e) ? this.linkError() : e;
    }
  }

  /** On the open descriptor, so the file checked is the file used. */
  private check(fd: number): void {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`algo file '${this.path}' is not a regular file; perpdesk leaves it alone`);
    // A hard link planted at the name shares another file's inode: its count gives it away.
    if (st.nlink > 1) throw new Error(`algo file '${this.path}' has ${st.nlink} hard links; perpdesk writes only a file of its own`);
    this.refuseIfOpen(st.mode);
  }

  private refuseIfOpen(mode: number): void {
    if (!CHECK_MODES || (mode & 0o077) === 0) return;
    throw new Error(`algo file '${this.path}' has permissions ${formatMode(mode)}, open to other users; perpdesk keeps its state private. Fix with: chmod 600 '${this.path}'`);
  }

  private linkError(): Error {
    return new Error(`algo file '${this.path}' is a symbolic link; perpdesk does not follow links in its state directory. Remove it: rm '${this.path}'`);
  }
}
