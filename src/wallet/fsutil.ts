import { randomBytes } from 'node:crypto';
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
 * Write-then-rename so a crash never leaves a half-written key where a good
 * one was. Without `overwrite`, link(2) publishes the file only if the name
 * is free, atomically: silently replacing a funded key is the worst outcome.
 */
export async function writeFileAtomic(file: string, data: Uint8Array, overwrite: boolean): Promise<void> {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  const tmp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
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

async function publishExclusive(tmp: string, target: string, file: string): Promise<void> {
  const exists = () =>
    new KeySourceError('exists', `refusing to overwrite existing file '${file}' (pass overwrite: true to replace it)`);
  try {
    await fsp.link(tmp, target);
    await fsp.unlink(tmp);
    return;
  } catch (e) {
    if (errCode(e) === 'EEXIST') throw exists();
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'].includes(errCode(e) ?? '')) throw e;
  }
  // Filesystems without hard links (FAT, some FUSE): racy fallback.
  const present = await fsp.lstat(target).then(
    () => true,
    () => false,
  );
  if (present) throw exists();
  await fsp.rename(tmp, target);
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable; unsupported on some platforms, hence best effort.
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
