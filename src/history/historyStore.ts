/**
 * The trading memory of one account on one venue (issue 35): every fill, every order's
 * lifecycle, the account's equity and balance sampled while perpdesk runs, the funding
 * payments derived from those samples, and the runs of the writers that recorded them
 * (gaps are their complement). One SQLite file per venue and account, through better-sqlite3
 * (synchronous, as the exchange's own venue file), WAL, decimals as TEXT (never a float).
 *
 * Several processes may write one file at once (a dashboard and a command, two SSH faces of
 * serve on one account): SQLite's own file locks let one writer at a time in, the others
 * wait up to `busy_timeout`; a fill is keyed by (tid, oid) and an order event by what it
 * says, inserted with INSERT OR IGNORE, so what two writers both saw is stored once.
 *
 * The caller checks the file's permissions before opening it (session/historyRecorder.ts);
 * SQLite creates the -wal and -shm files with the database file's mode (0600).
 */
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import type { Configs, Fill, OrderUpdate } from '../protocol/wire/index.js';
import { gapsBetween, type Gap, type Run } from './gaps.js';
import { deriveFunding, type FundingContract, type FundingPayment, type FundingWindow, type Sample } from './funding.js';

export type { Gap, Sample, FundingContract };

/** Whose memory this is: the venue (`embedded`, or the deployment's REST URL) and the account, lowercase. */
export interface HistoryScope {
  venue: string;
  account: string;
}

/** A period asked for: exchange times in ms, both optional, `contractId` optional. */
export interface HistoryQuery {
  since?: number;
  until?: number;
  contractId?: number;
}

export type FillSource = 'stream' | 'snapshot';

export interface StoredFill extends Fill {
  /** How it arrived: live on the stream, or in the snapshot a subscribe brings (a gap filled). */
  source: FillSource;
}

export interface StoredOrderEvent {
  time: number;
  oid: number;
  cloid: string | null;
  contractId: number;
  /** The exchange's event (new, partialFill, fill, cancel, modify, reject, ...) or 'lookup' / 'open' for a state read back. */
  event: string;
  status: string;
  isBuy: boolean;
  limitPx: string;
  sz: string;
  origSz: string;
  tif: string;
  reduceOnly: boolean;
  placed: number;
  triggerId: number | null;
  /**
   * stream: an orderUpdates message; open: the open orders read at a start; lookup:
   * ordersByCloids for the journal's orders; answer: an order the exchange refused (oid 0,
   * as asked, at the exchange time estimated from the last sample).
   */
  source: 'stream' | 'open' | 'lookup' | 'answer';
}

/**
 * A funding payment derived (funding.ts: `time` the window's last funding time, `intervals`
 * how many it held, `size` signed, several space-separated when it changed between them,
 * `mark` the last seen before, `rate` the index's change, `derived` raw units signed, null
 * when it cannot be), with the window between two samples it was seen across.
 */
export interface StoredFunding extends FundingPayment {
  windowFrom: number;
  windowTo: number;
}

export interface StoredWindow {
  from: number;
  to: number;
  /** Sum of the window's derived payments (raw units); null when any could not be derived. */
  derived: string | null;
  /** What the balances say: their change minus the fills' realised PnL and fees in the window. */
  observed: string;
  /** True when the window held a funding time; false: a balance change no fill or funding explains (a transfer). */
  funding: boolean;
}

export interface StoredSession {
  id: number;
  face: string | null;
  pid: number;
  started: number;
  lastSeen: number;
  /** Set by a clean close; null for a run that ended abruptly (its lastSeen is when it was last heard of). */
  ended: number | null;
}

export interface StoredSample {
  time: number;
  reason: string;
  equity: string;
  balance: string;
  sessionId: number | null;
}

export interface PnlSummary {
  since: number | null;
  until: number | null;
  fills: number;
  /** Raw collateral units, decimal strings. */
  realisedPnl: string;
  fees: string;
  funding: string;
  fundingDerived: string | null;
  /** Balance changes in the period no fill or funding explains (collateral moved in or out). */
  other: string;
  /** Balance at the first and last sample of the period, and their difference. */
  balanceStart: string | null;
  balanceEnd: string | null;
  balanceChange: string | null;
  gaps: Gap[];
}

