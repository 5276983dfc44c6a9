import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportLimitError, exportJournal, MAX_EXPORTS_BYTES } from '../../src/session/journalExport.js';
import { fullStore } from '../ui/support/paneFixtures.js';

/** Exports are bounded in number and bytes: a face pressing export in a loop cannot fill the disk. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function stateDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'perpdesk-export-limits-'));
  dirs.push(d);
  return d;
}

describe('export limits', () => {
  it("keeps at most 20 exports; the next is refused and writes nothing", () => {
    const dir = stateDir();
    const s = fullStore().getState();
    const now = new Date(2025, 4, 12, 14, 3, 7).getTime();
    // A loop as a viewer's key repeat would make it: bounded here, unbounded before.
    let refused: unknown;
    let made = 0;
    for (let i = 0; i < 40 && refused === undefined; i++) {
      try {
        exportJournal(dir, s, now);
        made++;
      } catch (e) {
        refused = e;
      }
    }
    expect(made).toBe(20);
    expect(refused).toBeInstanceOf(ExportLimitError);
    expect((refused as Error).message).toMatch(/already holds 20 exports, the most kept \(20\); move or delete some first/);
    expect(readdirSync(join(dir, 'exports'))).toHaveLength(20 * 6);
  });

  it('refuses an export that would take the exports past their bytes, writing nothing', () => {
    const dir = stateDir();
    const s = fullStore().getState();
    exportJournal(dir, s, Date.now());
    // An earlier export grown to the whole budget (sparse: no disk used).
    const big = join(dir, 'exports', 'journal-20200101-000000.json');
    const fd = openSync(big, 'w', 0o600);
    ftruncateSync(fd, MAX_EXPORTS_BYTES);
    closeSync(fd);
    const before = readdirSync(join(dir, 'exports')).sort();
    expect(() => exportJournal(dir, s, Date.now() + 5_000)).toThrow(/nothing exported: .* holds 256 MiB of exports and this one is \d+ MiB, past the 256 MiB kept/);
    expect(readdirSync(join(dir, 'exports')).sort()).toEqual(before);
  });
});
