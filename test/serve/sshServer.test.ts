import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { sshFingerprint } from '../../src/serve/fingerprint.js';
import { openServeLog, SERVE_LOG_FILE } from '../../src/serve/serveLog.js';
import { startSshServer, type SshServer, type SshServerOptions } from '../../src/serve/sshServer.js';
import ssh2 from 'ssh2';
import type { ParsedKey } from 'ssh2';
import { join } from 'node:path';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';
import { fakeViewers, type FakeViewers } from './support/fakeViewer.js';
import { connect, newKey, openShell, writeAuthorizedKeys, type Shell } from './support/sshHarness.js';

/**
 * The SSH server with a fake dashboard (fakeViewer.ts) over ssh2's client on loopback:
 * who gets in and with what access, what reaches the viewer, what is refused, and the limits.
 */

const tempDir = tempDirs('perpdesk-serve-');
const hostKey = newKey('host');
const trader = newKey('trader');
const watcher = newKey('watcher');
const stranger = newKey('stranger');
const fp = (k: { public: string }) => {
  const parsed = ssh2.utils.parseKey(k.public);
  if (parsed instanceof Error) throw parsed;
  return sshFingerprint(parsed.getPublicSSH());
};

let server: SshServer | undefined;
let fake: FakeViewers;
let stateDir: string;
const shells: Shell[] = [];

async function start(o: Partial<SshServerOptions> = {}): Promise<SshServer> {
  stateDir = tempDir();
  fake = fakeViewers();
  const log = openServeLog(stateDir);
  const authorizedKeysFile = writeAuthorizedKeys(stateDir, [
    '# perpdesk viewers',
    `environment="PERPDESK_TRADE=1" ${trader.public}`,
    '',
    watcher.public,
  ]);
  const s = await startSshServer({ host: '127.0.0.1', port: 0, hostKey: hostKey.private, authorizedKeysFile, mountViewer: fake.mount, log, ...o });
  const close = s.close.bind(s);
  server = { ...s, close: () => close().finally(() => log.close()) };
  return server;
}

async function shell(key: { private: string }, size?: { cols: number; rows: number }): Promise<Shell> {
  const sh = await openShell(server!.port, key.private, size);
  shells.push(sh);
  return sh;
}

const logText = () => readFileSync(join(stateDir, SERVE_LOG_FILE), 'utf8');

afterEach(async () => {
  fake?.stopFlood();
  for (const s of shells.splice(0)) s.client.end();
  await server?.close();
  server = undefined;
});

