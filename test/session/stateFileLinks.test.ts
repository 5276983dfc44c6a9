import { lstatSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../support/tempDirs.js';
import { victimFile } from '../support/victimFile.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { endpointPath, readEndpoint, writeEndpoint } from '../../src/session/endpointFile.js';
import { JournalFile } from '../../src/session/journalFile.js';

/**
 * Symbolic links planted in the state directory (issue 17, part 4) at the names perpdesk
 * writes: the old predictable temporary name, the journal itself and its rotation target.
 * Every write leaves the file the link points to unchanged.
 */

const POSIX = process.platform !== 'win32';

const tempDir = tempDirs('perpdesk-links-');
// 0600, so that no permission check stands between the file and a write.
const victim = () => victimFile(tempDir(), 0o600);

function entry(seq: number): JournalEntry {
  return { seq, time: 1_700_000_000_000 + seq, action: 'order', outcome: 'ok', detail: `entry ${seq} ${'x'.repeat(200)}` };
}

describe.runIf(POSIX)('state files and planted symbolic links', () => {
  it('the endpoint record is not written through a link at its old temporary name', () => {
    const dir = tempDir();
    const v = victim();
    const e = { url: 'http://127.0.0.1:4000', wsUrl: 'ws://127.0.0.1:4000/ws', pid: process.pid };
    writeEndpoint(dir, e); // creates embedded/
    symlinkSync(v.file, `${endpointPath(dir)}.${process.pid}.tmp`);
    writeEndpoint(dir, e);
    v.unchanged();
    expect(readEndpoint(dir)).toEqual(e);
    expect(statSync(endpointPath(dir)).mode & 0o777).toBe(0o600);
  });

  it('an endpoint record that is a link is ignored, not followed', () => {
    const dir = tempDir();
    const e = { url: 'http://127.0.0.1:4000', wsUrl: 'ws://127.0.0.1:4000/ws', pid: process.pid };
    writeEndpoint(dir, e);
    const planted = join(tempDir(), 'planted.json');
    writeFileSync(planted, JSON.stringify({ ...e, url: 'http://127.0.0.1:4001' }), { mode: 0o600 });
    rmSync(endpointPath(dir));
    symlinkSync(planted, endpointPath(dir));
    expect(readEndpoint(dir)).toBeUndefined();
  });

  it('the journal refuses to append through a link at journal.jsonl', () => {
    const dir = tempDir();
    const v = victim();
    const journal = new JournalFile(dir);
    symlinkSync(v.file, journal.path);
    expect(() => journal.append(entry(1))).toThrow(/symbolic link/);
    v.unchanged();
  });

  it('rotation replaces a link at journal.jsonl.1 and leaves its target alone', () => {
    const dir = tempDir();
    const v = victim();
    const journal = new JournalFile(dir, { maxBytes: 1_000 });
    symlinkSync(v.file, journal.rotatedPath);
    for (let i = 1; i <= 12; i++) journal.append(entry(i));
    v.unchanged();
    expect(lstatSync(journal.rotatedPath).isFile()).toBe(true);
    const seqs = journal.load(100).entries.map((e) => e.seq);
    expect(seqs.at(-1)).toBe(12);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const f of readdirSync(dir)) expect(['journal.jsonl', 'journal.jsonl.1']).toContain(f);
  });

  it('a journal created by append is 0600', () => {
    const dir = tempDir();
    const journal = new JournalFile(dir);
    journal.append(entry(1));
    expect(statSync(journal.path).mode & 0o777).toBe(0o600);
  });
});
