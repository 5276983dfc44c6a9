import type { Migration } from './migration.js';

/** Accounts, agents, nonces, invite codes, the ledger and pending credits: part 1 of the API. */
export const m001Venue: Migration = {
  version: 1,
  name: 'venue',
  sql: `
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE accounts (
      id INTEGER PRIMARY KEY,
      address TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      margin_share_type TEXT NOT NULL,
      position_mode TEXT NOT NULL,
      enrolled TEXT NOT NULL,
      fee_overrides TEXT NOT NULL
    );
    CREATE TABLE agents (
      master_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      address TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      valid_until INTEGER NOT NULL,
      slot TEXT NOT NULL,
      approved_at INTEGER NOT NULL,
      PRIMARY KEY (master_id, position)
    ) WITHOUT ROWID;
    CREATE TABLE nonces (signer TEXT NOT NULL, nonce INTEGER NOT NULL, PRIMARY KEY (signer, nonce)) WITHOUT ROWID;
    CREATE TABLE invite_codes (code TEXT PRIMARY KEY, used INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE ledger_buckets (key TEXT PRIMARY KEY, balance TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE ledger_minted (coin INTEGER PRIMARY KEY, amount TEXT NOT NULL);
    CREATE TABLE pending_credits (account_id INTEGER NOT NULL, due_at INTEGER NOT NULL);
  `,
};
