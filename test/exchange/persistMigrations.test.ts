/**
 * The venue file's numbered migrations: a file left at every earlier schema version, holding
 * what that version stores, is brought to the current one on start and answers as before.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/exchange/persist/migrate.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/exchange/persist/migrations/index.js';
import { startExchange } from '../../src/exchange/index.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-migrate-');
const USER = '0x00000000000000000000000000000000000000aa';
const CREDIT = 10_000_000_000n;

/** A venue as version `v` wrote it: a user with a credit, an invite code, a nonce; from 2 on, a resting order. */
function fileAt(v: number): string {
  const file = path.join(tempDir(), 'exchange.sqlite');
  writeFileSync(file, '', { mode: 0o600 });
  const db = new Database(file);
  migrate(db, v);
  expect(schemaVersion(db)).toBe(v);
  if (v >= 1) {
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run('seed', '42');
    meta.run('clock_time', String(Date.now() - 60_000));
    meta.run('id_seq', '100');
    db.prepare('INSERT INTO accounts VALUES (7, ?, ?, ?, ?, ?, ?, ?)').run(USER, 'user', 1, 'UNIFIED', 'ONE_WAY', '[1]', '[]');
    db.prepare('INSERT INTO ledger_buckets VALUES (?, ?)').run('chain:7:0', (CREDIT - 1_000_000_000n).toString());
    db.prepare('INSERT INTO ledger_buckets VALUES (?, ?)').run('md:7:1:0', '1000000000');
    db.prepare('INSERT INTO ledger_minted VALUES (0, ?)').run(CREDIT.toString());
    db.prepare('INSERT INTO invite_codes VALUES (?, 0)').run('ABC123');
    db.prepare('INSERT INTO nonces VALUES (?, ?)').run(USER, Date.now() - 1000);
  }
  if (v >= 2) {
    const order = {
      oid: 100,
      accountId: 7,
      contractId: 1,
      isBuy: true,
      px: '140',
      origSz: '2',
      filled: '0',
      filledPxSz: '0',
      remaining: '2',
      tif: 'Gtc',
      reduceOnly: false,
      cloid: null,
      positionSide: null,
      timestamp: 1,
      status: 'open',
      statusTimestamp: 1,
      triggerId: null,
    };
    db.prepare('INSERT INTO orders VALUES (100, 7, 5, ?)').run(JSON.stringify(order));
    db.prepare('INSERT INTO markets (contract_id, index_px, last_px) VALUES (1, ?, NULL)').run('151');
  }
  db.close();
  return file;
}

describe('venue file migrations', () => {
  it('are numbered 1, 2, ... in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  for (let v = 0; v < SCHEMA_VERSION; v++) {
    it(`bring a file from version ${v} to ${SCHEMA_VERSION}, keeping what it held`, async () => {
      const file = fileAt(v);
      const ex = await startExchange({ db: file, activity: 'off', control: true });
      try {
        const info = async (body: unknown) => (await fetch(`${ex.url}/info`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<unknown>;
        const { ledger } = ex.core;
        expect(ledger.sumByCoin().get(0) ?? 0n).toBe(ledger.totalMinted(0));
        if (v >= 1) {
          expect(ex.core.seed).toBe(42);
          const account = (await info({ type: 'userAccount', user: USER })) as { accountId: number; chainBalances: { coinId: number; total: string }[] };
          expect(account.accountId).toBe(7);
          expect(account.chainBalances.find((b) => b.coinId === 0)?.total).toBe('9000000000');
          expect(ex.core.invites.state('abc123')).toBe('available');
          // Operators made on this start take ids after the stored ones.
          expect(Math.min(...ex.operators.map((o) => o.accountId))).toBeGreaterThan(7);
        }
        if (v >= 2) {
          const orders = (await info({ type: 'userOrders', user: USER, marketDeployerId: 1 })) as { oid: number; limitPx: string }[];
          expect(orders.map((o) => [o.oid, o.limitPx])).toEqual([[100, '140']]);
          const book = (await info({ type: 'l2Book', contractId: 1 })) as { levels: { px: string; sz: string }[][] };
          expect(book.levels[0]).toEqual([{ px: '140', sz: '2', n: 1 }]);
          expect(ex.core.indexPrices.get(1)).toBe(151n);
        }
      } finally {
        await ex.close();
      }
      const db = new Database(file, { readonly: true });
      try {
        expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      } finally {
        db.close();
      }
    });
  }
});