describe('perpdesk serve: SSH server', () => {
  it('gives a trading key a trading viewer that sees keys and quits with q, and logs it', async () => {
    const counts: number[] = [];
    await start({ onViewerCount: (n) => counts.push(n) });
    const sh = await shell(trader);
    await sh.waitFor('viewer trading 100x30');
    expect(server!.viewerCount()).toBe(1);
    expect(fake.viewers[0]!.who.fingerprint).toBe(fp(trader));
    expect(fake.viewers[0]!.who.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(fake.viewers[0]!.terminal.term).toBe('xterm-256color');
    sh.stream.write('x');
    await sh.waitFor('key:x');
    sh.stream.write('q');
    expect(await sh.closed).toBe(0);
    expect(sh.output()).toContain('bye');
    await waitFor(() => server!.viewerCount() === 0, 'viewer count back to 0');
    expect(counts).toEqual([1, 0]);
    await waitFor(() => logText().includes(' disconnect '), 'disconnect logged');
    const log = logText();
    expect(log).toMatch(new RegExp(`connect fingerprint=${fp(trader).replace(/[+/]/g, '\\$&')} address=127\\.0\\.0\\.1:\\d+ user=viewer access=trading`));
    expect(log).toContain('reason="viewer quit"');
    expect(log).not.toContain('PRIVATE');
    expect(statSync(join(stateDir, SERVE_LOG_FILE)).mode & 0o777).toBe(0o600);
  });

  it('gives a key without the option a read-only viewer', async () => {
    await start();
    const sh = await shell(watcher);
    await sh.waitFor('viewer read-only 100x30');
    expect(fake.viewers[0]!.readOnly).toBe(true);
  });

  it('takes ECDSA and RSA keys too, verifying their signatures', async () => {
    const pem = (type: 'ec' | 'rsa') => {
      const { privateKey } =
        type === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
      const text = privateKey.export({ type: type === 'ec' ? 'sec1' : 'pkcs1', format: 'pem' }).toString();
      const parsed = ssh2.utils.parseKey(text);
      if (parsed instanceof Error) throw parsed;
      return { private: text, public: `${parsed.type} ${parsed.getPublicSSH().toString('base64')}` };
    };
    const ec = pem('ec');
    const rsa = pem('rsa');
    await start();
    writeAuthorizedKeys(stateDir, [ec.public, `environment="PERPDESK_TRADE=1" ${rsa.public}`]);
    await (await shell(ec)).waitFor('viewer read-only');
    await (await shell(rsa)).waitFor('viewer trading');
  });

  it('refuses an unknown key and a password, and logs why', async () => {
    await start();
    await expect(connect(server!.port, { privateKey: stranger.private })).rejects.toThrow(/authentication/i);
    await expect(connect(server!.port, { password: 'hunter2' })).rejects.toThrow(/authentication/i);
    await expect(connect(server!.port, { tryKeyboard: true })).rejects.toThrow(/authentication/i);
    expect(fake.viewers).toHaveLength(0);
    await waitFor(() => (logText().match(/ refuse /g) ?? []).length >= 3, 'refusals logged');
    const log = logText();
    expect(log).toContain(`reason="unknown key ${fp(stranger)}"`);
    expect(log).toContain('reason="password authentication not accepted"');
    expect(log).not.toContain('hunter2');
  });

  it("refuses a listed key whose signature is someone else's", async () => {
    await start();
    const listed = ssh2.utils.parseKey(trader.public);
    const signer = ssh2.utils.parseKey(stranger.private);
    if (listed instanceof Error || signer instanceof Error) throw new Error('test keys');
    // An agent that offers the trader's public key but signs with the stranger's private one.
    class Forger extends ssh2.BaseAgent<ParsedKey> {
      getIdentities(cb: (err: Error | undefined, keys?: ParsedKey[]) => void): void {
        cb(undefined, [listed as ParsedKey]);
      }
      sign(_pub: ParsedKey, data: Buffer, ...rest: unknown[]): void {
        const cb = rest.find((r) => typeof r === 'function') as (err: Error | undefined, sig?: Buffer) => void;
        cb(undefined, (signer as ParsedKey).sign(data));
      }
    }
    await expect(connect(server!.port, { agent: new Forger() })).rejects.toThrow(/authentication/i);
    expect(fake.viewers).toHaveLength(0);
    await waitFor(() => logText().includes(`reason="bad signature for ${fp(trader)}"`), 'bad signature logged');
  });

  it('resizes the viewer on window-change', async () => {
    await start();
    const sh = await shell(watcher, { cols: 80, rows: 24 });
    await sh.waitFor('viewer read-only 80x24');
    sh.stream.setWindow(50, 132, 0, 0);
    await sh.waitFor('viewer read-only 132x50');
    expect(fake.viewers[0]!.stdout.columns).toBe(132);
  });

  it('refuses exec, subsystems and port forwarding', async () => {
    await start();
    const client = await connect(server!.port, { privateKey: trader.private });
    try {
      await expect(new Promise((resolve, reject) => client.exec('id', (err, s) => (err ? reject(err) : resolve(s))))).rejects.toThrow();
      await expect(new Promise((resolve, reject) => client.sftp((err, s) => (err ? reject(err) : resolve(s))))).rejects.toThrow();
      await expect(new Promise((resolve, reject) => client.forwardOut('127.0.0.1', 1, '127.0.0.1', 22, (err, s) => (err ? reject(err) : resolve(s))))).rejects.toThrow();
      await expect(new Promise((resolve, reject) => client.forwardIn('127.0.0.1', 0, (err, p) => (err ? reject(err) : resolve(p))))).rejects.toThrow();
    } finally {
      client.end();
    }
    expect(fake.viewers).toHaveLength(0);
    await waitFor(() => logText().includes('reason="exec refused"'), 'exec refusal logged');
  });

  it('tells a viewer over the limit why it is turned away', async () => {
    await start({ maxViewers: 1 });
    const first = await shell(trader);
    await first.waitFor('viewer trading');
    const second = await shell(watcher);
    expect(await second.closed, `output: ${second.output()}\nlog: ${logText()}`).toBe(1);
    expect(second.output()).toContain('perpdesk serve already has 1 viewers, the most it takes (--max-viewers)');
    expect(fake.viewers).toHaveLength(1);
    // The first is untouched.
    first.stream.write('k');
    await first.waitFor('key:k');
    expect(logText()).toContain('reason="max viewers (1) reached"');
  });

  it('drops a viewer that stops reading while another keeps receiving frames', async () => {
    await start({ outputBufferBytes: 256 * 1024 });
    const stuck = await shell(trader);
    const reader = await shell(watcher);
    await stuck.waitFor('viewer trading');
    await reader.waitFor('viewer read-only');
    stuck.stream.pause();
    fake.flood();
    await waitFor(() => server!.viewerCount() === 1, 'the stuck viewer dropped', 15_000);
    expect(logText()).toMatch(new RegExp(`drop fingerprint=${fp(trader).replace(/[+/]/g, '\\$&')} .*reason="output backed up past 262144 bytes"`));
    // Frames keep reaching the one that reads.
    const frameNo = () => Number(/frame (\d+)(?![\s\S]*frame \d)/.exec(reader.output())?.[1] ?? 0);
    const before = frameNo();
    await waitFor(() => frameNo() > before + 10, 'more frames for the reader');
    fake.stopFlood();
    expect(server!.viewerCount()).toBe(1);
  });

  it('closes a viewer after the idle timeout with a message', async () => {
    await start({ idleTimeoutMs: 400 });
    const sh = await shell(watcher);
    await sh.waitFor('viewer read-only');
    expect(await sh.closed).toBe(0);
    expect(sh.output()).toContain('perpdesk serve: closed after 0.4 seconds without input.');
    // The dashboard was unmounted before the message.
    expect(sh.output().indexOf('bye')).toBeLessThan(sh.output().indexOf('closed after'));
    await waitFor(() => logText().includes('reason="idle timeout"'), 'idle logged');
  });
});
