import { KeySourceError } from './errors.js';
import { readSecretFile, writeFileAtomic } from './fsutil.js';
import type { EncryptOptions, KeystoreV3 } from './keystore.js';
import { NO_PASSWORD_MESSAGE, promptHidden, type PromptStreams } from './prompt.js';
import { PrivateKey } from './secret.js';

export const ENV_PRIVATE_KEY = 'PERPDESK_PRIVATE_KEY';
export const ENV_PASSWORD = 'PERPDESK_PASSWORD';

export interface LoadedKey {
  key: PrivateKey;
  /** Non-fatal problems the UI should surface (loose permissions, env-var keys). */
  warnings: string[];
}

export interface PasswordSource {
  /** Explicit password; wins over everything else. */
  password?: string;
  /** `--password-file`; refused if group/other can access it. */
  passwordFile?: string;
  /** Defaults to process.env; injectable for tests. */
  env?: Record<string, string | undefined>;
  /** Streams for the interactive prompt, or false to never prompt. */
  prompt?: PromptStreams | false;
  promptQuestion?: string;
}

export type PasswordOrigin = 'option' | 'env' | 'file' | 'prompt';

export interface SaveOptions {
  /** Replace an existing file. Off by default: overwriting a funded key is unrecoverable. */
  overwrite?: boolean;
}

/** Tries at the hidden prompt before a wrong keystore password ends the start. */
const PASSWORD_TRIES = 3;
const MAX_KEY_FILE_BYTES = 4096;
const MAX_KEYSTORE_BYTES = 1024 * 1024;
const MAX_PASSWORD_FILE_BYTES = 64 * 1024;

/** A raw hex key file, like geth's `--nodekey` or Foundry's `--private-key` saved to disk. */
export async function loadKeyFile(file: string): Promise<LoadedKey> {
  // ssh semantics: a raw key readable by others is refused outright.
  const { data } = await readSecretFile(file, 'private key', MAX_KEY_FILE_BYTES, 'refuse');
  try {
    const text = data.toString('utf8');
    if (text.trimStart().startsWith('{')) {
      throw new KeySourceError('format', `'${file}' looks like a JSON keystore, not a raw hex key; load it as a keystore`);
    }
    try {
      return { key: PrivateKey.fromHex(text), warnings: [] };
    } catch (e) {
      const why = e instanceof KeySourceError ? e.message : 'not a valid private key';
      throw new KeySourceError('format', `'${file}' does not hold a usable private key: ${why}`);
    }
  } finally {
    data.fill(0);
  }
}

/**
 * A v3 keystore. Loose permissions only warn here, unlike raw keys: the
 * contents are encrypted, and geth users commonly have 0644 keystores from
 * copying them around.
 */
export async function loadKeystoreFile(file: string, source: PasswordSource = {}): Promise<LoadedKey> {
  const { data, warnings } = await readSecretFile(file, 'keystore', MAX_KEYSTORE_BYTES, 'warn');
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    // Deliberately drop the parser's message: V8 quotes the offending input.
    throw new KeySourceError('format', `keystore '${file}' is not valid JSON`);
  }
  const asking = { ...source, promptQuestion: source.promptQuestion ?? `Password for keystore ${file}: ` };
  // scrypt's module loads only for a keystore: a raw key file or env key never needs it.
  const { decryptKeystore } = await import('./keystore.js');
  let bytes: Uint8Array | undefined;
  for (let attempt = 1; bytes === undefined; attempt++) {
    const { password, origin } = await resolvePassword(asking);
    try {
      bytes = await decryptKeystore(json, password, { source: file });
    } catch (e) {
      if (!(e instanceof KeySourceError && e.kind === 'password')) throw e;
      if (origin !== 'prompt') throw new KeySourceError('password', `${e.message} (password taken from ${describeOrigin(origin, source)})`);
      // A typo at the hidden prompt is asked again, as a refused invite code is.
      if (attempt >= PASSWORD_TRIES) throw e;
      const left = PASSWORD_TRIES - attempt;
      // Where the prompt writes (promptHidden's default).
      const out = (source.prompt || {}).output ?? process.stderr;
      out.write(`wrong password; ${left} more ${left === 1 ? 'try' : 'tries'}\n`);
    }
  }
  try {
    return { key: PrivateKey.fromBytes(bytes), warnings };
  } finally {
    bytes.fill(0);
  }
}

