import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { collateralCoin, contractById } from '../forms/context.js';
import { EMBEDDED_VENUE, historyFileSegments, venueOfUrl } from '../history/historyPath.js';
import type { Gap, HistoryQuery, HistoryScope, HistoryStore, RawFill, StoredFill } from '../history/historyStore.js';
import { parseTimeBound } from '../history/timeBound.js';
import { formatDecimal } from '../protocol/decimal.js';
import type { Configs, OrderUpdate } from '../protocol/wire/index.js';
import { openHistoryFile } from '../session/historyRecorder.js';
import { JournalFile, journalScopeFilter } from '../session/journalFile.js';
import { csvCell, csvHeader, csvLine, fillRower, iso, JOURNAL_COLUMNS, journalRow, orderRow, toCsv, writeChunked, writeCsv, type Row } from '../session/journalExport.js';
import type { CommandRun, CommandSpec } from './commandSpec.js';
import { addressWithoutPassword, demoAddress, hasKeyFlag } from './connect.js';
import { CommandError, EXIT } from './exitCodes.js';
import { toJson, type CommandOutput } from './output.js';

/**
 * `perpdesk history fills|orders|funding|pnl`: the history store of the account on the venue
 * (docs/history.md), read from the state directory without asking the exchange. Tables for
 * a person, one JSON document for scripts, `--ndjson` one row a line, `--csv` RFC 4180.
 * The periods no perpdesk recorded are shown with every answer: as `gaps` in JSON, as
 * `gap` rows in CSV and NDJSON, as lines under a table.
 */

const usage = (message: string) => new CommandError(EXIT.usage, message);

const OPTIONS = {
  since: { type: 'string' },
  until: { type: 'string' },
  csv: { type: 'boolean', default: false },
  ndjson: { type: 'boolean', default: false },
} as const;

const USAGE = '[--since T] [--until T] [--contract NAME] [--csv|--ndjson]';

const OPTION_HELP = {
  since: 'from this time: 90s, 15m, 4h, 1d, 2w back from now, or an ISO time (2026-05-12, 2026-05-12T14:03:07Z)',
  until: 'up to this time, as --since',
  csv: 'RFC 4180 CSV (decimals as written, gaps as rows of kind gap)',
  ndjson: 'one JSON object a line (gaps as lines of kind gap)',
};

/** The venue and account a history read is about: --url's deployment (or the config's), else the embedded exchange; --vault, --address, a key flag, else the demo account. */
async function scopeOf(r: CommandRun): Promise<HistoryScope> {
  const url = r.args.url ?? r.config.url;
  const venue = url !== undefined ? venueOfUrl(url) : EMBEDDED_VENUE;
  // Acting for a vault, the session watches (and records) the vault's account.
  let account = (r.args.vault ?? r.args.address)?.toLowerCase();
  if (account === undefined) account = hasKeyFlag(r) ? await addressWithoutPassword(r) : url === undefined ? await demoAddress(r.stateDir) : undefined;
  if (account === undefined) throw usage('history: name the account: --address 0x... or a key flag');
  return { venue, account };
}

function queryOf(r: CommandRun, configs: Configs | null): HistoryQuery {
  const q: HistoryQuery = {};
  const now = Date.now();
  for (const name of ['since', 'until'] as const) {
    const text = r.options[name];
    if (typeof text !== 'string') continue;
    const t = parseTimeBound(text, now);
    if (t === undefined) throw usage(`--${name} must be a time back from now (90s, 15m, 4h, 1d, 2w) or an ISO time (2026-05-12T14:03:07Z)`);
    q[name] = t;
  }
  const name = r.args.contract;
  if (name !== undefined) {
    const c = configs?.contracts.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!c) throw usage(`--contract ${name}: no such contract in the history's configs (${configs?.contracts.map((x) => x.name).join(', ') || 'none recorded'})`);
    q.contractId = c.contractId;
  }
  return q;
}

const gapRow = (g: Gap): Row => ({ kind: 'gap', time: iso(g.from), timeMs: g.from, until: iso(g.to), untilMs: g.to, note: `not recorded from ${iso(g.from)} to ${iso(g.to)}` });

