import { closeSync, constants, fsyncSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { APPEND_PRIVATE, PrivateStateFile } from '../session/privateStateFile.js';
import { prepareStateDir } from '../session/stateDir.js';
import { errCode, O_NOFOLLOW } from '../wallet/fsutil.js';

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
  private readonly file: PrivateStateFile;

  constructor(stateDir: string, fileName = 'algos.jsonl') {
    this.path = join(stateDir, fileName);
    this.file = new PrivateStateFile(this.path, 'algo file');
    prepareStateDir(stateDir);
    this.file.checkExisting();
  }

  append(line: string): void {
    if (line.includes('\n')) throw new Error('algo log: a record must be one line');
    const bytes = Buffer.from(`${line}\n`);
    const fd = this.file.open(APPEND_PRIVATE);
    try {
      this.file.checkOpen(fd);
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off);
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Replaces the whole file by `lines` (a compaction): written to a temporary file of its
   * own in the same directory (created 0600, O_EXCL, never through a link) and synced, then
   * renamed over the file, so a reader or a crash sees the old file or the new one, whole.
   */
  replace(lines: readonly string[]): void {
    for (const l of lines) if (l.includes('\n')) throw new Error('algo log: a record must be one line');
    const tmpPath = `${this.path}.${process.pid}.tmp`;
    const tmp = new PrivateStateFile(tmpPath, 'algo file (temporary)');
    const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(''));
    let fd: number;
    try {
      fd = tmp.open(constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW);
    } catch (e) {
      // One left by a process killed mid-compaction (this pid reused): it was never the file.
      if (errCode(e) !== 'EEXIST') throw e;
      unlinkSync(tmpPath);
      fd = tmp.open(constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW);
    }
    try {
      try {
        tmp.checkOpen(fd);
        let off = 0;
        while (off < bytes.length) off += writeSync(fd, bytes, off);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      this.file.checkExisting();
      renameSync(tmpPath, this.path);
    } catch (e) {
      try {
        unlinkSync(tmpPath);
      } catch {
        // Already gone: nothing to clean.
      }
      throw e;
    }
  }

  /** The file's lines, oldest first; none when it does not exist yet. */
  lines(): string[] {
    let fd: number;
    try {
      fd = this.file.open(constants.O_RDONLY | O_NOFOLLOW);
    } catch (e) {
      if (errCode(e) === 'ENOENT') return [];
      throw e;
    }
    try {
      this.file.checkOpen(fd);
      return readFileSync(fd, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
    } finally {
      closeSync(fd);
    }
  }
}
