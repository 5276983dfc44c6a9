import type { Migration } from './migration.js';

/** Which accounts are vaults (control route `setVault`): every account stored before is not one. */
export const m004Vaults: Migration = {
  version: 4,
  name: 'vaults',
  sql: `
    ALTER TABLE accounts ADD COLUMN vault INTEGER NOT NULL DEFAULT 0;
  `,
};