const Gaps = v.array(v.object({ from: v.number(), to: v.number(), note: v.string() }));
/** One row per record, its columns as in CSV: decimals as strings, times as ISO text beside milliseconds. */
const documentOf = (columns: readonly string[]) =>
  v.object({ venue: v.string(), account: v.string(), file: v.string(), rows: v.array(v.object(Object.fromEntries(columns.map((c) => [c, v.unknown()])))), gaps: Gaps });
const PNL_FIELDS = ['kind', 'since', 'until', 'fills', 'realisedPnl', 'fees', 'funding', 'fundingDerived', 'other', 'balanceStart', 'balanceEnd', 'balanceChange', 'coin'];
const PnlDocument = v.object({ venue: v.string(), account: v.string(), file: v.string(), coin: v.string(), pnl: v.object(Object.fromEntries(PNL_FIELDS.map((c) => [c, v.unknown()]))), gaps: Gaps });

interface Kind {
  verb: 'fills' | 'orders' | 'funding';
  summary: string;
  columns: readonly string[];
  /** Every row, read at once: for the table and the JSON document. */
  rows(store: HistoryStore, q: HistoryQuery, configs: Configs | null): Iterable<Row>;
  /** The CSV of `rows` made straight from the rows SQLite hands over, the same bytes `writeCsv` gives for the rows: for a kind that can be long. */
  csv?(store: HistoryStore, q: HistoryQuery, configs: Configs | null): { rows: Iterable<RawFill>; line: (row: RawFill) => string };
}

const contractName = (configs: Configs | null, id: number) => contractById(configs, id)?.name ?? null;

/** The export's fill row with `kind` and `source`, the configs looked up once for all the fills. */
function historyFillRows(fills: Iterable<StoredFill>, configs: Configs | null): Iterable<Row> {
  const rowOf = fillRower(configs);
  return {
    *[Symbol.iterator]() {
      for (const f of fills) yield { kind: 'fill', ...rowOf(f), source: f.source };
    },
  };
}

/**
 * `formatDecimal(BigInt(raw), decimals)` of an integer's text (`-?\d+`), by string: the same
 * text without a BigInt and its division for each fee and PnL of an export.
 */
export function unitsText(raw: string, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 1 || decimals > 30) return formatDecimal(BigInt(raw), decimals);
  const negative = raw.charCodeAt(0) === 45;
  let digits = negative ? raw.slice(1) : raw;
  let zeros = 0;
  while (zeros < digits.length - 1 && digits.charCodeAt(zeros) === 48) zeros++;
  if (zeros > 0) digits = digits.slice(zeros);
  if (digits.length <= decimals) digits = '0'.repeat(decimals + 1 - digits.length) + digits;
  const point = digits.length - decimals;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48) end--;
  const body = end > point ? `${digits.slice(0, point)}.${digits.slice(point, end)}` : digits.slice(0, point);
  return negative && body !== '0' ? `-${body}` : body;
}

/**
 * The CSV line (without CRLF) `writeCsv` writes for a fill's row (`historyFillRows`) with the
 * columns of `fills` and the gap columns after, made from the fill as SQLite hands it over
 * (`iterateFillRows`, no object made for it), each cell as csvCell makes it but what can be
 * done once done once: the words that do not change (kind, side, coin, a contract's name)
 * quoted once, integers and ISO times as they are, decimals from raw units (digits, a point,
 * a leading minus: nothing to quote or guard) as fillRow writes them (by string,
 * `unitsText`), liquidity and source quoted once per value, prices and sizes of digits and a
 * point as they are; the exchange's other strings through csvCell. The fixtures of
 * test/history/exportBytes.test.ts hold it to the rows' bytes.
 */
