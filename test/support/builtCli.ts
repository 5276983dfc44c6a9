import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup: the command tests spawn the built CLI (dist/cli.js) as a user runs it,
 * so dist/ must be as new as src/. `npm install` builds it (prepare); after an edit this
 * rebuilds once, before any test file starts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const built = path.join(ROOT, 'dist', 'cli.js');
  const script = path.join(ROOT, 'scripts', 'build.mjs');
  const stale = !existsSync(built) || statSync(built).mtimeMs < Math.max(newestSource(path.join(ROOT, 'src')), statSync(script).mtimeMs);
  if (!stale) return;
  execFileSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' });
}
