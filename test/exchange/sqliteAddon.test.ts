/**
 * Issue 34: the venue and the history store name better-sqlite3's compiled addon to it, rather
 * than have it searched for at every start (sqliteAddon.ts). The addon named must be the one
 * better-sqlite3 would find itself: one module, whichever asks first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/exchange/persist/migrations/index.js';
import { sqliteAddon } from '../../src/exchange/persist/sqliteAddon.js';
import { openVenue } from '../../src/exchange/persist/sqliteVenue.js';
import { openHistoryFile } from '../../src/session/historyRecorder.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-addon-');

describe("better-sqlite3's addon, named", () => {
  it('is the file better-sqlite3 loads by itself, and both stores open and write on it', () => {
    const addon = sqliteAddon();
    expect(addon).toBeDefined();
    expect(existsSync(addon!)).toBe(true);
    // Opened by name first, then searched for: the same loaded module, not a second copy.
    const named = new Database(':memory:', { nativeBinding: addon! });
    const searched = new Database(':memory:');
    expect(named.prepare('SELECT 2 + 2 AS x').get()).toEqual({ x: 4 });
    expect(searched.prepare('SELECT 3 * 3 AS x').get()).toEqual({ x: 9 });
    named.close();
    searched.close();
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.endsWith('better_sqlite3.node'));
    expect(loaded).toEqual([addon]);

    const dir = tempDir();
    const file = path.join(dir, 'exchange.sqlite');
    const venue = openVenue(file, { seed: 7, market: '1:TEST' });
    expect(venue.restored).toBe(false);
    venue.persistence.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
    const history = openHistoryFile(dir, { venue: 'embedded', account: '0x00000000000000000000000000000000000000aa' });
    history.close();
    expect(readFileSync(history.file).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  });
});
