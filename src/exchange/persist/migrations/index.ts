/**
 * The venue file's schema, as numbered steps applied in order (`migrate.ts`). A step, once
 * released, never changes: a new need is a new step with the next number.
 */
import type { Migration } from './migration.js';
import { m001Venue } from './m001Venue.js';
import { m002Trading } from './m002Trading.js';
import { m003History } from './m003History.js';
import { m004Vaults } from './m004Vaults.js';

export const MIGRATIONS: readonly Migration[] = [m001Venue, m002Trading, m003History, m004Vaults];

export const SCHEMA_VERSION = MIGRATIONS.length;
