import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

const POSIX = process.platform !== 'win32';


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
