import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ssh2 from 'ssh2';
import { sshFingerprint } from '../../src/serve/fingerprint.js';
import { HOST_KEY_FILE, loadHostKey } from '../../src/serve/hostKey.js';
import { KeySourceError } from '../../src/wallet/index.js';
import { tempDirs } from '../support/tempDirs.js';
import { newKey } from './support/sshHarness.js';

const tempDir = tempDirs('perpdesk-hostkey-');

function fingerprintOf(privateKey: Buffer): string {
  const k = ssh2.utils.parseKey(privateKey);
  if (k instanceof Error) throw k;
  return sshFingerprint(k.getPublicSSH());
}

describe('the SSH host key', () => {
  it('is generated once as ed25519 with mode 0600, with the fingerprint ssh-keygen prints', async () => {
    const stateDir = join(tempDir(), 'state');
    const first = await loadHostKey({ stateDir });
    expect(first.created).toBe(true);
    expect(first.type).toBe('ssh-ed25519');
    expect(first.file).toBe(join(stateDir, HOST_KEY_FILE));
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(statSync(stateDir).mode & 0o777).toBe(0o700);
    expect(first.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    // That OpenSSH shows the same text is checked end to end in openssh.e2e.test.ts.
    expect(first.fingerprint).toBe(fingerprintOf(readFileSync(first.file)));

    const again = await loadHostKey({ stateDir });
    expect(again.created).toBe(false);
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(again.privateKey.equals(first.privateKey)).toBe(true);
  });

  it('loads --host-key FILE', async () => {
    const dir = tempDir();
    const file = join(dir, 'host');
    writeFileSync(file, newKey().private, { mode: 0o600 });
    const k = await loadHostKey({ file, stateDir: join(dir, 'unused') });
    expect(k.created).toBe(false);
    expect(k.fingerprint).toBe(fingerprintOf(readFileSync(file)));
  });

  it('refuses a key file others can read, a directory others can write, a state directory open to others, and a public key', async () => {
    const dir = tempDir();
    const file = join(dir, 'host');
    writeFileSync(file, newKey().private, { mode: 0o644 });
    await expect(loadHostKey({ file, stateDir: dir })).rejects.toThrow(/UNPROTECTED HOST KEY FILE/);

    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    writeFileSync(join(open, 'host'), newKey().private, { mode: 0o600 });
    await expect(loadHostKey({ file: join(open, 'host'), stateDir: dir })).rejects.toThrow(/others can replace the host key/);

    const state = join(dir, 'state');
    mkdirSync(state, { mode: 0o755 });
    chmodSync(state, 0o755);
    await expect(loadHostKey({ stateDir: state })).rejects.toThrow(/open to other users/);

    const pub = join(dir, 'host.pub');
    writeFileSync(pub, newKey().public, { mode: 0o600 });
    const err = await loadHostKey({ file: pub, stateDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeySourceError);
    expect(String(err)).toMatch(/public key/);
    expect(String(err)).not.toContain(readFileSync(pub, 'utf8').split(' ')[1]);
  });
});
