import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ssh2 from 'ssh2';
import { prepareStateDir } from '../session/stateDir.js';
import { errCode, formatMode, readSecretFile, writeFileAtomic } from '../wallet/fsutil.js';
import { KeySourceError } from '../wallet/index.js';
import { generateEd25519 } from './ed25519Key.js';
import { sshFingerprint } from './fingerprint.js';

/** Where the generated host key lives in the state directory, named as sshd names its own. */
export const HOST_KEY_FILE = 'ssh_host_ed25519_key';

const MAX_KEY_BYTES = 64 * 1024;

export interface HostKey {
  /** The private key as read (OpenSSH or PEM text), for ssh2's `hostKeys`. */
  privateKey: Buffer;
  /** `SHA256:...`, what a client shows on first connect: print it so viewers can check. */
  fingerprint: string;
  type: string;
  file: string;
  /** True when this start generated the key. */
  created: boolean;
}

export interface HostKeyOptions {
  /** `--host-key FILE`; otherwise the key in the state directory, generated when missing. */
  file?: string;
  stateDir: string;
}

/**
 * The server's identity. Read with the wallet's rules for secret files (refused when group or
 * others can read it, checked on the open descriptor); a key given by name is also refused
 * when others can replace it through its directory. A generated key is ed25519, written once
 * with mode 0600 and never overwritten: a changed host key makes every client warn.
 */
export async function loadHostKey(o: HostKeyOptions): Promise<HostKey> {
  if (o.file !== undefined) {
    refuseOpenDirectory(dirname(o.file));
    return { ...(await readHostKey(o.file)), created: false };
  }
  prepareStateDir(o.stateDir);
  const file = join(o.stateDir, HOST_KEY_FILE);
  try {
    return { ...(await readHostKey(file)), created: false };
  } catch (e) {
    if (!(e instanceof KeySourceError && e.kind === 'not-found')) throw e;
  }
  const pair = generateEd25519('perpdesk host key');
  try {
    await writeFileAtomic(file, Buffer.from(pair.private), false);
  } catch (e) {
    // Another perpdesk generated it first: use theirs.
    if (!(e instanceof KeySourceError && e.kind === 'exists')) throw e;
    return { ...(await readHostKey(file)), created: false };
  }
  return { ...(await readHostKey(file)), created: true };
}

async function readHostKey(file: string): Promise<Omit<HostKey, 'created'>> {
  const { data } = await readSecretFile(file, 'host key', MAX_KEY_BYTES, 'refuse');
  const parsed = ssh2.utils.parseKey(data);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (key === undefined || key instanceof Error) {
    const why = key instanceof Error ? key.message : 'no key in it';
    throw new KeySourceError('format', `host key file '${file}' is not a usable SSH private key (${why}); passphrases are not supported`);
  }
  if (!key.isPrivateKey()) throw new KeySourceError('format', `host key file '${file}' holds a public key, not a private one`);
  return { privateKey: data, fingerprint: sshFingerprint(key.getPublicSSH()), type: key.type, file };
}

/** A directory others may write to (without the sticky bit) lets them swap the key file. */
function refuseOpenDirectory(dir: string): void {
  if (process.platform === 'win32') return;
  let mode: number;
  try {
    mode = statSync(dir).mode;
  } catch (e) {
    if (errCode(e) === 'ENOENT') throw new KeySourceError('not-found', `host key directory '${dir}' not found`);
    throw e;
  }
  if ((mode & 0o022) !== 0 && (mode & 0o1000) === 0) {
    throw new KeySourceError(
      'permissions',
      `host key directory '${dir}' has permissions ${formatMode(mode)}: others can replace the host key in it. Fix with: chmod go-w '${dir}'`,
    );
  }
}
