import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exchangeMain, parseExchangeArgs, type CliIo } from '../../src/exchange/cli.js';
import { operatorKey } from '../../src/exchange/index.js';
import { addressOf, secpBackend } from '../../src/protocol/index.js';

const LISTENING = /^perpdesk exchange listening on (http:\/\/127\.0\.0\.1:(\d+)) \(ws:\/\/127\.0\.0\.1:\2\/ws\)$/;

function fakeIo() {
  let out = '';
  let err = '';
  let stop!: (signal: string) => void;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const io: CliIo = {
    stdout: (t) => {
      out += t;
      if (out.includes('listening')) started();
    },
    stderr: (t) => (err += t),
    stopSignal: () => stopped,
  };
  return { io, out: () => out, err: () => err, stop, ready };
}

describe('argument parsing', () => {
  it('defaults to loopback, a free port and control off', () => {
    const o = parseExchangeArgs([]);
    expect(o).toMatchObject({ host: '127.0.0.1', port: 0, control: false });
    expect(o !== 'help' && Number.isInteger(o.seed)).toBe(true);
  });

  it('reads every flag', () => {
    const o = parseExchangeArgs(['--host', '127.0.0.2', '--port', '9000', '--invite-codes', 'A1B2C3,ZZZZZ9', '--invite-count', '3', '--seed', '12', '--credit-delay-ms', '50', '--rate-limit', '0', '--control', '--activity', 'off', '--block-ms', '25']);
    expect(o).toEqual({ host: '127.0.0.2', port: 9000, inviteCodes: ['A1B2C3', 'ZZZZZ9'], inviteCount: 3, seed: 12, creditDelayMs: 50, rateLimitPerMin: 0, control: true, activity: 'off', blockMs: 25 });
  });

  it.each([
    [['--port', 'eighty'], /--port expects a whole number/],
    [['--port', '70000'], /--port expects a whole number from 0 to 65535/],
    [['--invite-codes', 'A1B2C'], /not 6 letters or digits/],
    [['--activity', 'wild'], /--activity expects off, calm/],
    [['--block-ms', '0'], /--block-ms expects a whole number from 1 to 60000/],
    [['--colour'], /Unknown option '--colour'/],
    [['extra'], /positional/],
  ])('%j gives a clear message and exit code 2', async (argv, message) => {
    const f = fakeIo();
    expect(await exchangeMain(argv, f.io)).toBe(2);
    expect(f.err()).toMatch(message);
    expect(f.err()).toContain('usage: perpdesk exchange');
  });

  it('--help prints usage', async () => {
    const f = fakeIo();
    expect(await exchangeMain(['--help'], f.io)).toBe(0);
    expect(f.out()).toContain('--invite-count');
  });
});

describe('exchangeMain', () => {
  it('prints the listening line then the invite codes, serves, and stops cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpdesk-ex-'));
    const keys = join(dir, 'operators.json');
    const f = fakeIo();
    const done = exchangeMain(['--invite-codes', 'A1B2C3', '--invite-count', '2', '--seed', '9', '--operator-keys-file', keys], f.io);
    await f.ready;
    const lines = f.out().trimEnd().split('\n');
    const m = LISTENING.exec(lines[0]!);
    expect(m).not.toBeNull();
    expect(lines.slice(1)).toHaveLength(3);
    expect(lines[1]).toBe('invite code: A1B2C3');
    const res = await fetch(`${m![1]}/info`, { method: 'POST', body: '{"type":"configs"}' });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(statSync(keys).mode & 0o777).toBe(0o600);
    const written = JSON.parse(readFileSync(keys, 'utf8')) as { marketDeployerId: number; address: string; privateKey: string }[];
    expect(written.map((w) => w.privateKey)).toEqual([operatorKey(9, 1), operatorKey(9, 2)]);
    expect(written.map((w) => w.address)).toEqual([addressOf(operatorKey(9, 1)), addressOf(operatorKey(9, 2))]);
    expect(f.out()).not.toContain(operatorKey(9, 1).slice(2));
    f.stop('SIGTERM');
    expect(await done).toBe(0);
    await expect(fetch(`${m![1]}/info`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('names the signature backend on stderr, leaving stdout to the listening line and codes', async () => {
    const f = fakeIo();
    const done = exchangeMain(['--invite-count', '0', '--activity', 'off'], f.io);
    await f.ready;
    expect(f.err()).toContain(`perpdesk exchange: signatures verified with ${secpBackend().label}`);
    expect(f.out()).not.toContain('verified');
    f.stop('SIGTERM');
    expect(await done).toBe(0);
  });

  it('reports a port in use without a stack trace', async () => {
    const first = fakeIo();
    const running = exchangeMain(['--invite-count', '0'], first.io);
    await first.ready;
    const port = LISTENING.exec(first.out().split('\n')[0]!)![2]!;
    const second = fakeIo();
    expect(await exchangeMain(['--port', port], second.io)).toBe(1);
    expect(second.err()).toContain('the port is in use');
    expect(second.err()).not.toMatch(/\n\s+at /);
    first.stop('SIGINT');
    expect(await running).toBe(0);
  });
});

describe('perpdesk exchange as a process', () => {
  it('starts from the built CLI and exits 0 on SIGTERM', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const child = spawn(process.execPath, ['dist/cli.js', 'exchange', '--invite-count', '1', '--seed', '3'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout! });
    const got: string[] = [];
    await new Promise<void>((resolve, reject) => {
      lines.on('line', (l) => {
        got.push(l);
        if (got.length === 2) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    expect(got[0]).toMatch(LISTENING);
    expect(got[1]).toMatch(/^invite code: [A-Z0-9]{6}$/);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
