/**
 * Issue 21: the embedded exchange keeps its state in one SQLite file. A venue stopped and
 * started again on the same file answers every read as before; a file it cannot trust is
 * refused with its name and left as it was.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addressOf, signAction } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeMain, parseExchangeArgs } from '../../src/exchange/cli.js';
import { moveVenueAside } from '../../src/exchange/persist/moveVenueAside.js';
import { SCHEMA_VERSION } from '../../src/exchange/persist/migrations/index.js';
import { startExchange } from '../../src/exchange/index.js';
import { exchangeData, newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { account, act, book, one, oidOf, trader, type Trader } from './traders.js';

const tempDir = tempDirs('perpdesk-venue-');
const POSIX = process.platform !== 'win32';

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Everything a user can read about the venue that a restart must not change. */
async function reads(ex: TestExchange, people: Trader[]): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const p of people) {
    out[`${p.address}:account`] = await account(ex, p);
    for (const md of [1, 2]) out[`${p.address}:md${md}`] = await account(ex, p, md);
    out[`${p.address}:orders`] = (await ex.info({ type: 'userOrders', user: p.address, marketDeployerId: 1 })).body;
    out[`${p.address}:agents`] = (await ex.info({ type: 'userAgents', accountId: String(p.accountId) })).body;
    out[`${p.address}:fills`] = ex.running.core.trading.events.recentFills(p.accountId);
  }
  for (const contractId of [1, 2, 3]) {
    out[`book${contractId}`] = await book(ex, contractId);
    // Everything but the time of the answer.
    const { time: _time, ...ms } = (await ex.info<Record<string, unknown>>({ type: 'marketState', contractId })).body;
    out[`market${contractId}`] = ms;
    for (const interval of ['1m', '1h', '1d']) {
      const now = ex.running.core.clock.now();
      out[`candles${contractId}:${interval}`] = (await ex.info({ type: 'candleSnapshot', contractId, interval, startTime: now - 3 * 86_400_000, endTime: now })).body;
    }
  }
  return out;
}

function ledgerBalances(ex: TestExchange): void {
  const { ledger, config } = ex.running.core;
  for (const coin of config.coins.keys()) expect(ledger.sumByCoin().get(coin) ?? 0n).toBe(ledger.totalMinted(coin));
}

