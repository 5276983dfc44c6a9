import { promises as fsp } from 'node:fs';
import { dirname } from 'node:path';
import { BlockList, isIP } from 'node:net';
import ssh2 from 'ssh2';
import type { ParsedKey } from 'ssh2';
import { sshFingerprint } from './fingerprint.js';

/**
 * The option that grants a key trading: OpenSSH's own `environment=` syntax, so a line
 * stays valid for sshd too (which ignores it unless PermitUserEnvironment is on), and the
 * grant is an explicit option, never a word someone happened to put in a free-form comment.
 */
export const TRADE_OPTION = 'PERPDESK_TRADE';

/** Key types a client may sign with here; ssh2 verifies these. */
const KEY_TYPES = new Set(['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'ssh-rsa']);

/**
 * Options that change nothing here: forwarding, agent, X11 and rc are refused to every
 * viewer anyway, and the security-key flags apply to key types not accepted.
 */
const NO_EFFECT = new Set([
  'agent-forwarding',
  'no-agent-forwarding',
  'port-forwarding',
  'no-port-forwarding',
  'x11-forwarding',
  'no-x11-forwarding',
  'user-rc',
  'no-user-rc',
  'permitopen',
  'permitlisten',
  'tunnel',
  'no-touch-required',
  'touch-required',
  'verify-required',
]);

const MAX_FILE_BYTES = 1 << 20;

export interface AuthorizedKey {
  /** 1-based line in the file, for messages. */
  line: number;
  type: string;
  /** The key's wire blob, as a client offers it. */
  blob: Buffer;
  fingerprint: string;
  comment: string;
  trading: boolean;
  key: ParsedKey;
  /**
   * Why this key may not connect from `address` at `now` (its `from=` and `expiry-time=`
   * options, as sshd applies them), or undefined when it may.
   */
  refusal(address: string, now: Date): string | undefined;
}

export interface KeyFileProblem {
  line: number;
  message: string;
}

export interface AuthorizedKeys {
  keys: AuthorizedKey[];
  /** Lines not used, with why; the rest of the file is still read. */
  problems: KeyFileProblem[];
}

/** The file cannot be used at all (missing, unsafe, too large). */
export class AuthorizedKeysError extends Error {
  override readonly name = 'AuthorizedKeysError';
}

/**
 * Reads an OpenSSH authorized_keys file. Refused, as sshd's StrictModes refuses it, when
 * another user owns it or group or others may write it: whoever can write the file can give
 * themselves trading.
 */
export async function readAuthorizedKeys(file: string): Promise<AuthorizedKeys> {
  let fh: fsp.FileHandle;
  try {
    fh = await fsp.open(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new AuthorizedKeysError(
      code === 'ENOENT'
        ? `authorized keys file '${file}' not found; name one with --authorized-keys FILE`
        : `cannot read authorized keys file '${file}': ${(e as Error).message}`,
    );
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new AuthorizedKeysError(`authorized keys file '${file}' is not a regular file`);
    if (process.platform !== 'win32') {
      const uid = process.getuid?.();
      if (uid !== undefined && st.uid !== uid && st.uid !== 0) {
        throw new AuthorizedKeysError(`authorized keys file '${file}' is owned by uid ${st.uid}, not by you (uid ${uid}) or root`);
      }
      if ((st.mode & 0o022) !== 0) {
        throw new AuthorizedKeysError(
          `authorized keys file '${file}' has permissions ${(st.mode & 0o777).toString(8).padStart(4, '0')}: ` +
            `others can write it and grant themselves access. Fix with: chmod go-w '${file}'`,
        );
      }
      // Its directory too, as sshd's StrictModes and the host key's: whoever can write there can swap the file.
      const dir = dirname(file);
      const d = await fsp.stat(dir);
      if (uid !== undefined && d.uid !== uid && d.uid !== 0) {
        throw new AuthorizedKeysError(`authorized keys directory '${dir}' is owned by uid ${d.uid}, not by you (uid ${uid}) or root`);
      }
      if ((d.mode & 0o022) !== 0 && (d.mode & 0o1000) === 0) {
        throw new AuthorizedKeysError(
          `authorized keys directory '${dir}' has permissions ${(d.mode & 0o777).toString(8).padStart(4, '0')}: ` +
            `others can replace the file in it and grant themselves access. Fix with: chmod go-w '${dir}'`,
        );
      }
    }
    if (st.size > MAX_FILE_BYTES) throw new AuthorizedKeysError(`authorized keys file '${file}' is too large (${st.size} bytes)`);
    return parseAuthorizedKeys(await fh.readFile('utf8'));
  } finally {
    await fh.close();
  }
}

/** Parses authorized_keys text; a bad line becomes a problem with its number, never a throw. */
export function parseAuthorizedKeys(text: string): AuthorizedKeys {
  const keys: AuthorizedKey[] = [];
  const problems: KeyFileProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const parsed = parseLine(trimmed, line);
    if (typeof parsed === 'string') problems.push({ line, message: parsed });
    else keys.push(parsed);
  });
  return { keys, problems };
}

/** The key a client offers, if the file lists it. */
export function findKey(keys: readonly AuthorizedKey[], blob: Buffer): AuthorizedKey | undefined {
  return keys.find((k) => k.blob.equals(blob));
}

interface Options {
  trading: boolean;
  from?: string;
  expiresAt?: Date;
}

function parseLine(text: string, line: number): AuthorizedKey | string {
  let rest = text;
  let options: Options = { trading: false };
  const first = /^\S+/.exec(rest)?.[0] ?? '';
  if (!looksLikeKeyType(first)) {
    const split = splitOptions(rest);
    if (typeof split === 'string') return split;
    const opts = interpretOptions(split.options);
    if (typeof opts === 'string') return opts;
    options = opts;
    rest = split.rest.trimStart();
  }
  const m = /^(\S+)\s+(\S+)(?:\s+(.*))?$/.exec(rest);
  if (!m) return 'expected a key type and a base64 key';
  const type = m[1]!;
  const b64 = m[2]!;
  const comment = (m[3] ?? '').trim();
  if (type.includes('-cert-')) return `certificates (${type}) are not accepted; list the plain public key`;
  if (!KEY_TYPES.has(type)) return `key type '${type}' is not supported (use ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa)`;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return 'the key is not base64';
  const key = ssh2.utils.parseKey(`${type} ${b64}`);
  if (key instanceof Error || Array.isArray(key)) return `the key does not parse (${key instanceof Error ? key.message : 'several keys'})`;
  const blob = key.getPublicSSH();
  const { from, expiresAt } = options;
  const fromList = from === undefined ? undefined : fromMatcher(from);
  return {
    line,
    type,
    blob,
    fingerprint: sshFingerprint(blob),
    comment,
    trading: options.trading,
    key,
    refusal(address, now) {
      if (expiresAt && now.getTime() >= expiresAt.getTime()) return `key expired (expiry-time, line ${line})`;
      if (fromList && !fromList(address)) return `address not allowed by from= (line ${line})`;
      return undefined;
    },
  };
}

function looksLikeKeyType(word: string): boolean {
  return KEY_TYPES.has(word) || /^(ssh|ecdsa|sk)-[\w@.-]+$/.test(word);
}

interface RawOption {
  name: string;
  value?: string;
}

/** OpenSSH's option list: comma-separated `name` or `name="value"` (`\"` inside), up to the first unquoted blank. */
function splitOptions(text: string): { options: RawOption[]; rest: string } | string {
  const options: RawOption[] = [];
  let i = 0;
  for (;;) {
    const name = /^[A-Za-z0-9-]+/.exec(text.slice(i))?.[0];
    if (!name) return `bad option syntax at column ${i + 1}`;
    i += name.length;
    let value: string | undefined;
    if (text[i] === '=') {
      if (text[i + 1] !== '"') return `option '${name}' needs a quoted value`;
      i += 2;
      value = '';
      for (;;) {
        if (i >= text.length) return `option '${name}' has an unterminated quote`;
        if (text[i] === '\\' && text[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          value += text[i];
          i += 1;
        }
      }
    }
    options.push(value === undefined ? { name: name.toLowerCase() } : { name: name.toLowerCase(), value });
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    if (i >= text.length || /\s/.test(text[i]!)) return { options, rest: text.slice(i) };
    return `bad option syntax at column ${i + 1}`;
  }
}

/**
 * What the options mean here. Options that confine a key to something other than an
 * interactive terminal in sshd (a forced command, no pty, a CA) keep it from a dashboard
 * too; an option perpdesk does not know makes the line unusable, as it does in sshd.
 */
function interpretOptions(raw: RawOption[]): Options | string {
  const out: Options = { trading: false };
  let restricted = false;
  let pty = false;
  let noPty = false;
  for (const { name, value } of raw) {
    switch (name) {
      case 'environment': {
        const eq = value?.indexOf('=') ?? -1;
        if (value === undefined || eq <= 0) return 'environment= needs "NAME=value"';
        if (value.slice(0, eq) === TRADE_OPTION) {
          const v = value.slice(eq + 1);
          if (v !== '1' && v !== '0') return `${TRADE_OPTION} must be 1 (trading) or 0 (read-only), not '${v}'`;
          out.trading = v === '1';
        }
        break;
      }
      case 'from':
        if (!value) return 'from= needs a pattern list';
        out.from = value;
        break;
      case 'expiry-time': {
        const at = value === undefined ? undefined : parseExpiry(value);
        if (!at) return 'expiry-time= needs "YYYYMMDD[HHMM[SS]]" (with Z for UTC)';
        out.expiresAt = at;
        break;
      }
      case 'command':
        return 'the key is restricted to a command (command=), so it gets no dashboard';
      case 'cert-authority':
      case 'principals':
        return 'certificate authorities are not accepted; list the plain public key';
      case 'restrict':
        restricted = true;
        break;
      case 'pty':
        pty = true;
        break;
      case 'no-pty':
        noPty = true;
        break;
      default:
        if (NO_EFFECT.has(name)) break;
        return `unknown option '${name}'`;
    }
  }
  if (noPty || (restricted && !pty)) return 'the key may not have a terminal (no-pty, or restrict without pty), so it gets no dashboard';
  return out;
}

function parseExpiry(v: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(Z)?$/.exec(v);
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1, 7).map((x) => x ?? '0') as string[];
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const at = m[7] ? new Date(Date.UTC(...parts)) : new Date(...parts);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * sshd's `from=` on the client's address: a negated match refuses, otherwise any match
 * admits. Patterns are `*`/`?` globs or CIDR blocks; a host name pattern never matches, as
 * the server resolves no names.
 */
function fromMatcher(list: string): (address: string) => boolean {
  const patterns = list.split(',').map((p) => p.trim()).filter((p) => p !== '');
  return (address) => {
    const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    let admitted = false;
    for (const p of patterns) {
      const negated = p.startsWith('!');
      const pattern = negated ? p.slice(1) : p;
      if (!patternMatches(pattern, ip)) continue;
      if (negated) return false;
      admitted = true;
    }
    return admitted;
  };
}

function patternMatches(pattern: string, ip: string): boolean {
  const slash = pattern.indexOf('/');
  if (slash >= 0) {
    const net = pattern.slice(0, slash);
    const bits = Number(pattern.slice(slash + 1));
    const family = isIP(net);
    if (family === 0 || family !== isIP(ip) || !Number.isInteger(bits)) return false;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    try {
      const block = new BlockList();
      block.addSubnet(net, bits, type);
      return block.check(ip, type);
    } catch {
      return false;
    }
  }
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i');
  return re.test(ip);
}
