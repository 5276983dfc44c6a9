import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnTerminal, type TerminalOptions, type TerminalSession } from '../../support/terminal.js';

/** The repo root: tests run the built `node dist/cli.js` from it (test/support/builtCli.ts keeps it current). */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface Dashboard {
  term: TerminalSession;
  home: string;
  stop(): Promise<void>;
}

/**
 * `perpdesk` in a real pty with its own HOME, XDG folders and state directory, so the
 * user's own files are never read or touched.
 */
export function launchDashboard(
  args: string[],
  o: { cols?: number; rows?: number; env?: Record<string, string | undefined>; home?: string; onFrame?: TerminalOptions['onFrame'] } = {},
): Dashboard {
  // A given home is the caller's to remove (a test that starts perpdesk again on the same state).
  const home = o.home ?? mkdtempSync(path.join(os.tmpdir(), 'perpdesk-e2e-'));
  const term = spawnTerminal('node', ['dist/cli.js', '--state-dir', path.join(home, 'state'), ...args], {
    cols: o.cols ?? 120,
    rows: o.rows ?? 40,
    cwd: ROOT,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      XDG_STATE_HOME: path.join(home, 'xdg-state'),
      NO_COLOR: undefined,
      PERPDESK_PRIVATE_KEY: undefined,
      PERPDESK_PASSWORD: undefined,
      ...o.env,
    },
    ...(o.onFrame ? { onFrame: o.onFrame } : {}),
  });
  let stopped = false;
  return {
    term,
    home,
    async stop() {
      if (stopped) return;
      stopped = true;
      const timeout = new Promise((r) => setTimeout(r, 3_000));
      term.kill('SIGKILL');
      await Promise.race([term.exited, timeout]);
      if (o.home === undefined) rmSync(home, { recursive: true, force: true });
    },
  };
}
