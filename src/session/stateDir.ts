import { mkdirSync, statSync } from 'node:fs';
import { errCode, formatMode } from '../wallet/fsutil.js';
import { KeySourceError } from '../wallet/errors.js';

// Windows has no POSIX owner or mode bits worth checking.
const POSIX = process.platform !== 'win32';

/**
 * The state directory is unusable as it stands. A KeySourceError of kind 'permissions'
 * because the directory holds keys: the faces already report those as a setup error.
 */
export class StateDirError extends KeySourceError {
  constructor(message: string) {
    super('permissions', message);
  }
}

/**
 * Makes sure the state directory (keys, nonces, journal, the endpoint record, the embedded
 * seed) is private before anything in it is read or written, as ssh checks ~/.ssh: created
 * 0700 when missing; refused when it is not a directory, belongs to another user, or gives
 * group or others any access, with the command that fixes it. Nothing is changed on a
 * refusal: a directory someone else can write to may already hold planted files, and its
 * owner should look before making it private.
 */
export function prepareStateDir(dir: string): void {
  // mode applies to every directory created here, parents included; existing ones are left alone.
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    // Something other than a directory is at the name: said below.
    if (errCode(e) !== 'EEXIST' && errCode(e) !== 'ENOTDIR') throw e;
  }
  const st = statSync(dir);
  if (!st.isDirectory()) throw new StateDirError(`state directory '${dir}' is not a directory; name another with --state-dir DIR`);
  if (!POSIX) return;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) {
    throw new StateDirError(
      `state directory '${dir}' is owned by uid ${st.uid}, not by you (uid ${uid}); anyone who owns it can read and replace ` +
        `perpdesk's keys and nonces. Use a directory of your own (--state-dir DIR or XDG_STATE_HOME), or fix with: ` +
        `sudo chown ${uid} '${dir}' && chmod 700 '${dir}'`,
    );
  }
  if ((st.mode & 0o077) !== 0) {
    throw new StateDirError(
      `state directory '${dir}' has permissions ${formatMode(st.mode)}, open to other users; perpdesk keeps its state ` +
        `private (keys, nonces, journal). Fix with: chmod 700 '${dir}'`,
    );
  }
}
