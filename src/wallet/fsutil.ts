import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { KeySourceError } from './errors.js';

// Windows has no POSIX mode bits worth checking; fs reports 0o666/0o444.
const CHECK_MODES = process.platform !== 'win32';

export type ModePolicy = 'refuse' | 'warn' | 'ignore';

export interface SecretFile {
  data: Buffer;
  warnings: string[];
}

export function formatMode(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/**
 * Reads a small secret-bearing file. The mode is checked on the open
 * descriptor (fstat), not the path, so a swap between check and read cannot
 * slip a different file past the check.
 */
export async function readSecretFile(
  file: string,
  what: string,
  maxBytes: number,
  policy: ModePolicy,
): Promise<SecretFile> {
  let fh: fsp.FileHandle;
  try {
    fh = await fsp.open(file, 'r');
  } catch (e) {
    throw mapFsError(e, file, `${what} file`, 'read');
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new KeySourceError('format', `${what} file '${file}' is not a regular file`);
    const warnings: string[] = [];
    if (CHECK_MODES && (st.mode & 0o077) !== 0 && policy !== 'ignore') {
      if (policy === 'refuse') {
        const title = what.toUpperCase();
        throw new KeySourceError(
          'permissions',
          `UNPROTECTED ${title} FILE! Permissions ${formatMode(st.mode)} for '${file}' are too open. ` +
            `It is required that your ${what} files are NOT accessible by others. Fix with: chmod 600 '${file}'`,
        );
      }
      warnings.push(
        `${what} file '${file}' has permissions ${formatMode(st.mode)}; other users can copy it and attack ` +
          `the password offline. Fix with: chmod 600 '${file}'`,
      );
    }
    if (st.size > maxBytes) {
      throw new KeySourceError('format', `${what} file '${file}' is too large (${st.size} bytes) to be a ${what} file`);
    }
    const data = await fh.readFile();
    return { data, warnings };
  } catch (e) {
    throw e instanceof KeySourceError ? e : mapFsError(e, file, `${what} file`, 'read');
  } finally {
    await fh.close();
  }
}

/**
 * The one writer of perpdesk's private files (keys, nonces, the endpoint record, seeds):
 * write-then-rename, so a crash never leaves half a file where a good one was.
 * The temporary file has an unpredictable name and is created exclusively (`wx`: O_EXCL,
 * which never follows a symbolic link) with mode 0600 from the start, so a link or file
 * planted in the directory can neither receive the data nor see it. The data is fsynced
 * before the rename and the directory after it, so the new name survives a power cut.
 * Without `overwrite`, link(2) publishes the file only if the name is free, atomically:
 * silently replacing a funded key is the worst outcome. With it, rename(2) replaces
 * whatever is at the name, a planted link included, without following it.
 */
export async function writeFileAtomic(file: string, data: Uint8Array, overwrite: boolean): Promise<void> {
  const { target, dir, tmp } = tempFor(file);
  try {
    // mode only applies to directories created here; existing ones are left alone.
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    const fh = await fsp.open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (overwrite) {
      await fsp.rename(tmp, target);
    } else {
      await publishExclusive(tmp, target, file);
    }
  } catch (e) {
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
    throw e instanceof KeySourceError ? e : mapFsError(e, file, 'file', 'write');
  }
  await syncDir(dir);
}

export interface AtomicWriteOptions {
  /**
   * fsync the file before the rename and the directory after it (default true). Only a file
   * that is worthless after a power cut may skip it: the safety (unpredictable name, `wx`,
   * 0600, rename) is the same either way.
   */
  durable?: boolean;
}

/** writeFileAtomic for callers that cannot wait (nonces are drawn while signing). */
export function writeFileAtomicSync(file: string, data: string | Uint8Array, overwrite: boolean, o: AtomicWriteOptions = {}): void {
  const durable = o.durable ?? true;
  const { target, dir, tmp } = tempFor(file);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = fs.openSync(tmp, 'wx', 0o600);
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      let off = 0;
      while (off < bytes.length) off += fs.writeSync(fd, bytes, off);
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (overwrite) {
      fs.renameSync(tmp, target);
    } else {
      publishExclusiveSync(tmp, target, file);
    }
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e instanceof KeySourceError ? e : mapFsError(e, file, 'file', 'write');
  }
  if (durable) syncDirSync(dir);
}

function tempFor(file: string): { target: string; dir: string; tmp: string } {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  return { target, dir, tmp: path.join(dir, `.${path.basename(target)}.${randomBytes(8).toString('hex')}.tmp`) };
}

const NO_HARD_LINKS = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'];

function existsError(file: string): KeySourceError {
  return new KeySourceError('exists', `refusing to overwrite existing file '${file}' (pass overwrite: true to replace it)`);
}

async function publishExclusive(tmp: string, target: string, file: string): Promise<void> {
  try {
    await fsp.link(tmp, target);
    await fsp.unlink(tmp);
    return;
  } catch (e) {
    if (errCode(e) === 'EEXIST') throw existsError(file);
    if (!NO_HARD_LINKS.includes(errCode(e) ?? '')) throw e;
  }
  // Filesystems without hard links (FAT, some FUSE): racy fallback.
  const present = await fsp.lstat(target).then(
    () => true,
    () => false,
  );
  if (present) throw existsError(file);
  await fsp.rename(tmp, target);
}

function publishExclusiveSync(tmp: string, target: string, file: string): void {
  try {
    fs.linkSync(tmp, target);
    fs.unlinkSync(tmp);
    return;
  } catch (e) {
    if (errCode(e) === 'EEXIST') throw existsError(file);
    if (!NO_HARD_LINKS.includes(errCode(e) ?? '')) throw e;
  }
  let present = true;
  try {
    fs.lstatSync(target);
  } catch {
    present = false;
  }
  if (present) throw existsError(file);
  fs.renameSync(tmp, target);
}

// Makes the rename itself durable; unsupported on some platforms (Windows), hence best effort.
async function syncDir(dir: string): Promise<void> {
  try {
    const fh = await fsp.open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* best effort */
  }
}

function syncDirSync(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}

/** 0 where the platform has no O_NOFOLLOW (Windows), so the flag can be or-ed in everywhere. */
export const O_NOFOLLOW: number = fs.constants.O_NOFOLLOW ?? 0;

/**
 * Whether an open with O_NOFOLLOW failed because the name is a symbolic link (Linux and
 * macOS say ELOOP, FreeBSD EMLINK).
 */
export function isLinkRefusal(e: unknown): boolean {
  const code = errCode(e);
  return code === 'ELOOP' || code === 'EMLINK';
}

/**
 * Reads a small state file without following a symbolic link at its name: a link planted
 * there is refused (isLinkRefusal), never read through. Other errors (ENOENT...) as thrown.
 */
export function readFileNoFollowSync(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | O_NOFOLLOW);
  try {
    if (!fs.fstatSync(fd).isFile()) throw Object.assign(new Error(`'${file}' is not a regular file`), { code: 'EISDIR' });
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

export function errCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

function mapFsError(e: unknown, file: string, what: string, op: 'read' | 'write'): Error {
  switch (errCode(e)) {
    case 'ENOENT':
      return new KeySourceError('not-found', `${what} '${file}' not found`, { cause: e });
    case 'EACCES':
    case 'EPERM':
      return new KeySourceError('permissions', `cannot ${op} ${what} '${file}': permission denied`, { cause: e });
    case 'EISDIR':
      return new KeySourceError('format', `${what} '${file}' is a directory`, { cause: e });
    default:
      return e instanceof Error ? e : new Error(String(e));
  }
}
