/**
 * Out of file descriptors: a client holding idle connections until the exchange's process
 * hits its open-files limit must not lock everyone else out. The built exchange runs in a
 * child under `ulimit -n 256` (a limit the test process itself does not share).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LISTENING = /^perpdesk exchange listening on http:\/\/127\.0\.0\.1:(\d+) /;

let child: ChildProcess | undefined;
const held: Socket[] = [];

afterEach(async () => {
  for (const s of held.splice(0)) s.destroy();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
});

async function startLimited(openFiles: number): Promise<{ port: number; stderr: () => string }> {
  const script = `ulimit -n ${openFiles} && exec "$0" dist/cli.js exchange --invite-count 0 --activity off --rate-limit 0 --seed 1`;
  const proc = spawn('bash', ['-c', script, process.execPath], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let stderr = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once('line', (line) => {
      const m = LISTENING.exec(line);
      if (m) resolve(Number(m[1]));
      else reject(new Error(`unexpected first line ${line}`));
    });
    proc.once('exit', (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
  });
  return { port, stderr: () => stderr };
}

/** Opens `count` connections that never send a byte; resolves once each is connected or already closed. */
async function holdIdle(port: number, count: number): Promise<{ closed: () => number }> {
  let closed = 0;
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const s = connect(port, '127.0.0.1');
          held.push(s);
          s.on('error', () => undefined);
          s.once('connect', () => resolve());
          s.once('close', () => {
            closed++;
            resolve();
          });
        }),
    ),
  );
  return { closed: () => closed };
}

async function timedInfo(port: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await request(`http://127.0.0.1:${port}/info`, {
    method: 'POST',
    body: '{"type":"configs"}',
    headers: { connection: 'close' },
    headersTimeout: 4000,
    bodyTimeout: 4000,
  });
  await res.body.dump();
  return { status: res.statusCode, ms: performance.now() - t0 };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('open-files limit (EMFILE)', () => {
  it('with 400 idle connections held under ulimit -n 256, /info is answered and one EMFILE line is logged', async () => {
    const ex = await startLimited(256);
    const first = await holdIdle(ex.port, 400);
    await sleep(200);
    const answer = await timedInfo(ex.port);
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(3000);

    // A second wave and more requests: still served, and the log does not grow per failure.
    await holdIdle(ex.port, 100);
    await sleep(100);
    for (let i = 0; i < 3; i++) expect((await timedInfo(ex.port)).status).toBe(200);
    const lines = ex.stderr().split('\n').filter((l) => l.includes('EMFILE'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^perpdesk exchange: http server: out of file descriptors \(EMFILE\)/);
    // The oldest idle connections were the ones let go.
    expect(first.closed()).toBeGreaterThan(0);
  });
});