function fillCsvLine(configs: Configs | null): (row: RawFill) => string {
  const coin = collateralCoin(configs);
  const coinCell = csvCell(coin.name);
  // The contract's name and id cells together, made once a contract.
  const contracts = new Map<number, string>();
  const contractCells = (id: number) => {
    let cells = contracts.get(id);
    if (cells === undefined) contracts.set(id, (cells = `${csvCell(contractName(configs, id))},${int(id)}`));
    return cells;
  };
  const amount = (raw: string) => (/^-?\d+$/.test(raw) ? unitsText(raw, coin.decimals) : csvCell(raw));
  // A price or size of digits and a point, as the wire mostly sends them, has nothing to quote or guard.
  const text = (wire: string) => (/^\d+(\.\d+)?$/.test(wire) ? wire : csvCell(wire));
  // SQLite hands an INTEGER column over as an integer: written as it is.
  const int = (n: number) => (Number.isInteger(n) ? String(n) : csvCell(n));
  // An ISO time starting with a digit (years 0 to 9999) has nothing to quote or guard; with its milliseconds after.
  const time = (ms: number) => {
    const text = iso(ms);
    return `${text !== null && text.charCodeAt(0) >= 48 && text.charCodeAt(0) <= 57 ? text : csvCell(text)},${int(ms)}`;
  };
  // Liquidity and source take a few values: each quoted once.
  const words = new Map<string, string>();
  const word = (text: string) => {
    let cell = words.get(text);
    if (cell === undefined) words.set(text, (cell = csvCell(text)));
    return cell;
  };
  return ([tid, oid, contractId, cloid, ms, isBuy, px, sz, liquidity, fee, closedPnl, liquidation, source]) =>
    `fill,${time(ms)},${contractCells(contractId)},${isBuy === 1 ? 'buy' : 'sell'},${text(px)},${text(sz)},${word(liquidity)},${amount(fee)},${amount(closedPnl)},${coinCell},${liquidation === 1 ? 'true' : 'false'},${int(oid)},${cloid === null ? '' : csvCell(cloid)},${int(tid)},${word(source)},,,`;
}

const KINDS: readonly Kind[] = [
  {
    verb: 'fills',
    summary: 'the account\'s fills recorded on this venue (every tid once), with the periods not recorded',
    columns: ['kind', 'time', 'timeMs', 'contract', 'contractId', 'side', 'price', 'size', 'liquidity', 'fee', 'closedPnl', 'coin', 'liquidation', 'oid', 'cloid', 'tid', 'source'],
    // Off a cursor: CSV and NDJSON write each fill as it is read (100,000 of them in well under a second).
    rows: (store, q, configs) => historyFillRows(store.iterateFills(q), configs),
    csv: (store, q, configs) => ({ rows: store.iterateFillRows(q), line: fillCsvLine(configs) }),
  },
  {
    verb: 'orders',
    summary: 'each order\'s lifecycle recorded on this venue: placed, modified, partially filled, filled, cancelled, rejected',
    columns: ['kind', 'time', 'timeMs', 'event', 'status', 'contract', 'contractId', 'side', 'price', 'size', 'origSize', 'tif', 'reduceOnly', 'oid', 'cloid', 'triggerId', 'placed', 'source'],
    rows: (store, q, configs) =>
      store.orders(q).map((o) => {
        const order = { oid: o.oid, asset: o.contractId, isBuy: o.isBuy, limitPx: o.limitPx, sz: o.sz, tif: o.tif, origSz: o.origSz, reduceOnly: o.reduceOnly, timestamp: o.placed, ...(o.cloid !== null ? { cloid: o.cloid } : {}) };
        // The export's order row; the event may also be one of the store's own (lookup, reject).
        const update = { event: o.event, order, status: o.status, statusTimestamp: o.time, ...(o.triggerId !== null ? { triggerId: o.triggerId } : {}) } as OrderUpdate;
        return { kind: 'order', ...orderRow(update, configs), source: o.source };
      }),
  },
  {
    verb: 'funding',
    summary: 'funding paid and received, derived from the position, the mark and the funding index, beside what the balances say',
    columns: ['kind', 'time', 'timeMs', 'contract', 'contractId', 'intervals', 'size', 'mark', 'rate', 'derived', 'coin', 'windowFrom', 'windowTo', 'windowDerived', 'windowObserved'],
    rows: (store, q, configs) => {
      const coin = collateralCoin(configs);
      const windows = new Map(store.windows().map((w) => [`${w.from}:${w.to}`, w]));
      return store.funding(q).map((p) => {
        const w = windows.get(`${p.windowFrom}:${p.windowTo}`);
        return {
          kind: 'funding',
          time: iso(p.time),
          timeMs: p.time,
          contract: contractName(configs, p.contractId),
          contractId: p.contractId,
          intervals: p.intervals,
          size: p.size,
          mark: p.mark,
          rate: p.rate,
          derived: p.derived === null ? null : formatDecimal(BigInt(p.derived), coin.decimals),
          coin: coin.name,
          windowFrom: iso(p.windowFrom),
          windowTo: iso(p.windowTo),
          windowDerived: w?.derived == null ? null : formatDecimal(BigInt(w.derived), coin.decimals),
          windowObserved: w ? formatDecimal(BigInt(w.observed), coin.decimals) : null,
        };
      });
    },
  },
];

