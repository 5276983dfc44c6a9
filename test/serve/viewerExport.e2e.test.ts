import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../support/tempDirs.js';
import { newKey, openShell, writeAuthorizedKeys, type Shell } from './support/sshHarness.js';
import { xtermScreen } from './support/xtermShell.js';

/**
 * `perpdesk serve` on the embedded exchange with ssh2 viewers: a read-only key cannot export
 * the journal onto the operator's disk (the palette has no such command for it, and its key
 * is refused), a trading key can.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
    const { CI: _ci, ...env } = process.env;
    server = spawn(process.execPath, ['dist/cli.js', 'serve', '--ssh', '127.0.0.1:0', '--authorized-keys', keysFile, '--state-dir', stateDir, '--activity', 'off'], {
      cwd: ROOT,
      env: { ...env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    server.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4_000)));
    const deadline = Date.now() + 60_000;
    while (!/listening on 127\.0\.0\.1:(\d+)/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const m = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
    expect(m, `serve did not start:\n${err}`).not.toBeNull();
    const port = Number(m![1]);
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