const SCHEMA_VERSION = 2;

/**
 * The fills by time, every column in the index: an export reads the period in order off the
 * index alone (no sort, no step from the index to the table), and the screens' counts and
 * totals of a period scan it. Its first columns are the order every fill read asks for.
 */
const FILLS_BY_TIME = 'CREATE INDEX IF NOT EXISTS fills_by_time ON fills (time, tid, oid, contract_id, cloid, is_buy, px, sz, liquidity, fee, closed_pnl, liquidation, source)';

/** The steps from version n to n + 1 (MIGRATIONS[n - 1]), each in its own transaction: a file made by an older perpdesk is brought up to date by a writer. */
const MIGRATIONS: readonly string[] = [
  // 1 -> 2: the covering index of fills by time replaces the one on time alone.
  `${FILLS_BY_TIME}; DROP INDEX IF EXISTS fills_time;`,
];

/**
 * better-sqlite3 (a native binding, ~8 ms to load) is loaded when a store is first opened,
 * not when the session module is: a one-off command that records nothing never pays for it.
 */
let sqlite: typeof Database | undefined;
const loadSqlite = (): typeof Database => (sqlite ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database);

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  face TEXT,
  pid INTEGER NOT NULL,
  started INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  ended INTEGER
);
CREATE TABLE fills (
  tid INTEGER NOT NULL,
  oid INTEGER NOT NULL,
  contract_id INTEGER NOT NULL,
  cloid TEXT,
  time INTEGER NOT NULL,
  is_buy INTEGER NOT NULL,
  px TEXT NOT NULL,
  sz TEXT NOT NULL,
  liquidity TEXT NOT NULL,
  fee TEXT NOT NULL,
  closed_pnl TEXT NOT NULL,
  liquidation INTEGER NOT NULL,
  source TEXT NOT NULL,
  UNIQUE (tid, oid)
);
${FILLS_BY_TIME};
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY,
  time INTEGER NOT NULL,
  oid INTEGER NOT NULL,
  cloid TEXT,
  contract_id INTEGER NOT NULL,
  event TEXT NOT NULL,
  status TEXT NOT NULL,
  is_buy INTEGER NOT NULL,
  limit_px TEXT NOT NULL,
  sz TEXT NOT NULL,
  orig_sz TEXT NOT NULL,
  tif TEXT NOT NULL,
  reduce_only INTEGER NOT NULL,
  placed INTEGER NOT NULL,
  trigger_id INTEGER,
  source TEXT NOT NULL,
  UNIQUE (oid, event, status, time, sz, limit_px)
);
CREATE INDEX order_events_time ON order_events (time);
CREATE TABLE samples (
  id INTEGER PRIMARY KEY,
  time INTEGER NOT NULL,
  reason TEXT NOT NULL,
  equity TEXT NOT NULL,
  balance TEXT NOT NULL,
  markets TEXT NOT NULL,
  session_id INTEGER
);
CREATE INDEX samples_time ON samples (time);
CREATE TABLE funding_windows (
  id INTEGER PRIMARY KEY,
  from_time INTEGER NOT NULL,
  to_time INTEGER NOT NULL,
  derived TEXT,
  observed TEXT NOT NULL,
  funding INTEGER NOT NULL,
  UNIQUE (from_time, to_time)
);
CREATE TABLE funding (
  contract_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  intervals INTEGER NOT NULL,
  size TEXT NOT NULL,
  mark TEXT,
  rate TEXT NOT NULL,
  derived TEXT,
  window_from INTEGER NOT NULL,
  window_to INTEGER NOT NULL,
  UNIQUE (contract_id, time)
);
`;

/** The file was made for another venue or account, or by a newer perpdesk: refused, left as it is. */
export class HistoryFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryFileError';
  }
}

interface FillRow {
  tid: number;
  oid: number;
  contract_id: number;
  cloid: string | null;
  time: number;
  is_buy: number;
  px: string;
  sz: string;
  liquidity: 'maker' | 'taker';
  fee: string;
  closed_pnl: string;
  liquidation: number;
  source: FillSource;
}

/** A fill as `iterateFillRows` reads it: the columns of FILL_FIELDS in order. */
export type RawFill = [tid: number, oid: number, contractId: number, cloid: string | null, time: number, isBuy: number, px: string, sz: string, liquidity: 'maker' | 'taker', fee: string, closedPnl: string, liquidation: number, source: FillSource];
const FILL_FIELDS = 'tid, oid, contract_id, cloid, time, is_buy, px, sz, liquidity, fee, closed_pnl, liquidation, source';

const fillOf = (r: FillRow): StoredFill => ({
  contractId: r.contract_id,
  oid: r.oid,
  ...(r.cloid !== null ? { cloid: r.cloid } : {}),
  tid: r.tid,
  px: r.px,
  sz: r.sz,
  isBuy: r.is_buy === 1,
  time: r.time,
  liquidity: r.liquidity,
  fee: r.fee,
  closedPnl: r.closed_pnl,
  ...(r.liquidation === 1 ? { liquidation: true } : {}),
  source: r.source,
});

/** ` AND time >= ? AND time <= ? AND contract_id = ?` for the parts of `q` given. */
function where(q: HistoryQuery, timeColumn = 'time', contract = true): { sql: string; args: number[] } {
  const parts: string[] = [];
  const args: number[] = [];
  if (q.since !== undefined) {
    parts.push(`${timeColumn} >= ?`);
    args.push(q.since);
  }
  if (q.until !== undefined) {
    parts.push(`${timeColumn} <= ?`);
    args.push(q.until);
  }
  if (contract && q.contractId !== undefined) {
    parts.push('contract_id = ?');
    args.push(q.contractId);
  }
  return { sql: parts.length ? ` WHERE ${parts.join(' AND ')}` : '', args };
}

/** `q` ending at `before` too (the earlier of the two). */
const upTo = (q: HistoryQuery, before: number | undefined): HistoryQuery => (before === undefined ? q : { ...q, until: Math.min(q.until ?? before, before) });

export interface OpenHistoryOptions {
  /** How long a writer waits for another process's write to finish (default 5 s). */
  busyTimeoutMs?: number;
  /** Opened to read only (the command line): nothing is created or written. */
  readonly?: boolean;
  /** better-sqlite3's compiled addon, when the caller knows where it is: no search for it (its `nativeBinding`). */
  sqliteAddon?: string;
}

/** Brings a file of an older schema up to SCHEMA_VERSION, a step a transaction (another process may be doing the same: each step re-reads the version inside its own). */
function migrate(db: Database.Database): void {
  for (;;) {
    const done = db.transaction(() => {
      const v = db.pragma('user_version', { simple: true }) as number;
      if (v >= SCHEMA_VERSION) return true;
      db.exec(MIGRATIONS[v - 1]!);
      db.pragma(`user_version = ${v + 1}`);
      return false;
    }).immediate();
    if (done) return;
  }
}

export class HistoryStore {
  private readonly db: Database.Database;

  private constructor(
    readonly file: string,
    db: Database.Database,
  ) {
    this.db = db;
  }

  /**
   * Opens (creating when missing, unless read-only) the file of `scope`. A file that names
   * another venue or account, or a newer schema, is refused and left alone.
   */
  static open(file: string, scope: HistoryScope, o: OpenHistoryOptions = {}): HistoryStore {
    const db = new (loadSqlite())(file, {
      readonly: o.readonly === true,
      fileMustExist: o.readonly === true,
      timeout: o.busyTimeoutMs ?? 5_000,
      ...(o.sqliteAddon !== undefined ? { nativeBinding: o.sqliteAddon } : {}),
    });
    try {
      if (!o.readonly) {
        if ((db.pragma('journal_mode', { simple: true }) as string) !== 'wal') db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
      }
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION) throw new HistoryFileError(`the history file ${file} has schema version ${version}, newer than this perpdesk knows (${SCHEMA_VERSION}); it is left as it is`);
      if (version === 0 && !o.readonly) {
        db.transaction(() => {
          // Two processes may create it at once: the second finds it made inside its own transaction.
          if ((db.pragma('user_version', { simple: true }) as number) !== 0) return;
          db.exec(SCHEMA);
          const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
          put.run('venue', scope.venue);
          put.run('account', scope.account);
          db.pragma(`user_version = ${SCHEMA_VERSION}`);
        }).immediate();
      } else if (version < SCHEMA_VERSION && !o.readonly) migrate(db);
      const meta = new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
      if (meta.get('venue') !== scope.venue || meta.get('account') !== scope.account) {
        throw new HistoryFileError(
          `the history file ${file} holds ${meta.get('account') ?? '?'} on ${meta.get('venue') ?? '?'}, not ${scope.account} on ${scope.venue}; it is left as it is`,
        );
      }
      return new HistoryStore(file, db);
    } catch (e) {
      db.close();
      throw e;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** The exchange's configs as a run last read them: names, scales and coin decimals for reading the store without the exchange. */
  saveConfigs(configs: Configs): void {
    this.db.prepare("INSERT INTO meta (key, value) VALUES ('configs', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(JSON.stringify(configs));
  }

  configs(): Configs | null {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'configs'").get() as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Configs) : null;
  }

  // ---- runs ----

  beginSession(face: string | undefined, time: number, pid = process.pid): number {
    const r = this.db.prepare('INSERT INTO sessions (face, pid, started, last_seen) VALUES (?, ?, ?, ?)').run(face ?? null, pid, time, time);
    return Number(r.lastInsertRowid);
  }

  /** The run was alive at `time` (never moves back). */
  touchSession(id: number, time: number): void {
    this.db.prepare('UPDATE sessions SET last_seen = max(last_seen, ?) WHERE id = ?').run(time, id);
  }

  endSession(id: number, time: number): void {
    this.db.prepare('UPDATE sessions SET last_seen = max(last_seen, ?), ended = max(last_seen, ?) WHERE id = ?').run(time, time, id);
  }

  sessions(): StoredSession[] {
    return (this.db.prepare('SELECT id, face, pid, started, last_seen, ended FROM sessions ORDER BY started, id').all() as {
      id: number;
      face: string | null;
      pid: number;
      started: number;
      last_seen: number;
      ended: number | null;
    }[]).map((r) => ({ id: r.id, face: r.face, pid: r.pid, started: r.started, lastSeen: r.last_seen, ended: r.ended }));
  }

  /**
   * The periods no writer recorded, within [since, until] (each default: the first run's
   * start and the last run's last-seen): the complement of the runs.
   */
  gaps(q: HistoryQuery = {}): Gap[] {
    const runs: Run[] = this.sessions().map((s) => ({ from: s.started, to: s.lastSeen }));
    return gapsBetween(runs, q.since, q.until);
  }

  // ---- fills and orders ----

  /** Inserts the fills not stored yet; returns those that were new. */
  addFills(fills: readonly Fill[], source: FillSource): Fill[] {
    const put = this.db.prepare(
      `INSERT OR IGNORE INTO fills (tid, oid, contract_id, cloid, time, is_buy, px, sz, liquidity, fee, closed_pnl, liquidation, source)
       VALUES (@tid, @oid, @contractId, @cloid, @time, @isBuy, @px, @sz, @liquidity, @fee, @closedPnl, @liquidation, @source)`,
    );
    const added: Fill[] = [];
    this.db.transaction(() => {
      for (const f of fills) {
        const r = put.run({ ...f, cloid: f.cloid ?? null, isBuy: f.isBuy ? 1 : 0, liquidation: f.liquidation ? 1 : 0, source });
        if (r.changes > 0) added.push(f);
      }
    }).immediate();
    return added;
  }

  fills(q: HistoryQuery = {}): StoredFill[] {
    const w = where(q);
    return (this.db.prepare(`SELECT * FROM fills${w.sql} ORDER BY time, tid, oid`).all(...w.args) as FillRow[]).map(fillOf);
  }

  /**
   * The fills of `fills(q)`, in its order, one at a time off a cursor: an export of 100,000
   * writes each as it is read and keeps none. The connection is busy until the iteration ends
   * (or is left early, which closes the cursor): read anything else first.
   */
  *iterateFills(q: HistoryQuery = {}): Generator<StoredFill, void, undefined> {
    for (const [tid, oid, contractId, cloid, time, isBuy, px, sz, liquidity, fee, closedPnl, liquidation, source] of this.iterateFillRows(q)) {
      // What fillOf makes of the row (cloid and liquidation set after, not spread in: two objects fewer a row).
      const f: StoredFill = { contractId, oid, tid, px, sz, isBuy: isBuy === 1, time, liquidity, fee, closedPnl, source };
      if (cloid !== null) f.cloid = cloid;
      if (liquidation === 1) f.liquidation = true;
      yield f;
    }
  }

  /**
   * The rows of `iterateFills(q)` as SQLite hands them over (the columns of RawFill: arrays,
   * not objects with named keys, which better-sqlite3 makes in about 60 % of the time), off
   * the covering index `fills_by_time`: for an export that writes each as it is read.
   * The connection is busy until the iteration ends, as with iterateFills.
   */
  iterateFillRows(q: HistoryQuery = {}): IterableIterator<RawFill> {
    const w = where(q);
    return this.db.prepare(`SELECT ${FILL_FIELDS} FROM fills${w.sql} ORDER BY time, tid, oid`).raw().iterate(...w.args) as IterableIterator<RawFill>;
  }

  addOrderEvents(updates: readonly OrderUpdate[], source: StoredOrderEvent['source'], event?: string): number {
    const put = this.db.prepare(
      `INSERT OR IGNORE INTO order_events (time, oid, cloid, contract_id, event, status, is_buy, limit_px, sz, orig_sz, tif, reduce_only, placed, trigger_id, source)
       VALUES (@time, @oid, @cloid, @contractId, @event, @status, @isBuy, @limitPx, @sz, @origSz, @tif, @reduceOnly, @placed, @triggerId, @source)`,
    );
    let added = 0;
    this.db.transaction(() => {
      for (const u of updates) {
        const o = u.order;
        added += put.run({
          time: u.statusTimestamp,
          oid: o.oid,
          cloid: o.cloid ?? null,
          contractId: o.asset,
          event: event ?? u.event,
          status: u.status,
          isBuy: o.isBuy ? 1 : 0,
          limitPx: o.limitPx,
          sz: o.sz,
          origSz: o.origSz,
          tif: o.tif,
          reduceOnly: o.reduceOnly ? 1 : 0,
          placed: o.timestamp,
          triggerId: u.triggerId ?? null,
          source,
        }).changes;
      }
    }).immediate();
    return added;
  }

  orders(q: HistoryQuery & { ids?: readonly number[] } = {}): StoredOrderEvent[] {
    const w = where(q);
    const ids = q.ids === undefined ? undefined : q.ids.map((id) => Math.trunc(id)).join(',');
    const sql = ids === undefined ? w.sql : w.sql ? `${w.sql} AND id IN (${ids})` : ` WHERE id IN (${ids})`;
    const rows = this.db.prepare(`SELECT * FROM order_events${sql} ORDER BY time, id`).all(...w.args) as Record<string, unknown>[];
    return rows.map((r) => ({
      time: r.time as number,
      oid: r.oid as number,
      cloid: r.cloid as string | null,
      contractId: r.contract_id as number,
      event: r.event as string,
      status: r.status as string,
      isBuy: r.is_buy === 1,
      limitPx: r.limit_px as string,
      sz: r.sz as string,
      origSz: r.orig_sz as string,
      tif: r.tif as string,
      reduceOnly: r.reduce_only === 1,
      placed: r.placed as number,
      triggerId: r.trigger_id as number | null,
      source: r.source as StoredOrderEvent['source'],
    }));
  }

  // ---- samples and funding ----

  /**
   * Stores a sample of the account (equity, balance, positions, each contract's mark and
   * funding index) and derives the funding paid or received since the previous one, from any
   * run, checked against the balances (funding.ts).
   */
  addSample(s: Sample, reason: string, sessionId: number | undefined, contracts: ReadonlyMap<number, FundingContract>): FundingWindow | undefined {
    let window: FundingWindow | undefined;
    this.db.transaction(() => {
      const prevRow = this.db.prepare('SELECT time, balance, markets FROM samples WHERE time <= ? ORDER BY time DESC, id DESC LIMIT 1').get(s.time) as
        | { time: number; balance: string; markets: string }
        | undefined;
      this.db
        .prepare('INSERT INTO samples (time, reason, equity, balance, markets, session_id) VALUES (?, ?, ?, ?, ?, ?)')
        .run(s.time, reason, s.equity, s.balance, JSON.stringify(s.markets), sessionId ?? null);
      if (!prevRow || prevRow.time === s.time) return;
      const prev: Sample = { time: prevRow.time, equity: '0', balance: prevRow.balance, markets: JSON.parse(prevRow.markets) as Sample['markets'] };
      const fills = this.fills({ since: prev.time + 1, until: s.time });
      window = deriveFunding(prev, s, fills, contracts);
      if (!window) return;
      const w = this.db
        .prepare('INSERT OR IGNORE INTO funding_windows (from_time, to_time, derived, observed, funding) VALUES (?, ?, ?, ?, ?)')
        .run(window.from, window.to, window.derived, window.observed, window.fundingTime ? 1 : 0);
      if (w.changes === 0) return;
      const put = this.db.prepare(
        'INSERT OR IGNORE INTO funding (contract_id, time, intervals, size, mark, rate, derived, window_from, window_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      for (const p of window.payments) put.run(p.contractId, p.time, p.intervals, p.size, p.mark, p.rate, p.derived, window.from, window.to);
    }).immediate();
    return window;
  }

  samples(q: HistoryQuery = {}): StoredSample[] {
    const w = where(q, 'time', false);
    return (this.db.prepare(`SELECT time, reason, equity, balance, session_id FROM samples${w.sql} ORDER BY time, id`).all(...w.args) as {
      time: number;
      reason: string;
      equity: string;
      balance: string;
      session_id: number | null;
    }[]).map((r) => ({ time: r.time, reason: r.reason, equity: r.equity, balance: r.balance, sessionId: r.session_id }));
  }

  funding(q: HistoryQuery = {}): StoredFunding[] {
    const w = where(q);
    return (this.db.prepare(`SELECT * FROM funding${w.sql} ORDER BY time, contract_id`).all(...w.args) as Record<string, unknown>[]).map((r) => ({
      contractId: r.contract_id as number,
      time: r.time as number,
      intervals: r.intervals as number,
      size: r.size as string,
      mark: r.mark as string | null,
      rate: r.rate as string,
      derived: r.derived as string | null,
      windowFrom: r.window_from as number,
      windowTo: r.window_to as number,
    }));
  }

  /** The windows between samples whose balance change fills do not explain, ending in [since, until]. */
  windows(q: HistoryQuery = {}): StoredWindow[] {
    const w = where(q, 'to_time', false);
    return (this.db.prepare(`SELECT * FROM funding_windows${w.sql} ORDER BY from_time`).all(...w.args) as Record<string, unknown>[]).map((r) => ({
      from: r.from_time as number,
      to: r.to_time as number,
      derived: r.derived as string | null,
      observed: r.observed as string,
      funding: r.funding === 1,
    }));
  }

  // ---- bounded reads, for the screens ----

  /** The latest time the store knows of (a sample's or a fill's), in exchange ms. */
  latestTime(): number | undefined {
    const r = this.db.prepare('SELECT max(t) AS t FROM (SELECT max(time) AS t FROM samples UNION ALL SELECT max(time) FROM fills)').get() as { t: number | null };
    return r.t ?? undefined;
  }

  /** The newest `limit` fills of the period at or before `before` (a window further back; the newest without), newest first, and how many the period holds. */
  recentFills(q: HistoryQuery, limit: number, before?: number): { rows: StoredFill[]; count: number } {
    const w = where(q);
    const count = (this.db.prepare(`SELECT count(*) AS n FROM fills${w.sql}`).get(...w.args) as { n: number }).n;
    const r = where(upTo(q, before));
    const rows = (this.db.prepare(`SELECT * FROM fills${r.sql} ORDER BY time DESC, tid DESC, oid DESC LIMIT ?`).all(...r.args, limit) as FillRow[]).map(fillOf);
    return { rows, count };
  }

  /** The newest `limit` order events of the period at or before `before`, newest first, and how many the period holds. */
  recentOrders(q: HistoryQuery, limit: number, before?: number): { rows: StoredOrderEvent[]; count: number } {
    const w = where(q);
    const count = (this.db.prepare(`SELECT count(*) AS n FROM order_events${w.sql}`).get(...w.args) as { n: number }).n;
    const r = where(upTo(q, before));
    const ids = (this.db.prepare(`SELECT id FROM order_events${r.sql} ORDER BY time DESC, id DESC LIMIT ?`).pluck().all(...r.args, limit) as number[]);
    if (ids.length === 0) return { rows: [], count };
    const rows = this.orders({ ...q, since: undefined, until: undefined, contractId: undefined, ids });
    return { rows: rows.reverse(), count };
  }

  /**
   * The time of the `n`th fill (or order event) of the period after `time`, oldest first:
   * where a window that ends `n` rows newer than `time` ends. Undefined when fewer follow.
   */
  timeAfter(table: 'fills' | 'orders', q: HistoryQuery, time: number, n: number): number | undefined {
    const w = where({ ...q, since: Math.max(q.since ?? time + 1, time + 1) });
    const name = table === 'fills' ? 'fills' : 'order_events';
    return (this.db.prepare(`SELECT time FROM ${name}${w.sql} ORDER BY time LIMIT 1 OFFSET ?`).pluck().get(...w.args, Math.max(0, n - 1)) as number | undefined) ?? undefined;
  }

  /** The latest sample's time, exchange ms. */
  lastSampleTime(): number | undefined {
    return (this.db.prepare('SELECT time FROM samples ORDER BY time DESC LIMIT 1').pluck().get() as number | undefined) ?? undefined;
  }

  /** The newest fill's row id (fills are only ever added: a row id bounds what a read has seen). */
  lastFillRow(): number {
    return (this.db.prepare('SELECT max(rowid) FROM fills').pluck().get() as number | null) ?? 0;
  }

  /**
   * Realised PnL and fees per contract (raw units, bigint) of the period's fills whose row id
   * is in (after, upTo]: a screen adds what came since its last read and takes off what left
   * its period, instead of summing every fill again. Summed by SQLite in 64-bit integers,
   * exact (the amounts are the wire's raw integers; SUM fails on an overflow rather than
   * round, and the rows are then summed here in bigint).
   */
  fillTotals(q: HistoryQuery, rows: { after?: number; upTo?: number } = {}): Map<number, { realised: bigint; fees: bigint; fills: number }> {
    const w = where(q);
    const parts = [w.sql ? w.sql.slice(' WHERE '.length) : '', rows.after !== undefined ? 'rowid > ?' : '', rows.upTo !== undefined ? 'rowid <= ?' : ''].filter((x) => x !== '');
    const sql = parts.length ? ` WHERE ${parts.join(' AND ')}` : '';
    const args = [...w.args, ...(rows.after !== undefined ? [rows.after] : []), ...(rows.upTo !== undefined ? [rows.upTo] : [])];
    const out = new Map<number, { realised: bigint; fees: bigint; fills: number }>();
    try {
      const sums = this.db
        .prepare(`SELECT contract_id, SUM(CAST(closed_pnl AS INTEGER)), SUM(CAST(fee AS INTEGER)), count(*) FROM fills${sql} GROUP BY contract_id`)
        .raw()
        .safeIntegers()
        .all(...args) as [bigint, bigint | null, bigint | null, bigint][];
      for (const [id, pnl, fee, n] of sums) out.set(Number(id), { realised: pnl ?? 0n, fees: fee ?? 0n, fills: Number(n) });
      return out;
    } catch {
      // An integer overflow: summed below in bigint.
      out.clear();
    }
    for (const [contractId, pnl, fee] of this.db.prepare(`SELECT contract_id, closed_pnl, fee FROM fills${sql}`).raw().iterate(...args) as IterableIterator<[number, string, string]>) {
      let t = out.get(contractId);
      if (!t) out.set(contractId, (t = { realised: 0n, fees: 0n, fills: 0 }));
      t.realised += BigInt(pnl);
      t.fees += BigInt(fee);
      t.fills++;
    }
    return out;
  }

  /**
   * The equity curve of the period in at most about `points` points: the last sample of
   * each of `points` equal spans of time (all of them when there are fewer).
   */
  equityCurve(q: HistoryQuery, points: number): { time: number; equity: string }[] {
    const w = where(q, 'time', false);
    // Two queries: each is one step down the time index (min and max together would scan).
    const lo = this.db.prepare(`SELECT time FROM samples${w.sql} ORDER BY time LIMIT 1`).pluck().get(...w.args) as number | undefined;
    const hi = this.db.prepare(`SELECT time FROM samples${w.sql} ORDER BY time DESC LIMIT 1`).pluck().get(...w.args) as number | undefined;
    if (lo === undefined || hi === undefined) return [];
    const span = { lo, hi };
    const bucket = Math.max(1, Math.ceil((span.hi - span.lo + 1) / Math.max(1, points)));
    // SQLite gives a bare column the values of the row max() picked: each span's last sample.
    return this.db
      .prepare(`SELECT max(time) AS time, equity FROM samples${w.sql} GROUP BY (time - ?) / ? ORDER BY time`)
      .all(...w.args, span.lo, bucket) as { time: number; equity: string }[];
  }

  /**
   * Realised PnL, fees and funding over [since, until] (fills by their time, funding and
   * other balance changes by the end of their window), beside the balance change between
   * the period's first and last samples: over a period that starts and ends at a sample, the
   * first three (and `other`) add up to the last exactly.
   */
  pnl(q: HistoryQuery = {}): PnlSummary {
    const fills = this.fills({ ...q, contractId: undefined });
    let realised = 0n;
    let fees = 0n;
    for (const f of fills) {
      realised += BigInt(f.closedPnl);
      fees += BigInt(f.fee);
    }
    const samples = this.samples(q);
    const windows = this.windows(q).filter((w) => samples.length > 0 && w.from >= samples[0]!.time);
    let funding = 0n;
    let derived: bigint | null = 0n;
    let other = 0n;
    for (const w of windows) {
      if (w.funding) {
        funding += BigInt(w.observed);
        derived = derived === null || w.derived === null ? null : derived + BigInt(w.derived);
      } else other += BigInt(w.observed);
    }
    const first = samples[0];
    const last = samples[samples.length - 1];
    return {
      since: q.since ?? null,
      until: q.until ?? null,
      fills: fills.length,
      realisedPnl: realised.toString(),
      fees: fees.toString(),
      funding: funding.toString(),
      fundingDerived: derived === null ? null : derived.toString(),
      other: other.toString(),
      balanceStart: first?.balance ?? null,
      balanceEnd: last?.balance ?? null,
      balanceChange: first && last ? (BigInt(last.balance) - BigInt(first.balance)).toString() : null,
      gaps: this.gaps(q),
    };
  }
}
