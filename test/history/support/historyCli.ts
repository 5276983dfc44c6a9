import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandMain } from '../../../src/command/commandMain.js';

/** A command in this process, as cli.ts runs it, on `stateDir`, with a fresh HOME and no key in the environment; `tty` as on a terminal (tables). */
export async function historyCli(argv: readonly string[], stateDir: string, o: { tty?: boolean } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const home = mkdtempSync(join(tmpdir(), 'perpdesk-history-home-'));
  const { PERPDESK_PRIVATE_KEY: _k, ...env } = process.env;
  try {
    const code = await commandMain([...argv, '--state-dir', stateDir], {
      stdout: { write: (t) => void (stdout += t), isTTY: o.tty === true },
      stderr: { write: (t) => void (stderr += t) },
      stdinIsTTY: false,
      env: { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
    });
    return { code, stdout, stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