/** Opens the store read-only; an account with nothing recorded yet is said so (exit 2). */
function openStore(r: CommandRun, scope: HistoryScope): HistoryStore {
  const file = join(r.stateDir, ...historyFileSegments(scope));
  if (!existsSync(file)) throw usage(`no history recorded for ${scope.account} on ${scope.venue} in ${r.stateDir} (a dashboard, serve or algo records it while it runs)`);
  try {
    return openHistoryFile(r.stateDir, scope, { readonly: true });
  } catch (e) {
    throw usage(e instanceof Error ? e.message : String(e));
  }
}

/** The store of the account on the venue, its configs and the period asked for, closed after `fn`. */
async function withStore<T>(r: CommandRun, fn: (store: HistoryStore, scope: HistoryScope, configs: Configs | null, q: HistoryQuery) => T | Promise<T>): Promise<T> {
  noWords(r);
  const scope = await scopeOf(r);
  const store = openStore(r, scope);
  try {
    const configs = store.configs();
    return await fn(store, scope, configs, queryOf(r, configs));
  } finally {
    store.close();
  }
}

function noWords(r: CommandRun): void {
  if (r.positionals.length > 0) throw usage(`unexpected words: ${r.positionals.join(' ')}`);
  if (r.options['csv'] === true && r.options['ndjson'] === true) throw usage('--csv or --ndjson, not both');
}

const cellText = (v: Row[string] | undefined) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(' ') : String(v));

function listCommand(k: Kind): CommandSpec {
  return {
    path: ['history', k.verb],
    usage: USAGE,
    summary: k.summary,
    writes: false,
    options: OPTIONS,
    optionHelp: OPTION_HELP,
    schema: () => documentOf(k.columns),
    run: (r) =>
      withStore(r, async (store, scope, configs, q): Promise<CommandOutput | undefined> => {
        // The gaps first: a cursor over the rows keeps the connection busy until it is done.
        const gaps = store.gaps({ ...(q.since !== undefined ? { since: q.since } : {}), ...(q.until !== undefined ? { until: q.until } : {}) });
        if (r.options['csv'] === true) {
          const columns = [...k.columns, 'until', 'untilMs', 'note'];
          if (k.csv) {
            const { rows, line } = k.csv(store, q, configs);
            await writeChunked(r.out, csvHeader(columns), rows, line, '\r\n');
            await writeChunked(r.out, undefined, gaps, (g) => csvLine(columns, gapRow(g)), '\r\n');
          } else await writeCsv(r.out, columns, rowsThenGaps(k.rows(store, q, configs), gaps));
          return undefined;
        }
        if (r.options['ndjson'] === true) {
          await writeChunked(r.out, undefined, rowsThenGaps(k.rows(store, q, configs), gaps), (row) => toJson(row));
          return undefined;
        }
        const rows = [...k.rows(store, q, configs)];
        const shown = k.columns.filter((c) => c !== 'kind' && c !== 'timeMs');
        const out: CommandOutput = {
          json: { venue: scope.venue, account: scope.account, file: store.file, rows, gaps: gaps.map((g) => ({ from: g.from, to: g.to, note: gapRow(g)['note'] as string })) },
          human: {
            columns: shown,
            rows: rows.map((row) => shown.map((c) => cellText(row[c]))),
          },
        };
        if (gaps.length > 0) r.err.write(`${gaps.map((g) => gapRow(g)['note']).join('\n')}\n`);
        return out;
      }),
  };
}

function* rowsThenGaps(rows: Iterable<Row>, gaps: readonly Gap[]): Generator<Row, void, undefined> {
  yield* rows;
  for (const g of gaps) yield gapRow(g);
}

