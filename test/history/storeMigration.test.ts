import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { HistoryStore } from '../../src/history/historyStore.js';
import type { Fill } from '../../src/protocol/wire/index.js';
import { openHistoryFile } from '../../src/session/historyRecorder.js';
import { tempDirs } from '../support/tempDirs.js';

const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
const tempDir = tempDirs('perpdesk-history-migration-');
const scope = { venue: 'embedded', account: '0x00000000000000000000000000000000000000aa' };
const fill = (tid: number, time: number): Fill => ({ contractId: 1 + (tid % 2), oid: 7, tid, px: '100.5', sz: '0.25', isBuy: tid % 2 === 0, time, liquidity: 'maker', fee: '-12', closedPnl: '3400', ...(tid === 2 ? { cloid: '0xabc' } : {}) });

const indexes = (db: Database.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'fills' AND sql IS NOT NULL ORDER BY name").pluck().all() as string[]);
const EXPORT_READ = 'SELECT tid, oid, contract_id, cloid, time, is_buy, px, sz, liquidity, fee, closed_pnl, liquidation, source FROM fills WHERE time >= ? ORDER BY time, tid, oid';
const plan = (db: Database.Database) => (db.prepare(`EXPLAIN QUERY PLAN ${EXPORT_READ}`).all(0) as { detail: string }[]).map((r) => r.detail).join('; ');

/** A file as perpdesk's first history schema (version 1) left it: fills indexed by time alone. */
function versionOneFile(dir: string): string {
  const store = openHistoryFile(dir, scope);
  store.addFills([fill(3, 2_000), fill(1, 1_000), fill(2, 1_000)], 'stream');
  const file = store.file;
  store.close();
  const db = new Sqlite(file);
  db.exec('DROP INDEX fills_by_time; CREATE INDEX fills_time ON fills (time);');
  db.pragma('user_version = 1');
  db.close();
  return file;
}

describe('the history store schema', () => {
  it('a new file reads the fills of a period off the covering index, in order, without a sort', () => {
    const store = openHistoryFile(tempDir(), scope);
    store.close();
    const db = new Sqlite(store.file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(indexes(db)).toEqual(['fills_by_time']);
    expect(plan(db)).toMatch(/USING COVERING INDEX fills_by_time/);
    expect(plan(db)).not.toMatch(/TEMP B-TREE/);
    db.close();
  });

  it('a version 1 file is read as it is by a reader, and brought to version 2 by a writer, its fills kept', () => {
    const file = versionOneFile(tempDir());
    const before = HistoryStore.open(file, scope, { readonly: true });
    const rows = [...before.iterateFillRows({ since: 0 })];
    expect(rows.map((r) => r[0])).toEqual([1, 2, 3]);
    expect([...before.iterateFills()]).toEqual(before.fills());
    before.close();
    let db = new Sqlite(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    db.close();

    const writer = HistoryStore.open(file, scope);
    expect([...writer.iterateFillRows({ since: 0 })]).toEqual(rows);
    writer.close();
    db = new Sqlite(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(indexes(db)).toEqual(['fills_by_time']);
    expect(plan(db)).toMatch(/USING COVERING INDEX fills_by_time/);
    db.close();
    // Opened again, nothing more to do.
    HistoryStore.open(file, scope).close();
  });
});
