import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The session is a layer of its own: a process that starts a session on the embedded
 * exchange and trades through it loads no ink, no React and nothing of the dashboard. The
 * module graph is the real one, recorded by a resolve hook while the process runs.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('a session without a screen', () => {
  it('trades on the embedded exchange with no ink, React or src/ui in its module graph', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-modules-'));
    const log = path.join(dir, 'modules.txt');
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--import', './test/session/support/moduleLog.mjs', 'test/session/support/headlessTrade.ts'],
        { cwd: ROOT, env: { ...process.env, PERPDESK_MODULE_LOG: log }, timeout: 40_000 },
      );
      const result = JSON.parse(stdout.trim().split('\n').pop()!) as { oid: number; signer: string };
      expect(result.oid).toBeGreaterThan(0);
      expect(result.signer).toBe('agent');
      const modules = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      expect(modules.some((m) => m.includes('/src/session/createSession.ts'))).toBe(true);
      expect(modules.some((m) => m.includes('/src/exchange/'))).toBe(true);
      const screen = modules.filter((m) => /\/node_modules\/(ink|react|react-reconciler|yoga-layout)\/|\/src\/ui\//.test(m));
      expect(screen).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
