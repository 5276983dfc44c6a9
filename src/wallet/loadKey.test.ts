import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeySourceError } from './errors.js';
import {
  loadKeyFile,
  loadKeyFromEnv,
  loadKeystoreFile,
  resolvePassword,
  saveKeyFile,
  saveKeystoreFile,
} from './loadKey.js';
import { PrivateKey } from './secret.js';

const HEX = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const ADDRESS = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23';
const LIGHT = { scryptN: 1024 } as const;
const posix = process.platform !== 'win32';

let dir: string;
beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'perpdesk-wallet-'));
});
afterEach(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

async function writeWithMode(name: string, content: string, mode: number): Promise<string> {
  const file = path.join(dir, name);
  await fsp.writeFile(file, content);
  await fsp.chmod(file, mode); // explicit: writeFile's mode is filtered by the umask
  return file;
}

async function failure(p: Promise<unknown>): Promise<KeySourceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KeySourceError);
  return err as KeySourceError;
}

/** A terminal for the hidden prompt: `lines` are typed one per question; `shown` is what it printed. */
function fakeTty(lines: string[] = []) {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (c: Buffer) => {
    shown += c.toString();
    if (c.toString().startsWith('Password') && lines.length > 0) {
      const line = lines.shift()!;
      setImmediate(() => input.write(`${line}\r`));
    }
  });
  return { input, output, shown: () => shown };
}

const modeOf = async (file: string) => (await fsp.stat(file)).mode & 0o777;

describe('loadKeyFile', () => {
  it.each([HEX, `0x${HEX}`, `  0x${HEX}\n`, `${HEX.toUpperCase()}\r\n`])('reads %j', async (content) => {
    const file = await writeWithMode('key.hex', content, 0o600);
    const { key, warnings } = await loadKeyFile(file);
    expect(key.address).toBe(ADDRESS);
    expect(warnings).toEqual([]);
  });

  it.runIf(posix).each([0o644, 0o640, 0o604, 0o660, 0o602])('refuses mode %o like ssh', async (mode) => {
    const file = await writeWithMode('key.hex', HEX, mode);
    const err = await failure(loadKeyFile(file));
    expect(err.kind).toBe('permissions');
    const shown = '0' + mode.toString(8);
    expect(err.message).toContain(`UNPROTECTED PRIVATE KEY FILE! Permissions ${shown} for '${file}' are too open`);
    expect(err.message).toContain(`chmod 600 '${file}'`);
    expect(err.message).not.toContain(HEX.slice(0, 12));
  });

  it.runIf(posix)('accepts 0400', async () => {
    const file = await writeWithMode('key.hex', HEX, 0o400);
    expect((await loadKeyFile(file)).key.address).toBe(ADDRESS);
  });

  it('names the file but not its content on bad content', async () => {
    const content = `${HEX.slice(0, 60)}zzzz`;
    const file = await writeWithMode('key.hex', content, 0o600);
    const err = await failure(loadKeyFile(file));
    expect(err.kind).toBe('format');
    expect(err.message).toContain(file);
    expect(err.message).not.toContain(content.slice(0, 12));
  });

  it('points keystores to the keystore loader', async () => {
    const file = await writeWithMode('key.json', '{"version":3}', 0o600);
    expect((await failure(loadKeyFile(file))).message).toMatch(/looks like a JSON keystore/);
  });

  it('reports missing files and directories', async () => {
    const missing = path.join(dir, 'nope');
    const err = await failure(loadKeyFile(missing));
    expect(err.kind).toBe('not-found');
    expect(err.message).toContain(missing);
    await fsp.mkdir(path.join(dir, 'd'), { mode: 0o700 });
    expect((await failure(loadKeyFile(path.join(dir, 'd')))).kind).toBe('format');
  });
});

