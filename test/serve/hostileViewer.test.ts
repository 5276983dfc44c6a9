import { connect as tcpConnect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type ssh2 from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import { openServeLog, SERVE_LOG_FILE } from '../../src/serve/serveLog.js';
import { admitStartup, MAX_SCREEN, MAX_STARTUPS, PER_SOURCE_MAX_STARTUPS, startSshServer, type SshServer, type SshServerOptions } from '../../src/serve/sshServer.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';
import { fakeViewers, type FakeViewers } from './support/fakeViewer.js';
import { connect, newKey, openShell, writeAuthorizedKeys, type Shell } from './support/sshHarness.js';

/**
 * What one hostile client (a read-only key, or none) can send a `perpdesk serve`: huge and
 * stormy terminal sizes, logged-in connections that never open a shell, silent TCP
 * connections from one source, requests on an open shell channel. ssh2's client on
 * loopback, every loop bounded.
 */

const tempDir = tempDirs('perpdesk-hostile-');
const hostKey = newKey('host');
const watcher = newKey('watcher');

let server: SshServer | undefined;
let fake: FakeViewers;
let stateDir: string;
const shells: Shell[] = [];
const clients: ssh2.Client[] = [];
const sockets: Socket[] = [];

async function start(o: Partial<SshServerOptions> = {}): Promise<SshServer> {
  stateDir = tempDir();
  fake = fakeViewers();
  const log = openServeLog(stateDir);
  const authorizedKeysFile = writeAuthorizedKeys(stateDir, [watcher.public]);
  const s = await startSshServer({ host: '127.0.0.1', port: 0, hostKey: hostKey.private, authorizedKeysFile, mountViewer: fake.mount, log, ...o });
  const close = s.close.bind(s);
  server = { ...s, close: () => close().finally(() => log.close()) };
  return server;
}

const logText = () => readFileSync(join(stateDir, SERVE_LOG_FILE), 'utf8');

async function shell(size?: { cols: number; rows: number }): Promise<Shell> {
  const sh = await openShell(server!.port, watcher.private, size);
  shells.push(sh);
  return sh;
}

/** A TCP connection from `localAddress` (a loopback address) that sends nothing; resolves once connected. */
function silent(localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = tcpConnect({ host: '127.0.0.1', port: server!.port, localAddress }, () => resolve(s));
    s.on('error', reject);
    sockets.push(s);
  });
}

const closedSoon = (s: Socket | ssh2.Client) => new Promise<void>((r) => s.once('close', () => r()));

afterEach(async () => {
  for (const s of shells.splice(0)) s.client.end();
  for (const c of clients.splice(0)) c.end();
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close();
  server = undefined;
});

