import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/dashboard.js';

/**
 * Flags and config errors: one readable line on stderr and exit code 2, before anything
 * touches the terminal. Run without a TTY, as a script or CI would.
 */

const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function perpdesk(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['dist/cli.js', ...args],
      { cwd: ROOT, env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_STATE_HOME: path.join(home, 'state'), ...env }, timeout: 20_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function oneLine(stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^perpdesk: /);
  return lines[0]!;
}

describe.concurrent('perpdesk flags', () => {
  it('--help prints the options and exits 0', async () => {
    const r = await perpdesk(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage:');
    expect(r.stdout).toContain('--read-only');
  });

  it('--version prints the package version', async () => {
    const r = await perpdesk(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^perpdesk \d+\.\d+\.\d+\n$/);
  });

  it('an unknown flag is one line and exit code 2', async () => {
    const r = await perpdesk(['--bogus']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toContain("'--bogus'");
  });

  it('a bad value names the flag and the choices', async () => {
    const r = await perpdesk(['--activity', 'frantic']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toContain('--activity must be one of off, calm, normal, busy, stress');
  });

  it('an unknown theme lists the available ones', async () => {
    const r = await perpdesk(['--theme', 'neon']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/--theme: theme "neon" not found \(available: .*dark.*\)/);
  });

  it('monitor mode on a deployment needs the account to watch', async () => {
    const r = await perpdesk(['--url', 'http://127.0.0.1:9', '--read-only']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toContain('--address');
  });

  it('a config file with a bad field is refused, naming the file and the field', async () => {
    const dir = path.join(home, 'badcfg');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ staleAfterMs: { book: 5 } }));
    const r = await perpdesk(['--config', file]);
    expect(r.code).toBe(2);
    const line = oneLine(r.stderr);
    expect(line).toContain(file);
    expect(line).toContain('staleAfterMs.book');
  });

  it('refuses to start the dashboard without a terminal', async () => {
    const r = await perpdesk([]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toContain('needs a terminal');
  });
});
