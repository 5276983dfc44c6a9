import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalEntry } from '../model/journalEntry.js';
import { formatDecimal } from '../protocol/decimal.js';
import type { Configs, Fill, OrderUpdate } from '../protocol/wire/index.js';
import type { AppState } from '../state/types.js';
import { writeFileAtomicSync } from '../wallet/fsutil.js';
import { collateralCoin, contractById } from '../forms/context.js';
import { JournalFile, journalScopeFilter } from './journalFile.js';
import { prepareStateDir } from './stateDir.js';

/**
 * The journal, the session's fills and its order updates as CSV and JSON files for an
 * auditor or a spreadsheet, written under `<stateDir>/exports/`, 0600 like everything in the
 * state directory. Amounts stay decimal strings end to end (never a float): prices and sizes
 * as the wire sent them, fees and PnL from raw coin units at the coin's decimals. The journal
 * is read as JournalFile reads it: one row per request, its answer with the time it left
 * (`sentTime`), or 'unanswered' when only its sent line was recorded.
 */

export type Cell = string | number | boolean | null | readonly string[];
export type Row = Record<string, Cell>;

export interface ExportedKind {
  kind: 'journal' | 'fills' | 'orders';
  rows: number;
  csv: string;
  json: string;
}

export interface JournalExport {
  dir: string;
  /** Without directory or extension: `journal-20250512-140307`, the same stamp for all three. */
  stamp: string;
  files: ExportedKind[];
  /** Set when the journal file could not be read and this session's entries were written instead. */
  journalNote?: string;
}

/** Every line the journal file holds (both generations); a session keeps only the newest in memory. */
const ALL = Number.MAX_SAFE_INTEGER;

/**
 * What exports may hold in `<stateDir>/exports/`, so that no face (a viewer pressing it in a
 * loop) can fill the operator's disk: at most this many exports (sets of six files) ...
 */
export const MAX_EXPORTS = 20;
/** ... and this many bytes of them together; one export alone is at most MAX_EXPORT_BYTES. */
export const MAX_EXPORTS_BYTES = 256 * 1024 * 1024;
export const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

/** An export refused by the limits above: nothing was written. The message says what to do. */
export class ExportLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportLimitError';
  }
}

const EXPORT_FILE = /^(journal|fills|orders)-(\d{8}-\d{6}(?:-\d+)?)\.(csv|json)$/;

/** The exports already in `dir`: how many (distinct stamps) and their bytes. */
function exportsIn(dir: string): { count: number; bytes: number } {
  const stamps = new Set<string>();
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const m = EXPORT_FILE.exec(name);
    if (!m) continue;
    stamps.add(m[2]!);
    try {
      bytes += statSync(join(dir, name)).size;
    } catch {
      // Removed meanwhile.
    }
  }
  return { count: stamps.size, bytes };
}

const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;

export function exportJournal(stateDir: string, s: AppState, now: number = Date.now()): JournalExport {
  const dir = join(stateDir, 'exports');
  prepareStateDir(dir);
  const held = exportsIn(dir);
  if (held.count >= MAX_EXPORTS) {
    throw new ExportLimitError(`nothing exported: ${dir} already holds ${held.count} exports, the most kept (${MAX_EXPORTS}); move or delete some first`);
  }
  let journal: readonly JournalEntry[];
  let journalNote: string | undefined;
  try {
    // The session's venue and account only (and lines older than the naming of those).
    const scope = s.journal.scope;
    journal = new JournalFile(stateDir).load(ALL, scope ? journalScopeFilter(scope.venue, scope.account) : undefined).entries;
  } catch (e) {
    journal = s.journal.entries;
    journalNote = `journal file not read (${e instanceof Error ? e.message : String(e)}); this session's entries written instead`;
  }
  const configs = s.market.configs;
  const tables: { kind: ExportedKind['kind']; columns: readonly string[]; rows: Row[] }[] = [
    { kind: 'journal', columns: JOURNAL_COLUMNS, rows: journal.map(journalRow) },
    { kind: 'fills', columns: FILL_COLUMNS, rows: s.orders.fills.map((f) => fillRow(f, configs)) },
    { kind: 'orders', columns: ORDER_COLUMNS, rows: s.orders.history.map((u) => orderRow(u, configs)) },
  ];
  // Made whole in memory first (the journal file is bounded by its rotation), measured, then written.
  const texts = tables.map((t) => ({ t, csv: toCsv(t.columns, t.rows), json: `${JSON.stringify(t.rows, null, 2)}\n` }));
  const bytes = texts.reduce((n, x) => n + Buffer.byteLength(x.csv) + Buffer.byteLength(x.json), 0);
  if (bytes > MAX_EXPORT_BYTES) throw new ExportLimitError(`nothing exported: this export would be ${mib(bytes)}, more than the ${mib(MAX_EXPORT_BYTES)} one may take`);
  if (held.bytes + bytes > MAX_EXPORTS_BYTES) {
    throw new ExportLimitError(
      `nothing exported: ${dir} holds ${mib(held.bytes)} of exports and this one is ${mib(bytes)}, past the ${mib(MAX_EXPORTS_BYTES)} kept; move or delete some first`,
    );
  }
  const stamp = freeStamp(dir, now, tables.map((t) => t.kind));
  const files = texts.map(({ t, csv: csvText, json: jsonText }): ExportedKind => {
    const csv = join(dir, `${t.kind}-${stamp}.csv`);
    const json = join(dir, `${t.kind}-${stamp}.json`);
    // Never over an existing file: each export is a record of its own.
    writeFileAtomicSync(csv, csvText, false);
    writeFileAtomicSync(json, jsonText, false);
    return { kind: t.kind, rows: t.rows.length, csv, json };
  });
  const out: JournalExport = { dir, stamp, files };
  if (journalNote !== undefined) out.journalNote = journalNote;
  return out;
}

