import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../support/tempDirs.js';
import { newKey, openShell, writeAuthorizedKeys, type Shell } from './support/sshHarness.js';
import { startServe } from './support/serveProcess.js';
import { xtermScreen } from './support/xtermShell.js';

/**
 * `perpdesk serve` on the embedded exchange with ssh2 viewers: a read-only key cannot export
 * the journal onto the operator's disk (the palette has no such command for it, and its key
 * is refused), a trading key can.
 */
const tempDir = tempDirs('perpdesk-viewer-export-');
let server: ChildProcess | undefined;
const shells: Shell[] = [];

afterAll(() => {
  for (const s of shells) s.client.end();
  server?.kill('SIGKILL');
});

describe('perpdesk serve: exports are writes', () => {
  it('a read-only viewer cannot export the journal; a trading one can', async () => {
    const home = tempDir();
    const trader = newKey('trader');
    const watcher = newKey('watcher');
    const keysFile = writeAuthorizedKeys(home, [`environment="PERPDESK_TRADE=1" ${trader.public}`, watcher.public]);
    const stateDir = path.join(home, 'state');
    let port: number;
    ({ server, port } = await startServe(home, ['--authorized-keys', keysFile, '--state-dir', stateDir, '--activity', 'off']));
    const exportsDir = path.join(stateDir, 'exports');

    const ro = await openShell(port, watcher.private, { cols: 120, rows: 40 });
    shells.push(ro);
    const roScreen = xtermScreen(ro.stream, 120, 40);
    await roScreen.waitFor(': commands');
    await roScreen.type(':');
    await roScreen.waitFor('Command palette');
    await roScreen.type('journal.export');
    await roScreen.type('\r');
    // Then Escape, so its Enter has surely been handled when the palette is gone.
    await roScreen.type('\x1b');
    await roScreen.waitFor((s) => !s.includes('Command palette'));
    const afterRo = existsSync(exportsDir) ? readdirSync(exportsDir) : [];

    const rw = await openShell(port, trader.private, { cols: 120, rows: 40 });
    shells.push(rw);
    const rwScreen = xtermScreen(rw.stream, 120, 40);
    await rwScreen.waitFor(': commands');
    await rwScreen.type(':');
    await rwScreen.waitFor('Command palette');
    await rwScreen.type('journal.export');
    await rwScreen.type('\r');
    await rwScreen.waitFor('✓ exported');
    expect(afterRo, 'the read-only viewer wrote exports').toEqual([]);
    expect(readdirSync(exportsDir)).toHaveLength(6);
  }, 120_000);
});
