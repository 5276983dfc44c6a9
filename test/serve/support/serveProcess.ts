import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `perpdesk serve` from the built CLI, with `CI` removed (ink draws nothing under it), its HOME and config under `home`; resolves with the port it listens on. */
export async function startServe(home: string, args: readonly string[]): Promise<{ server: ChildProcess; port: number }> {
  const { CI: _ci, ...env } = process.env;
  const server = spawn(process.execPath, ['dist/cli.js', 'serve', '--ssh', '127.0.0.1:0', ...args], {
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
  if (!m) {
    server.kill('SIGKILL');
    throw new Error(`serve did not start:\n${err}`);
  }
  return { server, port: Number(m[1]) };
}
