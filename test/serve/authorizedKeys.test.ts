import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findKey, parseAuthorizedKeys, readAuthorizedKeys } from '../../src/serve/authorizedKeys.js';
import { tempDirs } from '../support/tempDirs.js';
import { newKey } from './support/sshHarness.js';

const tempDir = tempDirs('perpdesk-authkeys-');
const a = newKey('alice@desk');
const b = newKey();
const c = newKey();

describe('authorized_keys', () => {
  it('reads keys with and without options, grants trading only by PERPDESK_TRADE=1, and skips comments', () => {
    const { keys, problems } = parseAuthorizedKeys(
      [
        '# desk viewers',
        '',
        `environment="PERPDESK_TRADE=1" ${a.public}`,
        `   ${b.public}`,
        `no-port-forwarding,environment="LANG=C, with \\"quotes\\"",environment="PERPDESK_TRADE=0" ${c.public} phone`,
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(keys.map((k) => [k.line, k.trading, k.comment])).toEqual([
      [3, true, 'alice@desk'],
      [4, false, ''],
      [5, false, 'phone'],
    ]);
    expect(keys[0]!.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(findKey(keys, keys[1]!.blob)?.line).toBe(4);
  });

  it('reports each bad line with its number and reads the rest', () => {
    const { keys, problems } = parseAuthorizedKeys(
      [
        'garbage',
        `environment="PERPDESK_TRADE=yes" ${a.public}`,
        `command="/bin/backup" ${a.public}`,
        `no-pty ${a.public}`,
        `restrict ${a.public}`,
        `restrict,pty ${b.public}`,
        `frobnicate ${a.public}`,
        'ssh-ed25519 not*base64',
        'ssh-ed25519 AAAA',
        'ssh-dss AAAAB3NzaC1kc3MAAACBAP',
        `environment="PERPDESK_TRADE=1 ${a.public}`,
        `ssh-ed25519-cert-v01@openssh.com AAAA`,
        'sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29t',
      ].join('\n'),
    );
    expect(keys.map((k) => k.line)).toEqual([6]);
    expect(problems.map((p) => p.line)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13]);
    const says = (line: number) => problems.find((p) => p.line === line)?.message;
    expect(says(2)).toMatch(/PERPDESK_TRADE must be 1/);
    expect(says(3)).toMatch(/command=/);
    expect(says(4)).toMatch(/no-pty/);
    expect(says(7)).toMatch(/unknown option 'frobnicate'/);
    expect(says(10)).toMatch(/ssh-dss/);
    expect(says(11)).toMatch(/unterminated quote/);
    expect(says(12)).toMatch(/certificates/);
    expect(says(13)).toMatch(/not supported/);
  });

  it('applies from= and expiry-time= as sshd does', () => {
    const { keys, problems } = parseAuthorizedKeys(
      [`from="10.0.0.0/8,!10.0.0.13,192.168.1.*,fd00::/8" ${a.public}`, `expiry-time="20300101Z" ${b.public}`].join('\n'),
    );
    expect(problems).toEqual([]);
    const now = new Date('2029-06-01T00:00:00Z');
    const from = keys[0]!;
    expect(from.refusal('10.1.2.3', now)).toBeUndefined();
    expect(from.refusal('::ffff:10.1.2.3', now)).toBeUndefined();
    expect(from.refusal('192.168.1.77', now)).toBeUndefined();
    expect(from.refusal('fd00::1', now)).toBeUndefined();
    expect(from.refusal('10.0.0.13', now)).toMatch(/from=/);
    expect(from.refusal('127.0.0.1', now)).toMatch(/from=/);
    const expiring = keys[1]!;
    expect(expiring.refusal('127.0.0.1', now)).toBeUndefined();
    expect(expiring.refusal('127.0.0.1', new Date('2030-01-01T00:00:00Z'))).toMatch(/expired/);
  });

  it('refuses a file others can write', async () => {
    const file = join(tempDir(), 'authorized_keys');
    writeFileSync(file, `${a.public}\n`, { mode: 0o644 });
    expect((await readAuthorizedKeys(file)).keys).toHaveLength(1);
    chmodSync(file, 0o664);
    await expect(readAuthorizedKeys(file)).rejects.toThrow(/others can write it/);
    await expect(readAuthorizedKeys(join(tempDir(), 'missing'))).rejects.toThrow(/not found; name one with --authorized-keys/);
  });

  it('refuses a file in a directory others can write, as the host key is refused', async () => {
    if (process.platform === 'win32') return;
    const dir = tempDir();
    const file = join(dir, 'authorized_keys');
    writeFileSync(file, `${newKey().public}\n`, { mode: 0o600 });
    chmodSync(dir, 0o777);
    await expect(readAuthorizedKeys(file)).rejects.toThrow(/authorized keys directory '.*' has permissions 0777: others can replace the file in it/);
    // The sticky bit (as /tmp has) keeps others from replacing a file they do not own.
    chmodSync(dir, 0o1777);
    expect((await readAuthorizedKeys(file)).keys).toHaveLength(1);
    chmodSync(dir, 0o700);
  });
});
