/**
 * The venue in one SQLite file (better-sqlite3: synchronous, so it fits the exchange's
 * one-writer, never-await design). The exchange keeps working on memory; this loads the
 * memory from the file at start and, at each commit, writes what VenueChanges names in one
 * transaction. The book is not stored: it is rebuilt from the open orders in queue order.
 *
 * WAL mode, exclusive locking (one venue process per file: a second one is refused, and
 * no shared-memory index is needed), synchronous=NORMAL by default: a committed request
 * survives the exchange process dying at any point (SIGKILL included); an operating-system
 * crash or power cut may lose the last commits but never tears the file. `full` syncs the
 * WAL on every commit, for those who want that too.
 */
import { lstatSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { CandleInterval, Fill } from '../../protocol/wire/index.js';
import { Clock } from '../clock.js';
import { coinOfBucket } from '../ledger.js';
import type { RawCandle } from '../market/candles.js';
import type { AgentRecord, AgentSlot } from '../state/agents.js';
import type { ExchangeState } from '../state/exchangeState.js';
import type { PendingCredit } from '../credits.js';
import type { OrderRecord } from '../trading/types.js';
import { migrate, schemaVersion } from './migrate.js';
import { SCHEMA_VERSION } from './migrations/index.js';
import type { ExchangePersistence } from './persistence.js';
import {
  decodeAccount,
  decodeCandle,
  decodeOrder,
  decodePosition,
  decodeTrigger,
  encodeAccount,
  encodeCandle,
  encodeOrder,
  encodePosition,
  encodeTrigger,
  type AccountRow,
} from './rowCodec.js';
import { TrackedAccountStore, TrackedAgentStore, TrackedInviteCodeStore, TrackedLedger, TrackedNonceWindow } from './trackedStores.js';
import { VenueChanges } from './venueChanges.js';
import { VenueFileError } from './venueFileError.js';
import { moveVenueAside } from './moveVenueAside.js';
import { withSqliteAddon } from './sqliteAddon.js';
import { VenueOwner } from './venueOwner.js';

/** Nonces kept per signer in the file (the issue's "highest 100"); the memory keeps more while running. */
const STORED_NONCES_PER_SIGNER = 100;
const STORED_FILLS_PER_ACCOUNT = 200;
/** Rows a signer's nonces or an account's fills may grow by before their oldest are deleted. */
const PRUNE_EVERY = 64;
/**
 * Ids are reserved in blocks: the file records the end of the block, a restart continues
 * after it, so a request that takes an id does not also rewrite the sequence row.
 */
const ID_BLOCK = 4096;
/** The stored exchange time is refreshed at most this often (and at close, and on advanceTime). */
const CLOCK_WRITE_MS = 1000;
/** Closed bars per interval, as the candle aggregator keeps (the live ones sit in the markets row). */
const STORED_BARS_PER_INTERVAL = 2000;

export type VenueSync = 'normal' | 'full';

export interface OpenVenueOptions {
  /** The seed of a new venue; a stored venue keeps its own. */
  seed: number;
  /** Names the market the venue trades (contract ids and names); a stored venue must match. */
  market: string;
  synchronous?: VenueSync;
  /** The time source of the venue's clock (tests); default Date.now. */
  now?: () => number;
  /**
   * `--fresh`: once the venue is this process's own (VenueOwner), move the file aside
   * (moveVenueAside) and start a new venue in its place.
   */
  fresh?: boolean;
}

export interface OpenedVenue {
  persistence: SqliteVenue;
  stores: {
    ledger: TrackedLedger;
    accounts: TrackedAccountStore;
    agents: TrackedAgentStore;
    invites: TrackedInviteCodeStore;
    nonces: TrackedNonceWindow;
  };
  seed: number;
  clock: Clock;
  restored: boolean;
  /** With `fresh`: where the old venue was moved (undefined when there was none). */
  movedAside?: string;
}

function sqliteCode(e: unknown): string | undefined {
  return (e as { code?: unknown }).code as string | undefined;
}

/**
 * A SQLite error met while reading a venue file (a damaged page, a missing table) as the
 * refusal it is: which file, what SQLite said, and what to do. Other errors are returned as they are.
 */
export function venueReadError(file: string, e: unknown): unknown {
  if (e instanceof VenueFileError) return e;
  const code = sqliteCode(e);
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return e;
  const what = e instanceof Error ? e.message : code;
  const damaged = code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
  return new VenueFileError(
    damaged
      ? `the exchange state file ${file} is damaged (${what}); the file is left as it is: move it aside, or start a new venue with --fresh (the file is kept)`
      : `the exchange state file ${file} cannot be read as a perpdesk venue (${what}, ${code}); the file is left as it is: move it aside, or start a new venue with --fresh`,
  );
}

/**
 * Why a file beside the venue (its directory, its write-ahead log) is not safe to use, or
 * undefined. SQLite replays a `-wal` it finds as part of the database: one another user wrote
 * (or could write) would change the venue, so it is held to the main file's rules; and a
 * directory others may write to lets them plant one (or swap the file) before a start.
 */
function companionRefusal(file: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const dir = dirname(file);
  let d;
  try {
    d = statSync(dir);
  } catch (e) {
    return `cannot read the directory ${dir} of the exchange state file ${file}: ${(e as NodeJS.ErrnoException).code}`;
  }
  if (uid !== undefined && d.uid !== uid && d.uid !== 0) return `the directory ${dir} of the exchange state file ${file} belongs to another user (uid ${d.uid})`;
  if ((d.mode & 0o022) !== 0) {
    return `the directory ${dir} of the exchange state file ${file} is writable by other users (mode ${(d.mode & 0o777).toString(8)}), who could plant a write-ahead log in it; run chmod go-w ${dir} or keep the file elsewhere`;
  }
  for (const suffix of ['-wal', '-shm', '-journal']) {
    const companion = file + suffix;
    let st;
    try {
      st = lstatSync(companion);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return `cannot read ${companion}: ${(e as NodeJS.ErrnoException).code}`;
    }
    if (st.isSymbolicLink()) return `${companion}, beside the exchange state file, is a symbolic link; refusing to follow it`;
    if (!st.isFile()) return `${companion}, beside the exchange state file, is not a regular file`;
    if (uid !== undefined && st.uid !== uid) return `${companion}, the write-ahead log of the exchange state file, belongs to another user (uid ${st.uid}); SQLite would replay it into the venue`;
    if ((st.mode & 0o077) !== 0) return `${companion}, the write-ahead log of the exchange state file, is open to other users (mode ${(st.mode & 0o777).toString(8)}); run chmod 600 ${companion}`;
  }
  return undefined;
}

/** A new file is created empty with mode 0600; an existing one must be ours, regular and private. */
function checkFile(file: string): boolean {
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new VenueFileError(`cannot read the exchange state file ${file}: ${(e as NodeJS.ErrnoException).code}`);
    try {
      writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
    } catch (e2) {
      throw new VenueFileError(`cannot create the exchange state file ${file}: ${(e2 as NodeJS.ErrnoException).code}`);
    }
    return false;
  }
  if (st.isSymbolicLink()) throw new VenueFileError(`the exchange state file ${file} is a symbolic link; refusing to follow it`);
  if (!st.isFile()) throw new VenueFileError(`the exchange state file ${file} is not a regular file`);
  if (process.platform !== 'win32') {
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) throw new VenueFileError(`the exchange state file ${file} belongs to another user`);
    if ((st.mode & 0o077) !== 0) throw new VenueFileError(`the exchange state file ${file} is open to other users (mode ${(st.mode & 0o777).toString(8)}); run chmod 600 ${file}`);
  }
  return st.size > 0;
}