describe('saveKeyFile', () => {
  it('writes hex with mode 0600, creating 0700 parents, and reads back', async () => {
    const key = PrivateKey.fromHex(HEX);
    const file = path.join(dir, 'a', 'b', 'demo.key');
    await saveKeyFile(file, key);
    expect(await fsp.readFile(file, 'utf8')).toBe(`${HEX}\n`);
    if (posix) {
      expect(await modeOf(file)).toBe(0o600);
      expect(await modeOf(path.join(dir, 'a'))).toBe(0o700);
      expect(await modeOf(path.join(dir, 'a', 'b'))).toBe(0o700);
    }
    expect((await loadKeyFile(file)).key.equals(key)).toBe(true);
  });

  it('refuses to overwrite unless asked, leaving no temp files', async () => {
    const file = path.join(dir, 'demo.key');
    const first = PrivateKey.generate();
    const second = PrivateKey.generate();
    await saveKeyFile(file, first);
    const err = await failure(saveKeyFile(file, second));
    expect(err.kind).toBe('exists');
    expect((await loadKeyFile(file)).key.equals(first)).toBe(true);
    await saveKeyFile(file, second, { overwrite: true });
    expect((await loadKeyFile(file)).key.equals(second)).toBe(true);
    expect(await fsp.readdir(dir)).toEqual(['demo.key']);
  });
});

