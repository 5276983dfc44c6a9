import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { toHex } from '../../src/protocol/index.js';
import { generateEd25519 } from '../../src/serve/ed25519Key.js';

/**
 * The built `perpdesk serve` in a process of its own, as a desk runs it: its own HOME and
 * state directory, NODE_ENV=production, CI removed, an account of its own on the bench's
 * exchange (a fresh master key in a 0600 --key-file, onboarded with an invite code, as the
 * standalone dashboards beside it are), and an authorized_keys file with one trading key
 * per viewer the bench will connect (each viewer may trade, as each standalone dashboard can).
 */
export interface ServeProcess {
  pid: number;
  port: number;
  /** Private keys (OpenSSH format), one per viewer slot. */
  viewerKeys: string[];
  close(): Promise<void>;
}

export async function startServeProcess(o: { root: string; url: string; inviteCode: string; viewers: number; timeoutMs?: number; nodeArgs?: string[]; env?: Record<string, string> }): Promise<ServeProcess> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-serve-'));
  mkdirSync(path.join(home, 'keys'), { mode: 0o700 });
  const keyFile = path.join(home, 'keys', 'master.key');
  writeFileSync(keyFile, `${toHex(secp256k1.utils.randomSecretKey())}\n`, { mode: 0o600 });
  const pairs = Array.from({ length: o.viewers }, (_, i) => generateEd25519(`bench-viewer-${i + 1}`));
  const keysFile = path.join(home, 'authorized_keys');
  writeFileSync(keysFile, pairs.map((p) => `environment="PERPDESK_TRADE=1" ${p.public}`).join('\n') + '\n', { mode: 0o600 });
  const env: Record<string, string> = {};
  const merged: Record<string, string | undefined> = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_STATE_HOME: path.join(home, 'xdg-state'),
    NODE_ENV: 'production',
    NO_COLOR: undefined,
    PERPDESK_PRIVATE_KEY: undefined,
    PERPDESK_PASSWORD: undefined,
    PERPDESK_RENDERER: 'diff',
    ...o.env,
  };
  for (const [k, v] of Object.entries(merged)) if (v !== undefined && k !== 'CI') env[k] = v;
  const args = [
    ...(o.nodeArgs ?? []),
    'dist/cli.js', 'serve',
    '--ssh', '127.0.0.1:0',
    '--authorized-keys', keysFile,
    '--max-viewers', String(o.viewers),
    '--state-dir', path.join(home, 'state'),
    '--url', o.url,
    '--key-file', keyFile,
    '--invite-code', o.inviteCode,
  ];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: o.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  // Both pipes are read to the end: a full pipe would stall the server.
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(t);
    rmSync(home, { recursive: true, force: true });
  };
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`perpdesk serve did not listen within ${o.timeoutMs ?? 60_000} ms: ${err.trim()}`)), o.timeoutMs ?? 60_000);
    const check = () => {
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`perpdesk serve exited (${code}) before listening: ${err.trim()}`));
    });
  }).catch(async (e: unknown) => {
    await close();
    throw e;
  });
  return { pid: child.pid!, port, viewerKeys: pairs.map((p) => p.private), close };
}
