import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHostKey } from '../../src/serve/hostKey.js';
import { startSshServer, type SshServer } from '../../src/serve/sshServer.js';
import { spawnTerminal, type TerminalSession } from '../support/terminal.js';
import { tempDirs } from '../support/tempDirs.js';
import { fakeViewers } from './support/fakeViewer.js';
import { newKey, writeAuthorizedKeys } from './support/sshHarness.js';

/**
 * The system's OpenSSH client, in a real pty, against the server: what any viewer types
 * (`ssh -p PORT host`) reaches a dashboard at its terminal's size, follows a resize, and
 * quits back to the shell; the host key's fingerprint is the one OpenSSH shows, and a key
 * not listed is refused as sshd refuses it. The client's key file comes from generateEd25519.
 */

const tempDir = tempDirs('perpdesk-openssh-');
let server: SshServer | undefined;
let term: TerminalSession | undefined;

afterEach(async () => {
  term?.kill();
  term = undefined;
  await server?.close();
  server = undefined;
});

describe('perpdesk serve with OpenSSH', () => {
  it('shows the viewer in the client terminal, resizes it and quits with q', async () => {
    const dir = tempDir();
    const home = tempDir();
    const key = newKey('openssh viewer');
    const keyFile = join(dir, 'id_ed25519');
    writeFileSync(keyFile, key.private, { mode: 0o600 });
    const fake = fakeViewers();
    const hostKey = await loadHostKey({ stateDir: join(dir, 'state') });
    server = await startSshServer({
      host: '127.0.0.1',
      port: 0,
      hostKey: hostKey.privateKey,
      authorizedKeysFile: writeAuthorizedKeys(dir, [`environment="PERPDESK_TRADE=1" ${key.public}`]),
      mountViewer: fake.mount,
    });
    // -v: the client names the host key's fingerprint, as a person checks it against the one printed on start.
    term = spawnTerminal('ssh', ['-v', ...sshArgs(server.port, keyFile), 'viewer@127.0.0.1'], { cols: 90, rows: 25, env: { HOME: home } });
    await term.waitFor('viewer trading 90x25', 10_000);
    expect(term.output()).toContain(`Server host key: ssh-ed25519 ${hostKey.fingerprint}`);
    term.resize(120, 40);
    await term.waitFor('viewer trading 120x40', 10_000);
    await term.press('z');
    await term.waitFor('key:z');
    await term.press('q');
    expect((await term.exited).exitCode).toBe(0);
    expect(server.viewerCount()).toBe(0);
  });

  it('is refused with a key the server does not list', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'id_ed25519');
    writeFileSync(keyFile, newKey('stranger').private, { mode: 0o600 });
    server = await startSshServer({
      host: '127.0.0.1',
      port: 0,
      hostKey: newKey('host').private,
      authorizedKeysFile: writeAuthorizedKeys(dir, [newKey('someone else').public]),
      mountViewer: fakeViewers().mount,
    });
    term = spawnTerminal('ssh', [...sshArgs(server.port, keyFile), 'viewer@127.0.0.1'], { env: { HOME: tempDir() } });
    expect((await term.exited).exitCode).toBe(255);
    expect(term.output()).toContain('Permission denied (publickey)');
  });
});

function sshArgs(port: number, keyFile: string): string[] {
  const args = ['-F', '/dev/null', '-p', String(port), '-i', keyFile, '-t'];
  for (const o of ['StrictHostKeyChecking=no', 'UserKnownHostsFile=/dev/null', 'IdentitiesOnly=yes', 'BatchMode=yes', 'LogLevel=ERROR']) args.push('-o', o);
  return args;
}