export const JOURNAL_COLUMNS = [
  'time',
  'timeMs',
  'sentTime',
  'seq',
  'face',
  'action',
  'asked',
  'outcome',
  'detail',
  'errorKind',
  'parentCloid',
  'cloids',
  'signerRole',
  'signer',
  'nonce',
  'requestId',
  'venue',
  'account',
] as const;

export function journalRow(e: JournalEntry): Row {
  return {
    time: iso(e.time),
    timeMs: e.time,
    sentTime: e.sentTime === undefined ? null : iso(e.sentTime),
    seq: e.seq,
    face: e.face ?? null,
    action: e.action,
    asked: e.asked ?? null,
    outcome: e.outcome,
    detail: e.detail,
    errorKind: e.errorKind ?? null,
    parentCloid: e.parentCloid ?? null,
    cloids: e.cloids ?? [],
    signerRole: e.signerRole ?? null,
    signer: e.signer ?? null,
    nonce: e.nonce ?? null,
    requestId: e.requestId ?? null,
    venue: e.venue ?? null,
    account: e.account ?? null,
  } satisfies Record<(typeof JOURNAL_COLUMNS)[number], Cell>;
}

const FILL_COLUMNS = [
  'time',
  'timeMs',
  'contract',
  'contractId',
  'side',
  'price',
  'size',
  'liquidity',
  'fee',
  'closedPnl',
  'coin',
  'liquidation',
  'oid',
  'cloid',
  'tid',
] as const;

export function fillRow(f: Fill, configs: Configs | null): Row {
  return fillRower(configs)(f);
}

/**
 * `fillRow` with the configs looked up once (the coin, each contract's name) instead of per
 * fill: for an export of many fills. The same row as `fillRow` gives.
 */
export function fillRower(configs: Configs | null): (f: Fill) => Row {
  const coin = collateralCoin(configs);
  const names = new Map<number, string | null>();
  const nameOf = (id: number) => {
    let name = names.get(id);
    if (name === undefined) names.set(id, (name = contractById(configs, id)?.name ?? null));
    return name;
  };
  return (f) =>
    ({
      time: iso(f.time),
      timeMs: f.time,
      contract: nameOf(f.contractId),
      contractId: f.contractId,
      side: f.isBuy ? 'buy' : 'sell',
      price: f.px,
      size: f.sz,
      liquidity: f.liquidity,
      fee: coinAmount(f.fee, coin.decimals),
      closedPnl: coinAmount(f.closedPnl, coin.decimals),
      coin: coin.name,
      liquidation: f.liquidation ?? false,
      oid: f.oid,
      cloid: f.cloid ?? null,
      tid: f.tid,
    }) satisfies Record<(typeof FILL_COLUMNS)[number], Cell>;
}

const ORDER_COLUMNS = [
  'time',
  'timeMs',
  'event',
  'status',
  'contract',
  'contractId',
  'side',
  'price',
  'size',
  'origSize',
  'tif',
  'reduceOnly',
  'oid',
  'cloid',
  'triggerId',
  'placed',
] as const;

export function orderRow(u: OrderUpdate, configs: Configs | null): Row {
  const o = u.order;
  return {
    time: iso(u.statusTimestamp),
    timeMs: u.statusTimestamp,
    event: u.event,
    status: u.status,
    contract: contractById(configs, o.asset)?.name ?? null,
    contractId: o.asset,
    side: o.isBuy ? 'buy' : 'sell',
    price: o.limitPx,
    size: o.sz,
    origSize: o.origSz,
    tif: o.tif,
    reduceOnly: o.reduceOnly,
    oid: o.oid,
    cloid: o.cloid ?? null,
    triggerId: u.triggerId ?? null,
    placed: iso(o.timestamp),
  } satisfies Record<(typeof ORDER_COLUMNS)[number], Cell>;
}

