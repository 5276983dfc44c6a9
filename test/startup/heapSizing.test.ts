import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Allocates steadily in a fresh Node (a run-time V8 flag cannot be taken back inside the
 * test's own process) with and without `sizeHeapForLongRun`, and reports the young
 * generation's largest size in MB.
 */
function youngGenerationMb(sized: boolean): number {
  const script = `
    import v8 from 'node:v8';
    ${sized ? "const { sizeHeapForLongRun } = await import('./src/startup/heapSizing.ts'); sizeHeapForLongRun();" : ''}
    let keep = [];
    let largest = 0;
    const start = Date.now();
    while (Date.now() - start < 1200) {
      for (let i = 0; i < 20000; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 5000) keep = []; }
      largest = Math.max(largest, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
      await new Promise((r) => setImmediate(r));
    }
    process.stdout.write(String(largest / 1048576));
  `;
  return Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe('sizeHeapForLongRun', () => {
  it('keeps the young generation near its cap where V8 alone grows it to 32 MB', () => {
    expect(youngGenerationMb(false)).toBeGreaterThan(16);
    expect(youngGenerationMb(true)).toBeLessThanOrEqual(16);
  }, 30_000);
});
