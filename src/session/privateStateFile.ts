import { constants, fstatSync, lstatSync, openSync } from 'node:fs';
import { errCode, formatMode, isLinkRefusal, O_NOFOLLOW } from '../wallet/fsutil.js';

// Windows has no POSIX mode bits worth checking; fs reports 0o666/0o444.
const CHECK_MODES = process.platform !== 'win32';

/**
 * Append, creating the file 0600 if missing, and never through a symbolic link at its name
 * (O_NOFOLLOW): a link planted there must not turn a line into a write to another file.
 */
export const APPEND_PRIVATE = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | O_NOFOLLOW;

/**
 * The rules for a file perpdesk keeps in its state directory that names orders, sizes or
 * signers (the journal, the algo file): never reached through a link, never a file another
 * name shares, never open to other users. `what` names it in every refusal ("journal file").
 */
export class PrivateStateFile {
  constructor(
    readonly path: string,
    private readonly what: string,
  ) {}

  /** Refuses a file already at the name that breaks the rules; a missing file is fine. */
  checkExisting(): void {
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

  /** Opens it (0600 when created), a link at the name refused with the way out. */
  open(flags: number): number {
    try {
      return openSync(this.path, flags, 0o600);
    } catch (e) {
      throw isLinkRefusal(e) ? this.linkError() : e;
    }
  }

  /** Checked on the open descriptor, not the path, so the file checked is the file used. */
  checkOpen(fd: number): { ino: number; size: number } {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`${this.what} '${this.path}' is not a regular file; perpdesk leaves it alone`);
    // A hard link planted at the name shares another file's inode: its count gives it away.
    if (st.nlink > 1) throw new Error(`${this.what} '${this.path}' has ${st.nlink} hard links; perpdesk writes only a file of its own`);
    this.refuseIfOpen(st.mode);
    return { ino: st.ino, size: st.size };
  }

  linkError(file = this.path): Error {
    return new Error(`${this.what} '${file}' is a symbolic link; perpdesk does not follow links in its state directory. Remove it: rm '${file}'`);
  }

  private refuseIfOpen(mode: number): void {
    if (!CHECK_MODES || (mode & 0o077) === 0) return;
    throw new Error(`${this.what} '${this.path}' has permissions ${formatMode(mode)}, open to other users; perpdesk keeps its state private. Fix with: chmod 600 '${this.path}'`);
  }
}
