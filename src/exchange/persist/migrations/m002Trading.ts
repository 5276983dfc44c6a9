import type { Migration } from './migration.js';

/** Holdings (settings and positions), orders open and closed, TP/SL, index prices and funding. */
export const m002Trading: Migration = {
  version: 2,
  name: 'trading',
  sql: `
    CREATE TABLE holdings (
      account_id INTEGER NOT NULL,
      contract_id INTEGER NOT NULL,
      leverage INTEGER NOT NULL,
      margin_mode TEXT NOT NULL,
      long_position TEXT,
      short_position TEXT,
      PRIMARY KEY (account_id, contract_id)
    ) WITHOUT ROWID;
    CREATE TABLE orders (
      oid INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL,
      book_seq INTEGER,
      record TEXT NOT NULL
    );
    CREATE TABLE triggers (id INTEGER PRIMARY KEY, record TEXT NOT NULL);
    CREATE TABLE markets (contract_id INTEGER PRIMARY KEY, index_px TEXT, last_px TEXT);
    CREATE TABLE funding (contract_id INTEGER PRIMARY KEY, next_time INTEGER, cumulative TEXT NOT NULL);
  `,
};
