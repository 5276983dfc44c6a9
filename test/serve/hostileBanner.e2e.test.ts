import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startExchange, type RunningExchange } from '../../src/exchange/startExchange.js';
import { SERVE_LOG_FILE } from '../../src/serve/serveLog.js';
import { tempDirs } from '../support/tempDirs.js';
import { connect, newKey, writeAuthorizedKeys } from './support/sshHarness.js';
import { hasEscapes, hostileDeployment, HOSTILE } from './support/hostileDeployment.js';

/**
 * `perpdesk serve` in front of a hostile deployment (the embedded exchange behind a proxy
 * that appends a title, a clipboard write, a cursor query and a screen switch to every
 * contract name and error text): serve's stdout banner, its stderr and serve.log carry
 * none of them; a client's user name full of escapes reaches serve.log harmless too.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tempDir = tempDirs('perpdesk-hostile-banner-');
let server: ChildProcess | undefined;
let exchange: RunningExchange | undefined;
let proxy: { close(): Promise<void> } | undefined;

afterAll(async () => {
  server?.kill('SIGKILL');
  await proxy?.close();
  await exchange?.close();
});

describe('perpdesk serve on a hostile deployment', () => {
  it('prints its banner, its notes and its log without the deployment\'s or a client\'s escapes', async () => {
    exchange = await startExchange({ activity: 'off', seed: 7 });
    const hostile = await hostileDeployment(exchange.url);
    proxy = hostile;
    const home = tempDir();
    const keysFile = writeAuthorizedKeys(home, [newKey('watcher').public]);
    const stateDir = path.join(home, 'state');
    const { CI: _ci, ...env } = process.env;
    server = spawn(
      process.execPath,
      ['dist/cli.js', 'serve', '--ssh', '127.0.0.1:0', '--authorized-keys', keysFile, '--state-dir', stateDir, '--url', hostile.url, '--read-only', '--address', `0x${'11'.repeat(20)}`],
      { cwd: ROOT, env: { ...env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    server.stdout!.on('data', (d: Buffer) => (out += d.toString('utf8')));
    server.stderr!.on('data', (d: Buffer) => (err = (err + d.toString('utf8')).slice(-16_000)));
    const deadline = Date.now() + 60_000;
    while (!/viewers connect with/.test(out) && Date.now() < deadline && server.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    expect(out, `serve did not start:\n${err}`).toMatch(/listening on 127\.0\.0\.1:(\d+)/);
    // The deployment's contract name is in the banner, its escapes shown, not sent.
    expect(out).toMatch(/listening on 127\.0\.0\.1:\d+ \(SOL1␛\]0;pwned/);
    expect(hasEscapes(out), JSON.stringify(out)).toBe(false);
    expect(out).not.toContain(HOSTILE);

    // A client whose user name is an escape sequence, turned away: logged harmless.
    const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(out)![1]);
    await expect(connect(port, { username: `mallory${HOSTILE}`, privateKey: newKey('stranger').private })).rejects.toThrow(/authentication/i);
    const logFile = path.join(stateDir, SERVE_LOG_FILE);
    const logDeadline = Date.now() + 10_000;
    while (!readFileSync(logFile, 'utf8').includes('mallory') && Date.now() < logDeadline) await new Promise((r) => setTimeout(r, 50));
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('user="mallory␛]0;pwned');
    expect(hasEscapes(log), JSON.stringify(log)).toBe(false);
    expect(hasEscapes(err), JSON.stringify(err)).toBe(false);
  }, 120_000);
});