/**
 * `created`: the file was created empty just now (checkFile). Its first page is then written
 * once, by the switch to WAL, rather than first by the exclusive transaction and again by the
 * switch: the same journaled, fsynced write SQLite makes either way, 6 fsyncs before the first
 * answer instead of 10 (docs/performance.md, issue 34).
 */
function openDatabase(file: string, synchronous: VenueSync, created: boolean): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(file, withSqliteAddon({ fileMustExist: true, timeout: 0 }));
  } catch (e) {
    throw new VenueFileError(`cannot open the exchange state file ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    // Exclusive before the first access in WAL mode: no shared-memory index, and a second
    // process on the same file is refused instead of writing beside this one. On a new file
    // the switch to WAL is that first write, and takes the lock the transaction then holds.
    db.pragma('locking_mode = EXCLUSIVE');
    if (created) db.pragma('journal_mode = WAL');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    const mode = db.pragma('journal_mode', { simple: true }) as string;
    if (mode !== 'wal') db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    db.pragma('wal_autocheckpoint = 8192');
    return db;
  } catch (e) {
    db.close();
    const code = sqliteCode(e);
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') throw new VenueFileError(`the exchange state file ${file} is in use by another perpdesk exchange`);
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new VenueFileError(`the exchange state file ${file} is not a perpdesk exchange database (${e instanceof Error ? e.message : code}); the file is left as it is`);
    throw new VenueFileError(`cannot open the exchange state file ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function readMeta(db: Database.Database): Map<string, string> {
  if (schemaVersion(db) < 1) return new Map();
  return new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
}

/** The ledger invariant on the stored rows: per coin, the buckets add up to what was minted. */
function ledgerCheck(db: Database.Database): string | undefined {
  if (schemaVersion(db) < 1) return undefined;
  const sums = new Map<number, bigint>();
  for (const r of db.prepare('SELECT key, balance FROM ledger_buckets').all() as { key: string; balance: string }[]) {
    const coin = coinOfBucket(r.key);
    sums.set(coin, (sums.get(coin) ?? 0n) + BigInt(r.balance));
  }
  const minted = new Map((db.prepare('SELECT coin, amount FROM ledger_minted').all() as { coin: number; amount: string }[]).map((r) => [r.coin, BigInt(r.amount)]));
  for (const coin of new Set([...sums.keys(), ...minted.keys()])) {
    const sum = sums.get(coin) ?? 0n;
    const made = minted.get(coin) ?? 0n;
    if (sum !== made) return `coin ${coin}: the ledger's buckets add up to ${sum} but ${made} was minted`;
  }
  return undefined;
}

/**
 * Opens (or creates) the venue file, checks it and loads the stores. Refuses, with a
 * message naming the file and without writing to it, a file of a newer schema, one whose
 * ledger does not balance, one made for another market, or one in use by another process.
 */
export function openVenue(file: string, opts: OpenVenueOptions): OpenedVenue {
  // Its directory and write-ahead log first (an owner file is created in that directory), then
  // the owner: nothing is moved, created or opened on a venue another process has open.
  const companion = companionRefusal(file);
  if (companion) throw new VenueFileError(`${companion}; nothing was opened or changed`);
  const owner = VenueOwner.acquire(file);
  let db: Database.Database | undefined;
  try {
    let movedAside: string | undefined;
    if (opts.fresh) {
      try {
        movedAside = moveVenueAside(file);
      } catch (e) {
        throw new VenueFileError(`--fresh: cannot move the exchange state file ${file} aside: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
    }
    const existed = checkFile(file);
    db = openDatabase(file, opts.synchronous ?? 'normal', !existed);
    const version = schemaVersion(db);
    if (version > SCHEMA_VERSION) {
      throw new VenueFileError(
        `the exchange state file ${file} has schema version ${version}, newer than this perpdesk knows (${SCHEMA_VERSION}); run a newer perpdesk on it, or start a new venue with --fresh (the file is kept)`,
      );
    }
    const meta = readMeta(db);
    const failed = ledgerCheck(db);
    if (failed) throw new VenueFileError(`the exchange state file ${file} fails the ledger check (${failed}); the file is left as it is: move it aside or start a new venue with --fresh`);
    const storedMarket = meta.get('market');
    if (storedMarket !== undefined && storedMarket !== opts.market) {
      throw new VenueFileError(`the exchange state file ${file} holds a venue of another market (${storedMarket}); start it with the same --contracts, or start a new venue with --fresh`);
    }
    migrate(db);
    const restored = existed && meta.has('seed');
    const seed = restored ? Number(meta.get('seed')) : opts.seed;
    const storedTime = Number(meta.get('clock_time') ?? 0);
    const storedOffset = Number(meta.get('clock_offset') ?? 0);
    const now = opts.now ?? Date.now;
    // Exchange time never runs backwards: it resumes at least where it stopped, keeps any
    // advanceTime offset, and otherwise follows the wall clock (downtime passes).
    const offset = Math.max(storedOffset, storedTime - now(), 0);
    const clock = new Clock(now, offset);
    const changes = new VenueChanges();
    const stores = {
      ledger: new TrackedLedger(changes, () => clock.now()),
      accounts: new TrackedAccountStore(changes),
      agents: new TrackedAgentStore(changes),
      invites: new TrackedInviteCodeStore(changes, seed),
      nonces: new TrackedNonceWindow(changes),
    };
    const venue = new SqliteVenue(db, file, changes, restored, meta, { seed, market: opts.market }, owner);
    if (restored) {
      venue.prune();
      venue.loadStores(stores);
    }
    return { persistence: venue, stores, seed, clock, restored, ...(movedAside !== undefined ? { movedAside } : {}) };
  } catch (e) {
    db?.close();
    owner.release();
    throw venueReadError(file, e);
  }
}

type Stmt = Database.Statement;

export class SqliteVenue implements ExchangePersistence {
  private state: ExchangeState | undefined;
  private readonly s: Record<string, Stmt>;
  private readonly writeTx: () => void;
  private closed = false;
  private identityWritten = false;
  /** What the meta rows hold, so a commit writes only those that moved. */
  private readonly written = new Map<string, string>();
  /** Holding rows as last written: touching a holding without changing it writes nothing. */
  private readonly holdingRows = new Map<string, string>();
  private readonly sinceNoncePrune = new Map<string, number>();
  private readonly sinceFillPrune = new Map<number, number>();
  private reservedId = 0;
  private reservedTid = 0;
  private clockWrittenAt = -Infinity;

  constructor(
    private readonly db: Database.Database,
    readonly file: string,
    private readonly changes: VenueChanges,
    readonly restored: boolean,
    private readonly meta: ReadonlyMap<string, string>,
    private readonly identity: { seed: number; market: string },
    /** Released when the file is closed. */
    private readonly owner?: VenueOwner,
  ) {
    const p = (sql: string): Stmt => db.prepare(sql);
    this.s = {
      meta: p('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      bucketSet: p('INSERT INTO ledger_buckets (key, balance) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET balance = excluded.balance'),
      bucketDel: p('DELETE FROM ledger_buckets WHERE key = ?'),
      minted: p('INSERT INTO ledger_minted (coin, amount) VALUES (?, ?) ON CONFLICT (coin) DO UPDATE SET amount = excluded.amount'),
      account: p(
        `INSERT INTO accounts (id, address, kind, created_at, margin_share_type, position_mode, enrolled, fee_overrides, vault)
         VALUES (@id, @address, @kind, @created_at, @margin_share_type, @position_mode, @enrolled, @fee_overrides, @vault)
         ON CONFLICT (id) DO UPDATE SET margin_share_type = excluded.margin_share_type, position_mode = excluded.position_mode,
           enrolled = excluded.enrolled, fee_overrides = excluded.fee_overrides, vault = excluded.vault`,
      ),
      agentsDel: p('DELETE FROM agents WHERE master_id = ?'),
      agent: p('INSERT INTO agents (master_id, position, address, name, valid_until, slot, approved_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      invite: p('INSERT INTO invite_codes (code, used) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET used = excluded.used'),
      nonce: p('INSERT OR IGNORE INTO nonces (signer, nonce) VALUES (?, ?)'),
      noncePrune: p(
        `DELETE FROM nonces WHERE signer = :key AND nonce < (SELECT nonce FROM nonces WHERE signer = :key ORDER BY nonce DESC LIMIT 1 OFFSET ${STORED_NONCES_PER_SIGNER - 1})`,
      ),
      creditsDel: p('DELETE FROM pending_credits'),
      credit: p('INSERT INTO pending_credits (account_id, due_at) VALUES (?, ?)'),
      holding: p(
        `INSERT INTO holdings (account_id, contract_id, leverage, margin_mode, long_position, short_position) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, contract_id) DO UPDATE SET leverage = excluded.leverage, margin_mode = excluded.margin_mode,
           long_position = excluded.long_position, short_position = excluded.short_position`,
      ),
      holdingDel: p('DELETE FROM holdings WHERE account_id = ? AND contract_id = ?'),
      order: p('INSERT INTO orders (oid, account_id, book_seq, record) VALUES (?, ?, ?, ?) ON CONFLICT (oid) DO UPDATE SET book_seq = excluded.book_seq, record = excluded.record'),
      orderDel: p('DELETE FROM orders WHERE oid = ?'),
      trigger: p('INSERT INTO triggers (id, record) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record'),
      triggerDel: p('DELETE FROM triggers WHERE id = ?'),
      fill: p('INSERT INTO fills (account_id, fill) VALUES (?, ?)'),
      fillPrune: p(
        `DELETE FROM fills WHERE account_id = :key AND seq < (SELECT seq FROM fills WHERE account_id = :key ORDER BY seq DESC LIMIT 1 OFFSET ${STORED_FILLS_PER_ACCOUNT - 1})`,
      ),
      candle: p('INSERT INTO candles (contract_id, interval, t, bar) VALUES (?, ?, ?, ?) ON CONFLICT (contract_id, interval, t) DO UPDATE SET bar = excluded.bar'),
      candlesDel: p('DELETE FROM candles WHERE contract_id = ? AND interval = ?'),
      market: p(
        `INSERT INTO markets (contract_id, index_px, last_px, history_time, history_px, history_merged, live_bars) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (contract_id) DO UPDATE SET index_px = excluded.index_px, last_px = excluded.last_px,
           history_time = excluded.history_time, history_px = excluded.history_px, history_merged = excluded.history_merged,
           live_bars = excluded.live_bars`,
      ),
      funding: p('INSERT INTO funding (contract_id, next_time, cumulative) VALUES (?, ?, ?) ON CONFLICT (contract_id) DO UPDATE SET next_time = excluded.next_time, cumulative = excluded.cumulative'),
    };
    this.writeTx = db.transaction(() => this.write());
  }

  /** Accounts, agents, invite codes, nonces and the ledger, into the stores the core is built on. */
  loadStores(stores: OpenedVenue['stores']): void {
    const db = this.db;
    for (const r of db.prepare('SELECT * FROM accounts ORDER BY id').all() as AccountRow[]) stores.accounts.restore(decodeAccount(r));
    type AgentRow = { master_id: number; address: string; name: string; valid_until: number; slot: string; approved_at: number };
    const byMaster = new Map<number, AgentRecord[]>();
    for (const r of db.prepare('SELECT * FROM agents ORDER BY master_id, position').all() as AgentRow[]) {
      let list = byMaster.get(r.master_id);
      if (!list) byMaster.set(r.master_id, (list = []));
      list.push({ address: r.address as AgentRecord['address'], name: r.name, validUntil: r.valid_until, slot: r.slot as AgentSlot, approvedAt: r.approved_at });
    }
    for (const [master, records] of byMaster) stores.agents.restore(master, records);
    for (const r of db.prepare('SELECT code, used FROM invite_codes').all() as { code: string; used: number }[]) stores.invites.restore(r.code, r.used !== 0);
    const bySigner = new Map<string, number[]>();
    for (const r of db.prepare('SELECT signer, nonce FROM nonces').all() as { signer: string; nonce: number }[]) {
      let list = bySigner.get(r.signer);
      if (!list) bySigner.set(r.signer, (list = []));
      list.push(r.nonce);
    }
    for (const [signer, list] of bySigner) stores.nonces.restore(signer, list, list.length < STORED_NONCES_PER_SIGNER);
    stores.ledger.restore(
      (db.prepare('SELECT key, balance FROM ledger_buckets').all() as { key: string; balance: string }[]).map((r) => [r.key, BigInt(r.balance)]),
      (db.prepare('SELECT coin, amount FROM ledger_minted').all() as { coin: number; amount: string }[]).map((r) => [r.coin, BigInt(r.amount)]),
    );
  }

  attach(state: ExchangeState, log: (line: string) => void): void {
    this.state = state;
    const t = state.trading;
    const changes = this.changes;
    if (this.restored) this.loadTrading(state);
    t.setJournal(changes);
    t.funding.onChange = (id) => changes.mark(changes.funding, id);
    state.indexPrices.onChange((id) => changes.mark(changes.markets, id));
    state.credits.onChange = () => {
      changes.credits = true;
      changes.dirty = true;
    };
    state.clock.onAdvance(() => {
      changes.clock = true;
      changes.dirty = true;
    });
    // Restoring may have paid credits that fell due while the venue was down.
    changes.credits = true;
    changes.dirty = true;
    if (this.restored) {
      const now = state.clock.now();
      const missed = t.run(() => t.funding.resume(now));
      for (const [contractId, n] of missed) {
        const name = state.config.contract(contractId)?.name ?? String(contractId);
        log(`funding: ${n} interval boundar${n === 1 ? 'y' : 'ies'} of ${name} passed while the venue was down; settled once at the stored mark and index`);
      }
    } else {
      // Everything the constructor made (operators, invite codes) and the venue's identity.
      for (const c of state.config.contracts.values()) changes.mark(changes.markets, c.contractId);
    }
    this.commit();
  }

  commit(): void {
    if (!this.changes.dirty || this.closed) return;
    try {
      this.writeTx();
    } catch (e) {
      // The caches may claim rows the rollback undid: forget them, so the next commit writes all.
      this.written.clear();
      this.holdingRows.clear();
      this.reservedId = 0;
      this.reservedTid = 0;
      this.clockWrittenAt = -Infinity;
      throw e;
    }
    this.identityWritten = true;
    this.changes.clear();
  }

  close(): void {
    if (this.closed) return;
    try {
      this.changes.clock = true;
      this.changes.dirty = true;
      this.commit();
    } finally {
      this.closed = true;
      this.db.close();
      this.owner?.release();
    }
  }

  private loadTrading(state: ExchangeState): void {
    const db = this.db;
    const t = state.trading;
    type MarketRow = {
      contract_id: number;
      index_px: string | null;
      last_px: string | null;
      history_time: number | null;
      history_px: string | null;
      history_merged: string;
      live_bars: string;
    };
    const merged = new Map<number, Set<string>>();
    const liveBars = new Map<string, RawCandle>();
    const clock = Number(this.meta.get('clock_time') ?? 0);
    for (const r of db.prepare('SELECT * FROM markets').all() as MarketRow[]) {
      if (r.index_px !== null) state.indexPrices.restore(r.contract_id, BigInt(r.index_px));
      const m = t.market(r.contract_id);
      if (!m) continue;
      const anchor = r.history_time !== null && r.history_px !== null ? { time: r.history_time, px: BigInt(r.history_px) } : undefined;
      m.restore(anchor, r.last_px === null ? undefined : BigInt(r.last_px));
      merged.set(r.contract_id, new Set(JSON.parse(r.history_merged) as string[]));
      for (const [interval, bar] of JSON.parse(r.live_bars) as [string, unknown][]) liveBars.set(`${r.contract_id}:${interval}`, decodeCandle(JSON.stringify(bar)));
    }
    const series = new Map<string, { closed: RawCandle[]; contractId: number; interval: CandleInterval }>();
    for (const r of db.prepare('SELECT contract_id, interval, bar FROM candles ORDER BY contract_id, interval, t').all() as { contract_id: number; interval: CandleInterval; bar: string }[]) {
      const key = `${r.contract_id}:${r.interval}`;
      let s = series.get(key);
      if (!s) series.set(key, (s = { closed: [], contractId: r.contract_id, interval: r.interval }));
      s.closed.push(decodeCandle(r.bar));
    }
    for (const key of liveBars.keys()) {
      const [contractId, interval] = key.split(':') as [string, CandleInterval];
      if (!series.has(key)) series.set(key, { closed: [], contractId: Number(contractId), interval });
    }
    for (const [key, s] of series) {
      const m = t.market(s.contractId);
      if (!m) continue;
      m.candles.restore(s.interval, s.closed, liveBars.get(key), merged.get(s.contractId)?.has(s.interval) ?? false, clock);
    }

    type HoldingRow = { account_id: number; contract_id: number; leverage: number; margin_mode: string; long_position: string | null; short_position: string | null };
    for (const r of db.prepare('SELECT * FROM holdings').all() as HoldingRow[]) {
      this.holdingRows.set(`${r.account_id}:${r.contract_id}`, `${r.leverage}|${r.margin_mode}|${r.long_position}|${r.short_position}`);
      const h = t.holdings.ensure(r.account_id, r.contract_id);
      h.leverage = r.leverage;
      h.marginMode = r.margin_mode as typeof h.marginMode;
      t.holdings.setPosition(h, 'long', decodePosition(r.long_position));
      t.holdings.setPosition(h, 'short', decodePosition(r.short_position));
    }
    const open: [number, OrderRecord][] = [];
    for (const r of db.prepare('SELECT book_seq, record FROM orders ORDER BY oid').all() as { book_seq: number | null; record: string }[]) {
      const o = decodeOrder(r.record);
      t.orders.add(o);
      if (o.status === 'open') open.push([r.book_seq ?? 0, o]);
    }
    open.sort((a, b) => a[0] - b[0]);
    for (const [seq, o] of open) {
      const m = t.market(o.contractId);
      if (!m) throw new VenueFileError(`the exchange state file ${this.file} has an open order ${o.oid} on unknown contract ${o.contractId}`);
      m.book.restore({
        oid: o.oid,
        owner: String(o.accountId),
        isBuy: o.isBuy,
        px: o.px,
        sz: o.remaining,
        origSz: o.origSz,
        filled: o.filled,
        tif: o.tif === 'Alo' ? 'Alo' : 'Gtc',
        reduceOnly: o.reduceOnly,
        cloid: o.cloid,
        time: o.timestamp,
        seq,
      });
      t.holdings.countOrder(t.holdings.ensure(o.accountId, o.contractId), o, 1);
    }
    for (const r of db.prepare('SELECT record FROM triggers ORDER BY id').all() as { record: string }[]) {
      const trig = decodeTrigger(r.record);
      t.triggers.add(trig);
      t.holdings.ensure(trig.accountId, trig.contractId).triggers++;
    }
    const fills = new Map<number, Fill[]>();
    for (const r of db.prepare('SELECT account_id, fill FROM fills ORDER BY seq').all() as { account_id: number; fill: string }[]) {
      let list = fills.get(r.account_id);
      if (!list) fills.set(r.account_id, (list = []));
      list.push(JSON.parse(r.fill) as Fill);
    }
    for (const [accountId, list] of fills) t.events.restoreFills(accountId, list);
    for (const r of db.prepare('SELECT * FROM funding').all() as { contract_id: number; next_time: number | null; cumulative: string }[]) {
      t.funding.restore({ contractId: r.contract_id, nextTime: r.next_time ?? undefined, cumulative: BigInt(r.cumulative) });
    }
    this.reservedId = Number(this.meta.get('id_seq') ?? 0);
    this.reservedTid = Number(this.meta.get('tid_seq') ?? 0);
    t.restoreSequences(this.reservedId, this.reservedTid);
    const credits = db.prepare('SELECT account_id, due_at FROM pending_credits').all() as { account_id: number; due_at: number }[];
    state.credits.restore(credits.map((c): PendingCredit => ({ accountId: c.account_id, dueAt: c.due_at })));
  }

  private write(): void {
    const state = this.state;
    if (!state) return;
    const { s, changes } = this;
    const t = state.trading;
    const seq = t.sequences();
    const meta = (key: string, value: string): void => {
      if (this.written.get(key) === value) return;
      s.meta!.run(key, value);
      this.written.set(key, value);
    };
    if (!this.identityWritten) {
      meta('seed', String(this.identity.seed));
      meta('market', this.identity.market);
    }
    const now = state.clock.now();
    if (changes.clock || now - this.clockWrittenAt >= CLOCK_WRITE_MS) {
      meta('clock_time', String(now));
      meta('clock_offset', String(state.clock.offset));
      this.clockWrittenAt = now;
    }
    if (seq.id > this.reservedId) {
      this.reservedId = seq.id + ID_BLOCK;
      meta('id_seq', String(this.reservedId));
    }
    if (seq.tid > this.reservedTid) {
      this.reservedTid = seq.tid + ID_BLOCK;
      meta('tid_seq', String(this.reservedTid));
    }

    const ledger = state.ledger;
    for (const key of changes.buckets) {
      const v = ledger.balance(key);
      if (v === 0n) s.bucketDel!.run(key);
      else s.bucketSet!.run(key, v.toString());
    }
    for (const coin of changes.minted) s.minted!.run(coin, ledger.totalMinted(coin).toString());
    for (const id of changes.accounts) {
      const a = state.accounts.byId(id);
      if (a) s.account!.run(encodeAccount(a));
    }
    for (const master of changes.agentMasters) {
      s.agentsDel!.run(master);
      state.agents.list(master).forEach((r, i) => s.agent!.run(master, i, r.address, r.name, r.validUntil, r.slot, r.approvedAt));
    }
    for (const code of changes.invites) {
      const st = state.invites.state(code);
      if (st !== 'unknown') s.invite!.run(code, st === 'used' ? 1 : 0);
    }
    if (changes.nonces.length > 0) {
      const signers = new Set<string>();
      for (const [signer, nonce] of changes.nonces) {
        s.nonce!.run(signer, nonce);
        signers.add(signer);
      }
      for (const signer of signers) {
        const n = (this.sinceNoncePrune.get(signer) ?? 0) + 1;
        this.sinceNoncePrune.set(signer, n >= PRUNE_EVERY ? 0 : n);
        if (n >= PRUNE_EVERY) s.noncePrune!.run({ key: signer });
      }
    }
    if (changes.credits) {
      s.creditsDel!.run();
      for (const c of state.credits.pendingCredits()) s.credit!.run(c.accountId, c.dueAt);
    }

    for (const [key, [accountId, contractId]] of changes.holdings) {
      const h = t.holdings.get(accountId, contractId);
      // Only settings and positions are stored; orders and triggers bring their holding back.
      const plain = !h || (!h.long && !h.short && h.leverage === t.holdings.blank(accountId, contractId).leverage && h.marginMode === 'cross');
      const long = plain ? null : encodePosition(h.long);
      const short = plain ? null : encodePosition(h.short);
      const row = plain ? '' : `${h.leverage}|${h.marginMode}|${long}|${short}`;
      if ((this.holdingRows.get(key) ?? '') === row) continue;
      if (plain) {
        s.holdingDel!.run(accountId, contractId);
        this.holdingRows.delete(key);
      } else {
        s.holding!.run(accountId, contractId, h.leverage, h.marginMode, long, short);
        this.holdingRows.set(key, row);
      }
    }
    const dropped = new Set(changes.droppedOrders);
    for (const o of changes.orders.values()) {
      if (dropped.has(o.oid)) continue;
      const bookSeq = o.status === 'open' ? (t.market(o.contractId)?.book.get(o.oid)?.seq ?? null) : null;
      s.order!.run(o.oid, o.accountId, bookSeq, encodeOrder(o));
    }
    for (const oid of dropped) s.orderDel!.run(oid);
    for (const [trig, live] of changes.triggers.values()) {
      if (live && t.triggers.get(trig.id)) s.trigger!.run(trig.id, encodeTrigger(trig));
      else s.triggerDel!.run(trig.id);
    }
    if (changes.fills.length > 0) {
      const accounts = new Set<number>();
      for (const [accountId, fill] of changes.fills) {
        s.fill!.run(accountId, JSON.stringify(fill));
        accounts.add(accountId);
      }
      for (const accountId of accounts) {
        const n = (this.sinceFillPrune.get(accountId) ?? 0) + 1;
        this.sinceFillPrune.set(accountId, n >= PRUNE_EVERY ? 0 : n);
        if (n >= PRUNE_EVERY) s.fillPrune!.run({ key: accountId });
      }
    }
    for (const [contractId, interval] of changes.mergedSeries.values()) {
      const bars = t.market(contractId)?.candles.bars(interval);
      if (!bars) continue;
      s.candlesDel!.run(contractId, interval);
      for (const b of bars.closed) s.candle!.run(contractId, interval, b.t, encodeCandle(b));
    }
    for (const [contractId, interval, bar] of changes.candles.values()) {
      if (changes.mergedSeries.has(`${contractId}:${interval}`)) continue;
      s.candle!.run(contractId, interval, bar.t, encodeCandle(bar));
    }
    for (const contractId of changes.markets) {
      const m = t.market(contractId);
      const index = state.indexPrices.get(contractId);
      const p = m?.persisted();
      s.market!.run(
        contractId,
        index?.toString() ?? null,
        p?.lastPx?.toString() ?? null,
        p?.anchor?.time ?? null,
        p?.anchor?.px.toString() ?? null,
        JSON.stringify(p?.anchor && m ? m.candles.mergedIntervals() : []),
        `[${(m?.candles.liveBars() ?? []).map(([interval, bar]) => `[${JSON.stringify(interval)},${encodeCandle(bar)}]`).join(',')}]`,
      );
    }
    for (const contractId of changes.funding) {
      const f = t.funding.state(contractId);
      s.funding!.run(contractId, f.nextTime ?? null, f.cumulative.toString());
    }
  }

  /** Rows beyond what a restart needs: bars past the aggregator's cap, older nonces and fills (start-up housekeeping). */
  prune(): void {
    this.db.exec(`
      DELETE FROM nonces WHERE (signer, nonce) IN (
        SELECT signer, nonce FROM (SELECT signer, nonce, ROW_NUMBER() OVER (PARTITION BY signer ORDER BY nonce DESC) AS r FROM nonces) WHERE r > ${STORED_NONCES_PER_SIGNER});
      DELETE FROM fills WHERE seq IN (
        SELECT seq FROM (SELECT seq, ROW_NUMBER() OVER (PARTITION BY account_id ORDER BY seq DESC) AS r FROM fills) WHERE r > ${STORED_FILLS_PER_ACCOUNT});
    `);
    this.pruneCandles();
  }

  private pruneCandles(): void {
    const series = this.db.prepare('SELECT DISTINCT contract_id, interval FROM candles').all() as { contract_id: number; interval: string }[];
    const prune = this.db.prepare(
      `DELETE FROM candles WHERE contract_id = :c AND interval = :i AND t < (SELECT t FROM candles WHERE contract_id = :c AND interval = :i ORDER BY t DESC LIMIT 1 OFFSET ${STORED_BARS_PER_INTERVAL - 1})`,
    );
    this.db.transaction(() => {
      for (const r of series) prune.run({ c: r.contract_id, i: r.interval });
    })();
  }
}