describe('saveKeystoreFile / loadKeystoreFile', () => {
  async function saved(password = 'correct horse'): Promise<{ file: string; key: PrivateKey }> {
    const key = PrivateKey.generate();
    const file = path.join(dir, 'keystore', 'UTC--key.json');
    const ks = await saveKeystoreFile(file, key, password, LIGHT);
    expect(ks.address).toBe(key.address.slice(2).toLowerCase());
    return { file, key };
  }

  it('writes 0600 into a 0700 directory and loads with an explicit password', async () => {
    const { file, key } = await saved();
    if (posix) {
      expect(await modeOf(file)).toBe(0o600);
      expect(await modeOf(path.dirname(file))).toBe(0o700);
    }
    const json = JSON.parse(await fsp.readFile(file, 'utf8')) as { crypto: { kdf: string } };
    expect(json.crypto.kdf).toBe('scrypt');
    const loaded = await loadKeystoreFile(file, { password: 'correct horse', env: {}, prompt: false });
    expect(loaded.key.equals(key)).toBe(true);
    expect(loaded.warnings).toEqual([]);
    expect((await failure(saveKeystoreFile(file, key, 'x', LIGHT))).kind).toBe('exists');
  });

  it('takes the password from PERPDESK_PASSWORD', async () => {
    const { file, key } = await saved();
    const loaded = await loadKeystoreFile(file, { env: { PERPDESK_PASSWORD: 'correct horse' }, prompt: false });
    expect(loaded.key.equals(key)).toBe(true);
  });

  it('takes the first line of a 0600 password file', async () => {
    const { file, key } = await saved(' spaced pw ');
    const pwFile = await writeWithMode('pw.txt', ' spaced pw \r\nsecond line\n', 0o600);
    const loaded = await loadKeystoreFile(file, { passwordFile: pwFile, env: {}, prompt: false });
    expect(loaded.key.equals(key)).toBe(true);
  });

  it.runIf(posix)('refuses a group/other-readable password file', async () => {
    const { file } = await saved();
    const pwFile = await writeWithMode('pw.txt', 'correct horse\n', 0o644);
    const err = await failure(loadKeystoreFile(file, { passwordFile: pwFile, env: {}, prompt: false }));
    expect(err.kind).toBe('permissions');
    expect(err.message).toContain(`UNPROTECTED PASSWORD FILE! Permissions 0644 for '${pwFile}'`);
    expect(err.message).not.toContain('correct horse');
  });

  it('prefers option over env over file over prompt', async () => {
    const { file } = await saved('right');
    const pwFile = await writeWithMode('pw.txt', 'from-file\n', 0o600);
    const env = { PERPDESK_PASSWORD: 'from-env' };
    const base = { passwordFile: pwFile, prompt: false as const };
    expect(await resolvePassword({ ...base, env, password: 'opt' })).toEqual({ password: 'opt', origin: 'option' });
    expect(await resolvePassword({ ...base, env })).toEqual({ password: 'from-env', origin: 'env' });
    expect(await resolvePassword({ ...base, env: { PERPDESK_PASSWORD: '' } })).toEqual({
      password: 'from-file',
      origin: 'file',
    });
    expect((await loadKeystoreFile(file, { password: 'right', env, passwordFile: pwFile })).key).toBeInstanceOf(
      PrivateKey,
    );
  });

  it('says where a wrong password came from, without echoing it', async () => {
    const { file } = await saved();
    const err = await failure(loadKeystoreFile(file, { env: { PERPDESK_PASSWORD: 'nope-nope' }, prompt: false }));
    expect(err.kind).toBe('password');
    expect(err.message).toBe(`wrong password or corrupt keystore ${file} (password taken from PERPDESK_PASSWORD)`);
  });

  it('fails clearly when there is no password and no TTY', async () => {
    const { file } = await saved();
    const input = new PassThrough();
    const err = await failure(loadKeystoreFile(file, { env: {}, prompt: { input, output: new PassThrough() } }));
    expect(err.kind).toBe('password');
    expect(err.message).toBe('no password: set PERPDESK_PASSWORD or use a password file');
    expect((await failure(resolvePassword({ env: {}, prompt: false }))).kind).toBe('password');
  });

  it('prompts on a TTY when nothing else is configured', async () => {
    const { file, key } = await saved();
    const tty = fakeTty();
    tty.input.write('correct horse\r');
    const loaded = await loadKeystoreFile(file, { env: {}, prompt: tty });
    expect(loaded.key.equals(key)).toBe(true);
    expect(tty.shown()).toBe(`Password for keystore ${file}: \n`);
  });

  it('asks again after a wrong password at the prompt, three tries in all', async () => {
    const { file, key } = await saved();
    // Each line is typed once it is asked for, as a person types it.
    const typo = fakeTty(['wrong one', 'correct horse']);
    const loaded = await loadKeystoreFile(file, { env: {}, prompt: typo });
    expect(loaded.key.equals(key)).toBe(true);
    expect(typo.shown()).toContain('wrong password; 2 more tries');
    expect(typo.shown()).not.toContain('wrong one');
    expect(typo.shown().match(/Password for keystore/g)).toHaveLength(2);

    // Three wrong ones: the error.
    const wrong = fakeTty(['nope', 'nope', 'nope']);
    const err = await failure(loadKeystoreFile(file, { env: {}, prompt: wrong }));
    expect(err.message).toBe(`wrong password or corrupt keystore ${file}`);
    expect(wrong.shown().match(/Password for keystore/g)).toHaveLength(3);
    expect(wrong.shown()).toContain('1 more try');
  });

  it.runIf(posix)('only warns about a loose keystore mode', async () => {
    const { file } = await saved();
    await fsp.chmod(file, 0o644);
    const { warnings } = await loadKeystoreFile(file, { password: 'correct horse', env: {} });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`permissions 0644`);
    expect(warnings[0]).toContain(`chmod 600 '${file}'`);
  });

  it('reports bad JSON without quoting the file', async () => {
    const file = await writeWithMode('k.json', `not json ${HEX}`, 0o600);
    const err = await failure(loadKeystoreFile(file, { password: 'x', env: {} }));
    expect(err.kind).toBe('format');
    expect(err.message).toBe(`keystore '${file}' is not valid JSON`);
    expect((await failure(loadKeystoreFile(path.join(dir, 'missing.json'), { password: 'x' }))).kind).toBe(
      'not-found',
    );
  });

  it('round-trips a pbkdf2 keystore too', async () => {
    const key = PrivateKey.generate();
    const file = path.join(dir, 'p.json');
    await saveKeystoreFile(file, key, 'pw', { kdf: 'pbkdf2', pbkdf2Iterations: 1000 });
    expect((await loadKeystoreFile(file, { password: 'pw' })).key.equals(key)).toBe(true);
  });
});

describe('loadKeyFromEnv', () => {
  it('returns undefined when unset or empty', () => {
    expect(loadKeyFromEnv({})).toBeUndefined();
    expect(loadKeyFromEnv({ PERPDESK_PRIVATE_KEY: '  ' })).toBeUndefined();
  });

  it('loads the key with a leak warning', () => {
    const loaded = loadKeyFromEnv({ PERPDESK_PRIVATE_KEY: `0x${HEX}` });
    expect(loaded?.key.address).toBe(ADDRESS);
    expect(loaded?.warnings).toHaveLength(1);
    expect(loaded?.warnings[0]).toMatch(/PERPDESK_PRIVATE_KEY.*process listings.*shell history/);
  });

  it('rejects a bad value without echoing it', () => {
    const value = `${HEX.slice(0, 40)}`;
    let err: unknown;
    try {
      loadKeyFromEnv({ PERPDESK_PRIVATE_KEY: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KeySourceError);
    expect((err as KeySourceError).kind).toBe('format');
    expect((err as Error).message).toContain('PERPDESK_PRIVATE_KEY');
    expect((err as Error).message).not.toContain(value.slice(0, 12));
  });
});
