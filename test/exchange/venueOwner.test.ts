/**
 * A venue has one owner: `--fresh` on a venue another process has open is refused, naming
 * that process, and nothing is moved; the endpoint record stays the owner's. The embedded
 * exchange in this process against a second start on the same state directory, and a real
 * `perpdesk exchange --db F` child against `perpdesk exchange --db F --fresh`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeMain } from '../../src/exchange/cli.js';
import { venueOwnerPath } from '../../src/exchange/persist/venueOwner.js';
import { startExchange } from '../../src/exchange/startExchange.js';
import { embeddedVenueFile, startEmbedded } from '../../src/session/embedded.js';
import { readEndpoint } from '../../src/session/endpointFile.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-venue-owner-');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const asides = (file: string) => readdirSync(path.dirname(file)).filter((f) => /^exchange\.\d{4}-.*\.sqlite/.test(f));

describe('one owner per venue', () => {
  it('refuses --fresh on the embedded venue a running process has open, moving nothing, and keeps its endpoint record', async () => {
    const stateDir = tempDir();
    const first = await startEmbedded({ stateDir, activity: 'off', advertise: true });
    try {
      await first.ready;
      const file = embeddedVenueFile(stateDir);
      const before = readEndpoint(stateDir);
      expect(before?.url).toBe(first.url);
      await expect(startEmbedded({ stateDir, activity: 'off', fresh: true, advertise: true })).rejects.toThrow(
        new RegExp(`exchange state file .*exchange\\.sqlite is in use by another perpdesk exchange \\(pid ${process.pid}\\b`),
      );
      expect(existsSync(file)).toBe(true);
      expect(asides(file)).toEqual([]);
      expect(readEndpoint(stateDir)).toEqual(before);
      // The first venue still answers.
      const res = await fetch(`${first.url}/info`, { method: 'POST', body: JSON.stringify({ type: 'configs' }) });
      expect(res.status).toBe(200);
    } finally {
      await first.close();
    }
    // Closed: the owner file is gone, and --fresh now moves the old venue aside.
    expect(existsSync(venueOwnerPath(embeddedVenueFile(stateDir)))).toBe(false);
    const steps: string[] = [];
    const next = await startEmbedded({ stateDir, activity: 'off', fresh: true, onProgress: (s) => steps.push(s) });
    await next.close();
    expect(steps.join('\n')).toMatch(/a new venue: the old one is kept as /);
  }, 30_000);

  it('refuses `perpdesk exchange --db F --fresh` while another process serves F, naming it', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'venue.sqlite');
    const child = spawn(process.execPath, ['dist/cli.js', 'exchange', '--db', file, '--activity', 'off', '--seed', '5'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (l) => {
        const m = /listening on (http:\S+)/.exec(l);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exchange exited ${code}: ${stderr}`)));
    });
    const err: string[] = [];
    // Were it to start, it would stop after 3 s on its own and exit 0.
    const code = await exchangeMain(['--db', file, '--fresh', '--activity', 'off'], { stdout: () => {}, stderr: (t) => err.push(t), stopSignal: () => new Promise((r) => setTimeout(() => r('SIGTERM'), 3_000)) });
    expect(code).toBe(1);
    expect(err.join('')).toMatch(new RegExp(`is in use by another perpdesk exchange \\(pid ${child.pid}: .*dist/cli\\.js exchange`));
    expect(readdirSync(dir).filter((f) => /^venue\.\d{4}-/.test(f))).toEqual([]);
    // The child still serves its venue.
    const res = await fetch(`${url}/info`, { method: 'POST', body: JSON.stringify({ type: 'configs' }) });
    expect(res.status).toBe(200);
  }, 60_000);

  it('takes over the owner file of a process that is gone', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'venue.sqlite');
    // A pid that cannot be alive (beyond pid_max).
    writeFileSync(venueOwnerPath(file), '4194999\n', { mode: 0o600 });
    const ex = await startExchange({ db: file, activity: 'off' });
    try {
      expect(readFileSync(venueOwnerPath(file), 'utf8')).toBe(`${process.pid}\n`);
    } finally {
      await ex.close();
    }
    expect(existsSync(venueOwnerPath(file))).toBe(false);
  });
});
