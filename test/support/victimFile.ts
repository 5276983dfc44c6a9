import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';

const POSIX = process.platform !== 'win32';

/** Fresh temporary directories for a test file, removed after each test. */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
}

/**
 * A file of the user's own that an attacker's symlink points at, and the check that a
 * write through the link left it exactly as it was (content and mode).
 */
export function victimFile(dir: string, mode: number): { file: string; unchanged: () => void } {
  const file = join(dir, 'victim.txt');
  writeFileSync(file, 'precious\n', { mode });
  return {
    file,
    unchanged: () => {
      expect(readFileSync(file, 'utf8')).toBe('precious\n');
      if (POSIX) expect(statSync(file).mode & 0o777).toBe(mode);
    },
  };
}
