import { Text, render, useApp, useInput, useStdout } from 'ink';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSshServer, type SshServer } from '../../src/serve/sshServer.js';
import type { MountViewer } from '../../src/serve/viewer.js';
import { tempDirs } from '../support/tempDirs.js';
import { newKey, openShell, writeAuthorizedKeys, type Shell } from './support/sshHarness.js';

/**
 * ink itself on the ViewerIo streams: the types fit `render()` as they are, two apps run side
 * by side each on its own channel, keys reach only their own app, a resize reaches ink, and
 * the app's exit ends the connection.
 */

const tempDir = tempDirs('perpdesk-ink-viewer-');
let server: SshServer | undefined;
const shells: Shell[] = [];

afterEach(async () => {
  for (const s of shells.splice(0)) s.client.end();
  await server?.close();
  server = undefined;
});

function Probe({ label }: { label: string }) {
  const { stdout } = useStdout();
  const { exit } = useApp();
  const [size, setSize] = useState(`${stdout.columns}x${stdout.rows}`);
  const [keys, setKeys] = useState('');
  useEffect(() => {
    const onResize = () => setSize(`${stdout.columns}x${stdout.rows}`);
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
  }, [stdout]);
  useInput((input) => {
    if (input === 'q') exit();
    else setKeys((k) => k + input);
  });
  return <Text>{`ink ${label} ${size} keys=[${keys}]`}</Text>;
}

const mountInk: MountViewer = (io) => {
  const app = render(<Probe label={io.readOnly ? 'ro' : 'rw'} />, {
    stdin: io.stdin,
    stdout: io.stdout,
    stderr: io.stderr,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  return { closed: app.waitUntilExit().then(() => undefined), close: () => app.unmount() };
};

describe('ink on ViewerIo', () => {
  it('runs one ink app per viewer with its own size and keys', async () => {
    const dir = tempDir();
    const rw = newKey();
    const ro = newKey();
    server = await startSshServer({
      host: '127.0.0.1',
      port: 0,
      hostKey: newKey().private,
      authorizedKeysFile: writeAuthorizedKeys(dir, [`environment="PERPDESK_TRADE=1" ${rw.public}`, ro.public]),
      mountViewer: mountInk,
    });
    const a = await openShell(server.port, rw.private, { cols: 100, rows: 30 });
    const b = await openShell(server.port, ro.private, { cols: 60, rows: 20 });
    shells.push(a, b);
    await a.waitFor('ink rw 100x30 keys=[]');
    await b.waitFor('ink ro 60x20 keys=[]');
    a.stream.write('x');
    await a.waitFor('keys=[x]');
    b.stream.setWindow(25, 70, 0, 0);
    await b.waitFor('ink ro 70x25');
    expect(b.output()).not.toContain('keys=[x]');
    a.stream.write('q');
    expect(await a.closed).toBe(0);
    b.stream.write('y');
    await b.waitFor('keys=[y]');
    expect(server.viewerCount()).toBe(1);
  });
});
