import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repo root: commands run as `node dist/cli.js`, the built bin (test/support/builtCli.ts keeps it current). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as one JSON document (undefined when it is not one). */
  json: unknown;
}

/** A private home for one test: config and state under it, 0700 like a user's. */
export function tempHome(): string {
  const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-cmd-'));
  chmodSync(home, 0o700);
  return home;
}

export function cliEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // The developer's own secrets never reach a test's command; a test may set its own.
  const { PERPDESK_PRIVATE_KEY: _k, PERPDESK_PASSWORD: _p, ...inherited } = process.env;
  return { ...inherited, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_STATE_HOME: path.join(home, '.state'), ...extra };
}

/** Runs one command to its end, stdin from `input` (closed at once when absent), stdout piped (so JSON). */
export function runCli(args: readonly string[], o: { home: string; input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], { cwd: ROOT, env: cliEnv(o.home, o.env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
    child.stdin.end(o.input ?? '');
  });
}