/** Option, then PERPDESK_PASSWORD, then password file, then a hidden prompt. */
export async function resolvePassword(source: PasswordSource = {}): Promise<{ password: string; origin: PasswordOrigin }> {
  if (source.password !== undefined) return { password: source.password, origin: 'option' };
  const env = source.env ?? process.env;
  // Empty counts as unset: `PERPDESK_PASSWORD= perpdesk` is how people clear it.
  const fromEnv = env[ENV_PASSWORD];
  if (fromEnv !== undefined && fromEnv !== '') return { password: fromEnv, origin: 'env' };
  if (source.passwordFile !== undefined) {
    const { data } = await readSecretFile(source.passwordFile, 'password', MAX_PASSWORD_FILE_BYTES, 'refuse');
    try {
      // Same as geth --password: first line, CR stripped, nothing else trimmed.
      const first = data.toString('utf8').split('\n', 1)[0] ?? '';
      return { password: first.replace(/\r$/, ''), origin: 'file' };
    } finally {
      data.fill(0);
    }
  }
  if (source.prompt === false) throw new KeySourceError('password', NO_PASSWORD_MESSAGE);
  const password = await promptHidden(source.promptQuestion ?? 'Password: ', source.prompt ?? {});
  return { password, origin: 'prompt' };
}

/**
 * PERPDESK_PRIVATE_KEY. Returns undefined when unset so callers can fall
 * through to the next source; a set-but-invalid value is an error.
 */
export function loadKeyFromEnv(env: Record<string, string | undefined> = process.env): LoadedKey | undefined {
  const raw = env[ENV_PRIVATE_KEY];
  if (raw === undefined || raw.trim() === '') return undefined;
  let key: PrivateKey;
  try {
    key = PrivateKey.fromHex(raw);
  } catch (e) {
    const why = e instanceof KeySourceError ? e.message : 'not a valid private key';
    throw new KeySourceError('format', `${ENV_PRIVATE_KEY} is not usable: ${why}`);
  }
  return {
    key,
    warnings: [
      `using a private key from ${ENV_PRIVATE_KEY}: environment variables can leak through process listings ` +
        `(/proc/<pid>/environ, ps e), child processes, shell history and crash reports; prefer an encrypted keystore`,
    ],
  };
}

/** Writes a geth/Foundry-compatible keystore, mode 0600, parents 0700, atomically. */
export async function saveKeystoreFile(
  file: string,
  key: PrivateKey,
  password: string,
  opts: EncryptOptions & SaveOptions = {},
): Promise<KeystoreV3> {
  const { encryptKeystore } = await import('./keystore.js');
  const ks = await encryptKeystore(key, password, opts);
  await writeFileAtomic(file, new TextEncoder().encode(JSON.stringify(ks)), opts.overwrite ?? false);
  return ks;
}

/**
 * Raw hex, no 0x, trailing newline: the format geth's LoadECDSA and Foundry
 * read. Meant for the embedded exchange's throwaway demo keys.
 */
export async function saveKeyFile(file: string, key: PrivateKey, opts: SaveOptions = {}): Promise<void> {
  const bytes = key.bytes();
  const text = new Uint8Array(65);
  const digits = '0123456789abcdef';
  for (let i = 0; i < 32; i++) {
    text[i * 2] = digits.charCodeAt(bytes[i]! >> 4);
    text[i * 2 + 1] = digits.charCodeAt(bytes[i]! & 0x0f);
  }
  text[64] = 0x0a;
  bytes.fill(0);
  try {
    await writeFileAtomic(file, text, opts.overwrite ?? false);
  } finally {
    text.fill(0);
  }
}

function describeOrigin(origin: PasswordOrigin, source: PasswordSource): string {
  if (origin === 'env') return ENV_PASSWORD;
  if (origin === 'file') return `password file '${source.passwordFile}'`;
  return 'the password option';
}