const pnlCommand: CommandSpec = {
  path: ['history', 'pnl'],
  usage: USAGE,
  summary: 'realised PnL, fees and funding over the period, beside the balance change they add up to',
  writes: false,
  options: OPTIONS,
  optionHelp: OPTION_HELP,
  schema: () => PnlDocument,
  run: (r) =>
    withStore(r, (store, scope, configs, q): CommandOutput | undefined => {
      const coin = collateralCoin(configs);
      const p = store.pnl(q);
      const money = (raw: string | null) => (raw === null ? null : formatDecimal(BigInt(raw), coin.decimals));
      const pnl: Row = {
        kind: 'pnl',
        since: p.since === null ? null : iso(p.since),
        until: p.until === null ? null : iso(p.until),
        fills: p.fills,
        realisedPnl: money(p.realisedPnl),
        fees: money(p.fees),
        funding: money(p.funding),
        fundingDerived: money(p.fundingDerived),
        other: money(p.other),
        balanceStart: money(p.balanceStart),
        balanceEnd: money(p.balanceEnd),
        balanceChange: money(p.balanceChange),
        coin: coin.name,
      };
      const gaps = p.gaps.map(gapRow);
      if (r.options['csv'] === true) {
        r.out.write(toCsv([...Object.keys(pnl), 'time', 'timeMs', 'untilMs', 'note'], [pnl, ...gaps]));
        return undefined;
      }
      if (r.options['ndjson'] === true) {
        for (const row of [pnl, ...gaps]) r.out.write(`${toJson(row)}\n`);
        return undefined;
      }
      const lines = Object.entries(pnl)
        .filter(([key]) => key !== 'kind')
        .map(([key, value]) => `${key.padEnd(15)} ${cellText(value)}`);
      return {
        json: { venue: scope.venue, account: scope.account, file: store.file, coin: coin.name, pnl, gaps: p.gaps.map((g) => ({ from: g.from, to: g.to, note: gapRow(g)['note'] as string })) },
        human: [...lines, ...gaps.map((g) => String(g['note']))],
      };
    }),
};

const JOURNAL_SHOWN = ['time', 'face', 'action', 'asked', 'outcome', 'detail', 'venue'] as const;

/**
 * `perpdesk journal`: the signed actions the state directory's journal holds for the account
 * on the venue (and lines older than the naming of those); `--all-venues` every line.
 */
const journalCommand: CommandSpec = {
  path: ['journal'],
  usage: '[--all-venues] [--since T] [--until T] [--csv|--ndjson]',
  summary: 'the journal of signed actions for the account on this venue (--all-venues: every venue and account)',
  writes: false,
  options: { ...OPTIONS, 'all-venues': { type: 'boolean', default: false } },
  optionHelp: { ...OPTION_HELP, 'all-venues': 'every line of the journal, whatever venue and account it names', csv: 'RFC 4180 CSV', ndjson: 'one JSON object a line' },
  schema: () => v.object({ venue: v.nullable(v.string()), account: v.nullable(v.string()), rows: v.array(v.object(Object.fromEntries(JOURNAL_COLUMNS.map((c) => [c, v.unknown()])))) }),
  run: async (r) => {
    noWords(r);
    const all = r.options['all-venues'] === true;
    const scope = all ? undefined : await scopeOf(r);
    const q = queryOf(r, null);
    let entries;
    try {
      entries = new JournalFile(r.stateDir).load(Number.MAX_SAFE_INTEGER, scope ? journalScopeFilter(scope.venue, scope.account) : undefined).entries;
    } catch (e) {
      throw usage(e instanceof Error ? e.message : String(e));
    }
    const rows = entries.filter((e) => (q.since === undefined || e.time >= q.since) && (q.until === undefined || e.time <= q.until)).map(journalRow);
    if (r.options['csv'] === true) {
      r.out.write(toCsv(JOURNAL_COLUMNS, rows));
      return undefined;
    }
    if (r.options['ndjson'] === true) {
      for (const row of rows) r.out.write(`${toJson(row)}\n`);
      return undefined;
    }
    return {
      json: { venue: scope?.venue ?? null, account: scope?.account ?? null, rows },
      human: { columns: [...JOURNAL_SHOWN], rows: rows.map((row) => JOURNAL_SHOWN.map((c) => cellText(row[c]))) },
    };
  },
};

export const HISTORY_COMMANDS: readonly CommandSpec[] = [...KINDS.map(listCommand), pnlCommand, journalCommand];
