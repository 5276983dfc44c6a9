import type { Migration } from './migration.js';

/**
 * Candles and their back-history's anchor, and each account's recent fills. Closed bars are
 * rows; the live bar of every interval sits in the contract's `markets` row, which a trade
 * rewrites anyway (its last price), so a trade costs one row, not one per interval.
 */
export const m003History: Migration = {
  version: 3,
  name: 'history',
  sql: `
    ALTER TABLE markets ADD COLUMN history_time INTEGER;
    ALTER TABLE markets ADD COLUMN history_px TEXT;
    ALTER TABLE markets ADD COLUMN history_merged TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE markets ADD COLUMN live_bars TEXT NOT NULL DEFAULT '[]';
    CREATE TABLE candles (
      contract_id INTEGER NOT NULL,
      interval TEXT NOT NULL,
      t INTEGER NOT NULL,
      bar TEXT NOT NULL,
      PRIMARY KEY (contract_id, interval, t)
    ) WITHOUT ROWID;
    CREATE TABLE fills (seq INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, fill TEXT NOT NULL);
    CREATE INDEX fills_account ON fills (account_id, seq);
  `,
};
