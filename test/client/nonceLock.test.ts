import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Two faces (the dashboard and the CLI) may sign for one signer from one state directory at
 * the same time. Real processes, the real clock and a tiny reservation make them claim new
 * blocks of nonces hundreds of times while racing each other, and the clock bound makes
 * them wait for the clock as well.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = 'test/client/support/drawNonces.ts';
const SIGNER = '0xAbCd000000000000000000000000000000000001';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Drawer {
  ready: Promise<void>;
  done: Promise<number[]>;
}

function startDrawer(stateDir: string, count: number, reserveMs: number, goFile: string): Drawer {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, stateDir, SIGNER, String(count), String(reserveMs), goFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((res) => (markReady = res));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (out.startsWith('ready\n')) markReady();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const done = new Promise<number[]>((res, rej) => {
    child.on('error', rej);
    child.on('close', (code) => {
      markReady();
      if (code !== 0) return rej(new Error(`drawer exited ${code}: ${err}`));
      res(JSON.parse(out.split('\n')[1]!) as number[]);
    });
  });
  return { ready, done };
}

describe('nonces across processes sharing a state directory', () => {
  it('never hands the same nonce to two processes, and each process strictly increases', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpdesk-nonce-lock-'));
    dirs.push(dir);
    const stateDir = join(dir, 'state');
    const goFile = join(dir, 'go');
    const count = 1_000;
    const drawers = Array.from({ length: 3 }, () => startDrawer(stateDir, count, 5, goFile));
    await Promise.all(drawers.map((d) => d.ready));
    writeFileSync(goFile, '');
    const drawn = await Promise.all(drawers.map((d) => d.done));

    for (const seq of drawn) {
      expect(seq).toHaveLength(count);
      for (let i = 1; i < seq.length; i++) if (seq[i]! <= seq[i - 1]!) expect.fail(`not increasing at ${i}: ${seq[i - 1]} then ${seq[i]}`);
    }
    const all = drawn.flat();
    const seen = new Set<number>();
    const repeated = all.filter((n) => (seen.has(n) ? true : (seen.add(n), false)));
    expect(repeated.length, `repeated nonces, e.g. ${repeated.slice(0, 5).join(', ')}`).toBe(0);
  }, 20_000);
});
