import { closeSync, createWriteStream, mkdirSync, openSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { BoundedSet } from '../feed/boundedSet.js';
import type { RecordedLine } from '../record/readRecording.js';
import { csvLine, type Row } from '../session/journalExport.js';
import { errCode } from '../wallet/fsutil.js';

/**
 * `perpdesk replay --export csv`: a recording as the CSV files tardis.dev publishes
 * (`trades`, `book_snapshot_25`, `derivative_ticker`), with its column names, so that tools
 * reading those (nautilus, hftbacktest, pandas) read a perpdesk recording. `timestamp` is the
 * exchange's time and `local_timestamp` the receive time, both microseconds since the epoch;
 * prices and sizes are the exchange's decimal strings, never converted to a float.
 */

export const BOOK_DEPTH = 25;

const BASE = ['exchange', 'symbol', 'timestamp', 'local_timestamp'] as const;
export const EXPORT_COLUMNS = {
  trades: [...BASE, 'id', 'side', 'price', 'amount'],
  book_snapshot_25: [...BASE, ...Array.from({ length: BOOK_DEPTH }, (_, i) => [`asks[${i}].price`, `asks[${i}].amount`, `bids[${i}].price`, `bids[${i}].amount`]).flat()],
  derivative_ticker: [...BASE, 'funding_timestamp', 'funding_rate', 'predicted_funding_rate', 'open_interest', 'last_price', 'index_price', 'mark_price'],
} as const;
export type ExportKind = keyof typeof EXPORT_COLUMNS;

/** Trades already written, by contract and id: a resubscribe repeats the recent ones. */
const SEEN_TRADES = 100_000;

interface Level {
  px: string;
  sz: string;
}
interface TradeMsg {
  contractId: number;
  tid: number;
  px: string;
  sz: string;
  side: 'B' | 'A';
  time: number;
}
interface BookMsg {
  contractId: number;
  time: number;
  levels: [Level[], Level[]];
}
interface MarketStateMsg {
  contractId: number;
  time: number;
  markPx: string | null;
  indexPx: string | null;
  lastPx: string | null;
  fundingRate: string;
  nextFundingTime?: number;
}

/** The rows of each CSV that one recorded line gives, by kind; the state a recording carries across lines (the names, the trades seen). */
export class TardisRows {
  private exchange = 'perpdesk';
  private readonly names = new Map<number, string>();
  private readonly seen = new BoundedSet<string>(SEEN_TRADES);

  /** Rows of `line`; a header only sets the exchange and the contracts' names. */
  rowsOf(line: RecordedLine): { kind: ExportKind; row: Row }[] {
    if (line.kind === 'header') {
      const h = JSON.parse(line.message) as { venue?: string; configs?: { contracts?: { contractId: number; name: string }[] } | null };
      if (typeof h.venue === 'string') this.exchange = h.venue;
      for (const c of h.configs?.contracts ?? []) this.names.set(c.contractId, c.name);
      return [];
    }
    const local = line.us;
    if (line.kind === 'info') {
      const m = JSON.parse(line.message) as { request: { type?: string }; data: unknown };
      if (m.request.type === 'configs') for (const c of (m.data as { contracts?: { contractId: number; name: string }[] }).contracts ?? []) this.names.set(c.contractId, c.name);
      if (m.request.type !== 'marketState') return [];
      const s = m.data as MarketStateMsg;
      return [
        {
          kind: 'derivative_ticker',
          row: {
            ...this.base(s.contractId, s.time, local),
            funding_timestamp: s.nextFundingTime === undefined ? null : s.nextFundingTime * 1000,
            funding_rate: s.fundingRate,
            predicted_funding_rate: null,
            open_interest: null,
            last_price: s.lastPx,
            index_price: s.indexPx,
            mark_price: s.markPx,
          },
        },
      ];
    }
    if (line.kind !== 'ws') return [];
    const m = JSON.parse(line.message) as { channel: string; data: unknown };
    if (m.channel === 'trades') {
      return (m.data as TradeMsg[])
        .filter((t) => this.seen.add(`${t.contractId}:${t.tid}`))
        .map((t) => ({ kind: 'trades' as const, row: { ...this.base(t.contractId, t.time, local), id: String(t.tid), side: t.side === 'B' ? 'buy' : 'sell', price: t.px, amount: t.sz } }));
    }
    if (m.channel === 'l2Book') {
      const b = m.data as BookMsg;
      const row: Row = this.base(b.contractId, b.time, local);
      const [bids, asks] = b.levels;
      for (let i = 0; i < BOOK_DEPTH; i++) {
        row[`asks[${i}].price`] = asks[i]?.px ?? null;
        row[`asks[${i}].amount`] = asks[i]?.sz ?? null;
        row[`bids[${i}].price`] = bids[i]?.px ?? null;
        row[`bids[${i}].amount`] = bids[i]?.sz ?? null;
      }
      return [{ kind: 'book_snapshot_25', row }];
    }
    return [];
  }

  private base(contractId: number, timeMs: number, localUs: number): Row {
    return { exchange: this.exchange, symbol: this.names.get(contractId) ?? String(contractId), timestamp: timeMs * 1000, local_timestamp: localUs };
  }
}

/** The three CSV files of an export, created new (never over a file) 0600 in `dir`, written with back-pressure. */
export class TardisFiles {
  private readonly out = new Map<ExportKind, WriteStream>();
  readonly rows: Record<ExportKind, number> = { trades: 0, book_snapshot_25: 0, derivative_ticker: 0 };
  readonly paths: Record<ExportKind, string>;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const kinds = Object.keys(EXPORT_COLUMNS) as ExportKind[];
    this.paths = Object.fromEntries(kinds.map((k) => [k, join(dir, `${k}.csv`)])) as Record<ExportKind, string>;
    const fds: number[] = [];
    try {
      for (const k of kinds) {
        try {
          fds.push(openSync(this.paths[k], 'wx', 0o600));
        } catch (e) {
          if (errCode(e) === 'EEXIST') throw new Error(`${this.paths[k]} exists; perpdesk writes an export only to new files: name another --out`);
          throw e;
        }
      }
    } catch (e) {
      for (const fd of fds) closeSync(fd);
      throw e;
    }
    kinds.forEach((k, i) => {
      const s = createWriteStream('', { fd: fds[i]! });
      s.write(`${EXPORT_COLUMNS[k].join(',')}\r\n`);
      this.out.set(k, s);
    });
  }

  async write(kind: ExportKind, row: Row): Promise<void> {
    const s = this.out.get(kind)!;
    this.rows[kind]++;
    if (!s.write(`${csvLine(EXPORT_COLUMNS[kind], row)}\r\n`)) await once(s, 'drain');
  }

  async close(): Promise<void> {
    await Promise.all([...this.out.values()].map((s) => new Promise<void>((res, rej) => s.end((e?: Error | null) => (e ? rej(e) : res())))));
  }
}
