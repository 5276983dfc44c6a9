import type Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations/index.js';

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the file from its version to SCHEMA_VERSION, one step per transaction, so a crash
 * between steps leaves a file at a known version that the next start continues from.
 * `upTo` (tests) stops at an earlier version.
 */
export function migrate(db: Database.Database, upTo = SCHEMA_VERSION): number[] {
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= schemaVersion(db) || m.version > upTo) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m.version);
  }
  return applied;
}