/** Raw smallest units to a decimal string of coins; a value that is not an integer stays as sent. */
function coinAmount(raw: string, decimals: number): string {
  return /^-?\d+$/.test(raw) ? formatDecimal(BigInt(raw), decimals) : raw;
}

export function iso(ms: number): string | null {
  // An export writes many times in order, most of them on one day: the day's text is made
  // once, the time of day by arithmetic (a JavaScript day is 86,400,000 ms, no leap seconds).
  if (Number.isInteger(ms) && ms >= 0 && ms < MAX_FOUR_DIGIT_YEAR) {
    const day = Math.floor(ms / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      lastDayText = new Date(day * DAY_MS).toISOString().slice(0, 11);
    }
    let rest = ms - day * DAY_MS;
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const m = Math.floor(rest / 60_000);
    rest -= m * 60_000;
    const sec = Math.floor(rest / 1000);
    const milli = rest - sec * 1000;
    return `${lastDayText}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${sec < 10 ? '0' : ''}${sec}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  }
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: from here on toISOString writes a six-digit year. */
const MAX_FOUR_DIGIT_YEAR = 253_402_300_800_000;
let lastDay = -1;
let lastDayText = '';

/** RFC 4180: CRLF lines, a header, cells quoted when they hold a quote, comma or line break. */
export function toCsv(columns: readonly string[], rows: readonly Row[]): string {
  const lines = [csvHeader(columns)];
  for (const r of rows) lines.push(csvLine(columns, r));
  return `${lines.join('\r\n')}\r\n`;
}

/** The header line: each column's name in its own cell. */
export const csvHeader = (columns: readonly string[]): string => columns.map(csvCell).join(',');

/** One CSV line of `row` without its CRLF, as `toCsv` writes it. */
export function csvLine(columns: readonly string[], row: Row): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) line += (i > 0 ? ',' : '') + csvCell(row[columns[i]!] ?? null);
  return line;
}

/** What `write` of a stream says: false when it wants its 'drain' before more (process.stdout to a pipe or a file). */
interface DrainingWriter {
  write(text: string): unknown;
  once?(event: 'drain', listener: () => void): unknown;
}

const CSV_CHUNK = 64 * 1024;

/**
 * `toCsv` of `rows` written to `out` in chunks of about 64 KB as the rows come (from a
 * database cursor, say): never the whole text in memory, and waiting for the stream's
 * 'drain' when it asks to. The bytes are those `toCsv` gives for the same rows.
 */
export async function writeCsv(out: DrainingWriter, columns: readonly string[], rows: Iterable<Row>): Promise<void> {
  await writeChunked(out, csvHeader(columns), rows, (r) => csvLine(columns, r), '\r\n');
}

/** Each of `rows` as a line after `head`, each line ended by `end`, written in chunks of about 64 KB, waiting for 'drain' when asked. */
export async function writeChunked<T>(out: DrainingWriter, head: string | undefined, rows: Iterable<T>, line: (row: T) => string, end = '\n'): Promise<void> {
  let chunk = head === undefined ? '' : head + end;
  for (const r of rows) {
    chunk += line(r) + end;
    if (chunk.length >= CSV_CHUNK) {
      const ok = out.write(chunk);
      chunk = '';
      if (ok === false && out.once) await new Promise<void>((resolve) => out.once!('drain', resolve));
    }
  }
  if (chunk.length > 0) out.write(chunk);
}

export function csvCell(v: Cell): string {
  // An integer (written without an exponent) or a boolean has nothing to quote or guard: as the text path would give it, sooner.
  if (typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 1e21)) return String(v);
  let text = v === null ? '' : Array.isArray(v) ? v.join(' ') : String(v);
  // A spreadsheet runs a cell starting with = + - @ as a formula: words from the exchange must
  // stay words. A number keeps its minus sign.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Local time, as on screen: YYYYMMDD-HHMMSS, with -2, -3 ... when that second is taken. */
function freeStamp(dir: string, now: number, kinds: readonly string[]): string {
  const d = new Date(now);
  const two = (n: number) => String(n).padStart(2, '0');
  const base = `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
  for (let n = 1; ; n++) {
    const stamp = n === 1 ? base : `${base}-${n}`;
    if (!kinds.some((k) => existsSync(join(dir, `${k}-${stamp}.csv`)) || existsSync(join(dir, `${k}-${stamp}.json`)))) return stamp;
  }
}