describe('perpdesk serve against a hostile client', () => {
  it('gives a 10000x10000 pty request a screen of at most 500x200, and 0x0 the classic 80x24', async () => {
    await start();
    const huge = await shell({ cols: 10_000, rows: 10_000 });
    await huge.waitFor('viewer read-only 500x200');
    expect(MAX_SCREEN).toEqual({ cols: 500, rows: 200 });
    expect(fake.viewers[0]!.stdout.columns).toBe(500);
    expect(fake.viewers[0]!.stdout.rows).toBe(200);
    const unknown = await shell({ cols: 0, rows: 0 });
    await unknown.waitFor('viewer read-only 80x24');
  });

  it('bounds every window-change and coalesces a storm of them to the last size', async () => {
    await start();
    const sh = await shell({ cols: 80, rows: 24 });
    await sh.waitFor('viewer read-only 80x24');
    const io = fake.viewers[0]!;
    let resizes = 0;
    io.stdout.on('resize', () => resizes++);
    sh.stream.setWindow(65_535, 65_535, 0, 0);
    await waitFor(() => io.stdout.columns === 500 && io.stdout.rows === 200, 'the huge size clamped');
    resizes = 0;
    // 2,000 window-changes as fast as the client can send them (what a drag-resize script does).
    for (let i = 0; i < 2_000; i++) sh.stream.setWindow(20 + (i % 50), 60 + (i % 100), 0, 0);
    sh.stream.setWindow(33, 111, 0, 0);
    await waitFor(() => io.stdout.columns === 111 && io.stdout.rows === 33, 'the last size applied', 15_000);
    // One redraw a frame, not one a message: far fewer than the 2,001 sent.
    expect(resizes).toBeLessThan(200);
    sh.stream.write('k');
    await sh.waitFor('key:k');
  });

  it('counts logged-in connections without a shell against the cap and closes them after the grace', async () => {
    await start({ maxViewers: 2, loginGraceMs: 8_000 });
    // max-viewers 2 and 4 spare: the 7th logged-in connection and after are turned away at once.
    const opened: ssh2.Client[] = [];
    const ended: boolean[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await connect(server!.port, { privateKey: watcher.private });
      clients.push(c);
      const n = opened.push(c) - 1;
      ended[n] = false;
      c.once('close', () => (ended[n] = true));
    }
    await waitFor(() => ended.filter(Boolean).length >= 4, 'the connections over the cap closed', 5_000);
    expect(ended.slice(0, 6).every((e) => !e)).toBe(true);
    expect(logText()).toContain('more than 6 connections logged in (--max-viewers 2 and 4 more)');
    // The six that opened nothing are closed after the grace.
    await waitFor(() => ended.every(Boolean), 'idle logged-in connections closed', 20_000);
    await waitFor(() => logText().includes('reason="no shell opened within 8 seconds"'), 'no-shell close logged');
    // And a viewer still gets in.
    const sh = await shell();
    await sh.waitFor('viewer read-only');
  });

  it('gives one source only its share of the connections logging in, so another still logs in', async () => {
    await start();
    // 40 silent connections from one source: today the 32 of them lock out everyone for the grace.
    const accepted: Socket[] = [];
    const dropped: Socket[] = [];
    for (let i = 0; i < 40; i++) {
      const s = await silent('127.0.0.1');
      const closed = closedSoon(s);
      const state = await Promise.race([closed.then(() => 'dropped'), new Promise((r) => setTimeout(() => r('open'), 50))]);
      (state === 'dropped' ? dropped : accepted).push(s);
    }
    // The documented share: 8 per source.
    expect(accepted.length).toBeLessThanOrEqual(8);
    expect(dropped.length).toBeGreaterThanOrEqual(32);
    // Another source logs in and gets its viewer while the silent ones still hang on.
    const sock = await silent('127.0.0.2');
    const client = await connect(server!.port, { sock, privateKey: watcher.private });
    clients.push(client);
    const stream = await new Promise<ssh2.ClientChannel>((resolve, reject) =>
      client.shell({ term: 'xterm', cols: 90, rows: 30 }, (err, s) => (err ? reject(err) : resolve(s))),
    );
    let out = '';
    stream.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('viewer read-only 90x30'), 'the other source gets a viewer');
    expect(logText()).toContain('more than 8 connections logging in from one source');
  });

  it('drops early and at random between MaxStartups start and full, as sshd does', () => {
    const { start: from, full } = MAX_STARTUPS;
    expect(admitStartup(from - 1, 0, () => 0)).toBeUndefined();
    expect(admitStartup(from, 0, () => 0.99)).toBeUndefined();
    expect(admitStartup(from, 0, () => 0.29)).toMatch(/dropped early \(30 %\)/);
    expect(admitStartup(full - 1, 0, () => 0.98)).toMatch(/dropped early/);
    expect(admitStartup(full, 0, () => 0)).toMatch(/the most taken/);
    expect(admitStartup(0, PER_SOURCE_MAX_STARTUPS, () => 1)).toMatch(/from one source/);
  });

  it('answers an exec on the open shell channel with a refusal', async () => {
    await start();
    const sh = await shell();
    await sh.waitFor('viewer read-only');
    // What `ssh` does not do but any client may: a second request on the running channel.
    const internals = sh.client as unknown as { _protocol: { exec(chan: number, cmd: string, wantReply: boolean): void } };
    const chan = sh.stream as unknown as { outgoing: { id: number }; _callbacks: ((failed: boolean) => void)[] };
    const reply = new Promise<boolean>((resolve) => chan._callbacks.push(resolve));
    internals._protocol.exec(chan.outgoing.id, 'cat /etc/passwd', true);
    const failed = await Promise.race([reply, new Promise<string>((r) => setTimeout(() => r('no reply'), 5_000))]);
    expect(failed).toBe(true);
    await waitFor(() => logText().includes('reason="exec refused"'), 'exec refusal logged');
    // The viewer is untouched.
    sh.stream.write('k');
    await sh.waitFor('key:k');
  });
});
