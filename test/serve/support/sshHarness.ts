import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import type { ClientChannel, ConnectConfig } from 'ssh2';
import { generateEd25519 } from '../../../src/serve/ed25519Key.js';

export interface KeyPair {
  private: string;
  public: string;
}

export function newKey(comment = ''): KeyPair {
  return generateEd25519(comment);
}

/** Writes an authorized_keys file (0600) in `dir` from lines. */
export function writeAuthorizedKeys(dir: string, lines: string[]): string {
  const file = join(dir, 'authorized_keys');
  writeFileSync(file, lines.join('\n') + '\n', { mode: 0o600 });
  return file;
}

export interface Shell {
  client: ssh2.Client;
  stream: ClientChannel;
  /** Everything received so far. */
  output(): string;
  waitFor(match: string | RegExp, ms?: number): Promise<string>;
  /** Resolves with the exit code (undefined if none) when the channel closes. */
  closed: Promise<number | undefined>;
}

export function connect(port: number, cfg: Partial<ConnectConfig>): Promise<ssh2.Client> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client.once('ready', () => resolve(client));
    client.once('error', reject);
    client.connect({ host: '127.0.0.1', port, username: 'viewer', readyTimeout: 5_000, ...cfg });
  });
}

export async function openShell(port: number, privateKey: string, size = { cols: 100, rows: 30 }): Promise<Shell> {
  const client = await connect(port, { privateKey });
  let code: number | undefined;
  let closedNow: () => void = () => {};
  const closed = new Promise<number | undefined>((r) => (closedNow = () => r(code)));
  const stream = await new Promise<ClientChannel>((resolve, reject) =>
    client.shell({ term: 'xterm-256color', cols: size.cols, rows: size.rows }, (err, s) => {
      if (err) return reject(err);
      // Listened for at once: a viewer turned away gets its status in the same chunk as the
      // channel's opening, before an awaiting caller would have attached anything.
      s.on('exit', (c: number | null) => (code = c ?? undefined));
      s.on('close', () => {
        closedNow();
        client.end();
      });
      resolve(s);
    }),
  );
  let out = '';
  stream.on('data', (d: Buffer) => {
    // Bounded: the flood test sends megabytes.
    out = (out + d.toString()).slice(-64 * 1024);
  });
  return {
    client,
    stream,
    output: () => out,
    async waitFor(match, ms = 5_000) {
      const ok = () => (typeof match === 'string' ? out.includes(match) : match.test(out));
      const end = Date.now() + ms;
      while (!ok()) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${String(match)}; got:\n${out.slice(-500)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return out;
    },
    closed,
  };
}
