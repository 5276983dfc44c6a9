import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Unused files, exports, types and dependencies, found by knip (configured in knip.json).
 * Every finding is listed in the failure, by file and name.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'node_modules', 'knip', 'bin', 'knip.js');
const run = promisify(execFile);

interface Finding {
  name: string;
}
type Issue = { file: string } & Record<string, Finding[] | Finding[][] | string | undefined>;

async function knip(): Promise<Issue[]> {
  try {
    const { stdout } = await run(process.execPath, [CLI, '--reporter', 'json', '--no-progress'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    return (JSON.parse(stdout) as { issues: Issue[] }).issues;
  } catch (e) {
    // knip exits 1 when it finds something; its report is still on stdout.
    const out = (e as { stdout?: string }).stdout;
    if (!out) throw e;
    return (JSON.parse(out) as { issues: Issue[] }).issues;
  }
}

describe('nothing unused', () => {
  it('no unused file, export, type or dependency', async () => {
    const findings: string[] = [];
    for (const issue of await knip()) {
      for (const [kind, list] of Object.entries(issue)) {
        if (!Array.isArray(list)) continue;
        for (const item of list.flat()) findings.push(`${issue.file}: ${kind} ${item.name}`);
      }
    }
    expect(findings).toEqual([]);
  }, 120_000);
});
