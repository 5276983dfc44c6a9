import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md, checked by dependency-cruiser on the real import
 * graph (.dependency-cruiser.cjs reads the rules from that document). The second case runs
 * the same check on files that break each kind of rule on purpose, so a check that stopped
 * checking would fail here too.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const run = promisify(execFile);

async function cruise(cwd: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, '--config', CONFIG, '--output-type', 'err', ...args, 'src'], { cwd });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

describe('import rules', () => {
  it('src keeps the layers of docs/architecture.md, loads no ink below the faces, and adds no import circle', async () => {
    const { code, out } = await cruise(ROOT, '--ignore-known', path.join(ROOT, '.dependency-cruiser-known-violations.json'));
    expect(out).toContain('no dependency violations found');
    expect(code).toBe(0);
  }, 60_000);

  it('fails on a layer crossing, on ink under the session and on an import circle', async () => {
    const { code, out } = await cruise(path.join(ROOT, 'test', 'repo', 'fixtures', 'layering'));
    expect(code).toBe(3);
    expect(out).toMatch(/layer-protocol: src\/protocol\/leak\.mjs → src\/ui\/screen\.mjs/);
    expect(out).toMatch(/headless-without-ink: src\/session\/face\.mjs → .*node_modules\/ink\//);
    expect(out).toMatch(/no-circular: src\/feed\/p[io]ng\.mjs/);
  }, 60_000);
});