describe('a venue on a state file', () => {
  it('answers every read the same after a restart, and continues where it stopped', async () => {
    const file = path.join(tempDir(), 'exchange.sqlite');
    let ex = await startTestExchange({ db: file });
    const maker = await trader(ex);
    const taker = await trader(ex, 3_000n);
    // Resting liquidity on both sides, a fill into a position with TP/SL, a modify, a cancel.
    const bids = [await one(ex, maker, { contractId: 1, isBuy: true, price: '148', size: '5', tif: 'Gtc' }), await one(ex, maker, { contractId: 1, isBuy: true, price: '148', size: '3', tif: 'Gtc' })];
    const ask = await one(ex, maker, { contractId: 1, isBuy: false, price: '152', size: '10', tif: 'Gtc', cloid: '43981' });
    await one(ex, maker, { contractId: 2, isBuy: true, price: '59000', size: '0.01', tif: 'Gtc' });
    const cancelled = await one(ex, maker, { contractId: 1, isBuy: true, price: '140', size: '1', tif: 'Gtc' });
    expect(exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.cancel([{ contractId: 1, oid: oidOf(cancelled) }]), maker.key)).statuses).toEqual(['success']);
    await act(ex, taker, build.updateLeverage(1, 5));
    await one(ex, taker, { contractId: 1, isBuy: false, price: '148', size: '6', tif: 'Ioc' });
    await act(ex, taker, build.tpSl({ asset: 1, tp: { triggerPx: '120' }, sl: { triggerPx: '170' } }));
    await act(ex, maker, build.unlockCollateral(1, 0, '100000000'));
    const agent = newKey();
    await act(ex, maker, build.approveAgent(addressOf(agent), 'bot', 0));
    // A funding boundary and a later close of the 1m bar.
    expect((await ex.control({ type: 'advanceTime', ms: 3_600_000 })).status).toBe(200);
    const before = await reads(ex, [maker, taker]);
    const seq = ex.running.core.trading.sequences();
    const replay = { action: build.order([{ contractId: 1, isBuy: true, price: '100', size: '1', tif: 'Gtc' }]), nonce: ex.nextNonce(maker.address) };
    const replayBody = JSON.stringify({ ...replay, signature: signAction(replay.action, replay.nonce, maker.key) });
    expect((await ex.post('/exchange', replayBody)).status).toBe(200);
    const afterReplay = await reads(ex, [maker, taker]);
    const stoppedAt = ex.running.core.clock.now();
    await ex.close();
    if (POSIX) expect(statSync(file).mode & 0o777).toBe(0o600);

    ex = await startTestExchange({ db: file });
    try {
      expect(ex.running.core.clock.now()).toBeGreaterThanOrEqual(stoppedAt);
      expect(await reads(ex, [maker, taker])).toEqual(afterReplay);
      expect(afterReplay).not.toEqual(before);
      ledgerBalances(ex);
      // The same signed request again is a replay.
      const again = (await ex.post('/exchange', replayBody)).body as { response: { data: { statuses: { error?: string }[] } } };
      expect(JSON.stringify(again)).toMatch(/already used|too old/);
      // Ids continue; the book keeps its queue: the bid left at 148 (2 of 3) fills before a new one.
      const fresh = await one(ex, maker, { contractId: 1, isBuy: true, price: '148', size: '1', tif: 'Gtc' });
      expect(oidOf(fresh)).toBeGreaterThan(seq.id);
      const sold = await one(ex, taker, { contractId: 1, isBuy: false, price: '148', size: '1', tif: 'Ioc' });
      expect('filled' in sold).toBe(true);
      const open = (await ex.info<{ oid: number; sz: string }[]>({ type: 'userOrders', user: maker.address, marketDeployerId: 1 })).body;
      const at148 = open.filter((o) => [oidOf(bids[0]!), oidOf(bids[1]!), oidOf(fresh)].includes(o.oid));
      expect(at148.map((o) => [o.oid, o.sz])).toEqual([
        [oidOf(bids[1]!), '1'],
        [oidOf(fresh), '1'],
      ]);
      expect(open.some((o) => o.oid === oidOf(ask))).toBe(true);
      ledgerBalances(ex);
    } finally {
      await ex.close();
    }
  }, 30_000);

  it('keeps the registration credit that was still pending', async () => {
    const file = path.join(tempDir(), 'exchange.sqlite');
    let ex = await startTestExchange({ db: file, creditDelayMs: 60_000 });
    const who = await ex.register();
    await ex.close();
    ex = await startTestExchange({ db: file, creditDelayMs: 60_000 });
    try {
      expect((await ex.control({ type: 'advanceTime', ms: 61_000 })).status).toBe(200);
      const a = (await ex.info<{ chainBalances: { coinId: number; total: string }[] }>({ type: 'userAccount', user: who.address })).body;
      expect(a.chainBalances.find((b) => b.coinId === 0)?.total).toBe('10000000000');
      ledgerBalances(ex);
    } finally {
      await ex.close();
    }
  });

  it('settles funding once for the boundaries that passed while it was down, and says so', async () => {
    const file = path.join(tempDir(), 'exchange.sqlite');
    let ex = await startTestExchange({ db: file });
    const maker = await trader(ex);
    const taker = await trader(ex);
    await one(ex, maker, { contractId: 1, isBuy: true, price: '149', size: '10', tif: 'Gtc' });
    await one(ex, taker, { contractId: 1, isBuy: false, price: '149', size: '10', tif: 'Ioc' });
    await ex.info({ type: 'marketState', contractId: 1 });
    await ex.close();
    // As if the venue had been down for five hours: its schedule lies five boundaries back.
    const db = new Database(file);
    const next = (db.prepare('SELECT next_time FROM funding WHERE contract_id = 1').get() as { next_time: number }).next_time;
    db.prepare('UPDATE funding SET next_time = ? WHERE contract_id = 1').run(next - 5 * 3_600_000);
    db.close();
    const lines: string[] = [];
    ex = await startTestExchange({ db: file, log: (l) => lines.push(l) });
    try {
      expect(lines.join('\n')).toMatch(/funding: 5 interval boundaries of SOL1 passed while the venue was down; settled once/);
      const ms = (await ex.info<{ fundingIndex: string; nextFundingTime: number }>({ type: 'marketState', contractId: 1 })).body;
      expect(ms.nextFundingTime).toBe(next);
      // One settlement at mark = index: 0.00125 %.
      expect(ms.fundingIndex).toBe('0.0000125');
      ledgerBalances(ex);
    } finally {
      await ex.close();
    }
  });

  it('refuses a file of a newer schema, one that fails the ledger check, and a second venue on the same file, changing nothing', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'exchange.sqlite');
    const ex = await startTestExchange({ db: file });
    await trader(ex);
    await expect(startExchange({ db: file, activity: 'off' })).rejects.toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is in use by another perpdesk exchange`));
    await ex.close();

    let db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const newer = sha(file);
    await expect(startExchange({ db: file, activity: 'off' })).rejects.toThrow(new RegExp(`has schema version ${SCHEMA_VERSION + 1}, newer than this perpdesk knows \\(${SCHEMA_VERSION}\\)`));
    expect(sha(file)).toBe(newer);
    expect(existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`).length : 0).toBe(0);

    db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    db.prepare("UPDATE ledger_buckets SET balance = CAST(balance AS INTEGER) + 1 WHERE key = (SELECT key FROM ledger_buckets WHERE key LIKE 'md:%' LIMIT 1)").run();
    db.close();
    const tampered = sha(file);
    const stderr: string[] = [];
    const code = await exchangeMain(['--db', file, '--activity', 'off'], { stdout: () => {}, stderr: (t) => stderr.push(t), stopSignal: () => new Promise(() => {}) });
    expect(code).toBe(1);
    expect(stderr.join('')).toContain(`the exchange state file ${file} fails the ledger check (coin 0: the ledger's buckets add up to`);
    expect(sha(file)).toBe(tampered);

    // --fresh: the old file is kept beside, a new venue starts.
    const aside = moveVenueAside(file);
    expect(aside).toMatch(/exchange\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    expect(sha(aside!)).toBe(tampered);
    const fresh = await startTestExchange({ db: file });
    try {
      expect(fresh.running.core.accounts.size).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it('writes the first page of a new file, in WAL mode, before its first answer: a copy taken as the process would die resumes', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'exchange.sqlite');
    const ex = await startTestExchange({ db: file });
    try {
      // SQLite deletes a write-ahead log found beside an empty file: the first page must be in
      // the file itself, saying WAL, before anything is committed to the log.
      const head = readFileSync(file).subarray(0, 100);
      expect(statSync(file).size).toBeGreaterThanOrEqual(512);
      expect(head.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
      expect([head[18], head[19]]).toEqual([2, 2]);
      expect(existsSync(`${file}-shm`)).toBe(false);
      await expect(startExchange({ db: file, activity: 'off' })).rejects.toThrow(/is in use by another perpdesk exchange/);
      const who = await trader(ex);
      // The file and its log as a SIGKILL would leave them (nothing is checkpointed yet).
      expect(readFileSync(`${file}-wal`).length).toBeGreaterThan(0);
      const copy = path.join(tempDir(), 'exchange.sqlite');
      const { copyFileSync } = await import('node:fs');
      copyFileSync(file, copy);
      copyFileSync(`${file}-wal`, `${copy}-wal`);
      const resumed = await startTestExchange({ db: copy });
      try {
        expect(resumed.running.core.accounts.byAddress(who.address)?.id).toBe(who.accountId);
      } finally {
        await resumed.close();
      }
    } finally {
      await ex.close();
    }
  });

  it('refuses a state file other users can read or that is a symbolic link', async () => {
    if (!POSIX) return;
    const dir = tempDir();
    const file = path.join(dir, 'exchange.sqlite');
    const ex = await startTestExchange({ db: file });
    await ex.close();
    const { chmodSync, symlinkSync } = await import('node:fs');
    chmodSync(file, 0o644);
    await expect(startExchange({ db: file, activity: 'off' })).rejects.toThrow(/open to other users \(mode 644\); run chmod 600/);
    chmodSync(file, 0o600);
    const link = path.join(dir, 'link.sqlite');
    symlinkSync(file, link);
    await expect(startExchange({ db: link, activity: 'off' })).rejects.toThrow(/is a symbolic link/);
  });

  it('takes --db FILE, --db-sync and --fresh on the command line; :memory: stays the default', () => {
    expect(parseExchangeArgs([])).not.toHaveProperty('db');
    expect(parseExchangeArgs(['--db', ':memory:'])).not.toHaveProperty('db');
    expect(parseExchangeArgs(['--db', 'v.sqlite', '--db-sync', 'full', '--fresh'])).toMatchObject({ db: 'v.sqlite', dbSync: 'full', fresh: true });
    expect(() => parseExchangeArgs(['--fresh'])).toThrow(/--fresh needs --db FILE/);
    expect(() => parseExchangeArgs(['--db', 'v.sqlite', '--db-sync', 'sometimes'])).toThrow(/--db-sync expects normal or full/);
  });
});
