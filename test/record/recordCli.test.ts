import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordings, recordingFiles, type RecordedLine } from '../../src/record/readRecording.js';
import { isoMicros } from '../../src/record/recordingLine.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { runCli, tempHome } from '../command/support/runCli.js';
import { csvRecords } from '../support/csv.js';

/**
 * `perpdesk record` and `perpdesk replay`, run as a user runs them (dist/cli.js) against the
 * embedded exchange over loopback: a few seconds of a busy market recorded, streamed back
 * as NDJSON line for line, cut by --from/--to, and exported as tardis.dev's CSVs that parse
 * back (RFC 4180, by the parser below and by Python's csv module) to the recorded messages.
 */
let ex: TestExchange;
let home: string;
let folder: string;
let recorded: RecordedLine[];

const records = (file: string) => csvRecords(readFileSync(file, 'utf8'));

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'busy' });
  home = tempHome();
  const watched = await ex.registerFunded();
  const r = await runCli(['record', 'SOL1', '--url', ex.url, '--address', watched.address, '--for', '3s', '--json'], { home, timeoutMs: 20_000 });
  expect(r.stderr).toContain('recording SOL1 to ');
  expect(r.code).toBe(0);
  const answer = r.json as { folder: string; lines: number; bytes: number; contracts: string[] };
  expect(answer.contracts).toEqual(['SOL1']);
  expect(answer.lines).toBeGreaterThan(20);
  folder = answer.folder;
  recorded = [];
  for await (const l of readRecordings(recordingFiles(folder), { onWarning: (w) => expect.fail(w) })) recorded.push(l);
}, 30_000);

afterAll(async () => {
  await ex?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('perpdesk replay', () => {
  it('--json streams every recorded line, as recorded', async () => {
    const r = await runCli(['replay', folder, '--json'], { home });
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { time: string; kind: string; line: number; message: unknown });
    expect(out).toHaveLength(recorded.length);
    out.forEach((o, i) => {
      const l = recorded[i]!;
      expect(o).toMatchObject({ time: isoMicros(l.us), kind: l.kind, line: l.line });
      expect(o.message).toEqual(l.kind === 'disconnect' ? null : JSON.parse(l.message));
    });
    expect(new Set(out.map((o) => o.kind))).toEqual(new Set(['header', 'ws', 'info']));
  });

  it('--from and --to cut by receive time; --speed paces; a wrong flag or path is said', async () => {
    const body = recorded.filter((l) => l.kind !== 'header');
    const from = body[Math.floor(body.length / 3)]!.us;
    const to = body[Math.floor((2 * body.length) / 3)]!.us;
    const fromMs = Math.floor(from / 1000);
    const toMs = Math.floor(to / 1000);
    const t0 = performance.now();
    const r = await runCli(['replay', folder, '--json', '--from', new Date(fromMs).toISOString(), '--to', new Date(toMs).toISOString(), '--speed', '50'], { home });
    const took = performance.now() - t0;
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { kind: string; line: number });
    const inRange = (l: (typeof recorded)[number]) => l.kind !== 'header' && l.us >= fromMs * 1000 && l.us <= toMs * 1000;
    // The headers of the files read up to the cut: a recording that crossed a minute began a
    // file whose header comes after the last line in range, and the replay ends before it.
    const lastIn = recorded.findLastIndex(inRange);
    const want = recorded.filter((l, i) => (l.kind === 'header' && i < lastIn) || inRange(l));
    expect(out.map((o) => o.line)).toEqual(want.map((l) => l.line));
    const span = (want.at(-1)!.us - want.find((l) => l.kind !== 'header')!.us) / 1000;
    // At 50x the span takes a fiftieth of its length (the process's start on top).
    expect(took).toBeGreaterThanOrEqual(span / 50);

    const bad = await runCli(['replay', folder, '--speed', '100'], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--speed must be 0.5 to 50 (times real time) or max, got 100');
    const missing = await runCli(['replay', join(home, 'nothing-here')], { home });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`no such file or folder: ${join(home, 'nothing-here')}`);
    // A damaged file: what it holds up to the damage, then a note naming it.
    const damaged = join(home, 'damaged');
    mkdirSync(damaged);
    const src = recordingFiles(folder)[0]!.path;
    const copy = join(damaged, src.slice(src.lastIndexOf('/') + 1));
    copyFileSync(src, copy);
    const bytes = readFileSync(copy);
    writeFileSync(copy, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = await runCli(['replay', damaged, '--json'], { home });
    expect(cut.code).toBe(0);
    expect(cut.stderr).toMatch(new RegExp(`${copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: unreadable after line \\d+`));
  }, 20_000);

  it('--export csv: tardis.dev\'s files, message for message, decimals as written', async () => {
    const out = join(home, 'csv');
    const r = await runCli(['replay', folder, '--export', 'csv', '--out', out], { home });
    expect(r.code).toBe(0);
    const trades = records(join(out, 'trades.csv'));
    const books = records(join(out, 'book_snapshot_25.csv'));
    const tickers = records(join(out, 'derivative_ticker.csv'));
    expect(r.json).toMatchObject({ rows: { trades: trades.length, book_snapshot_25: books.length, derivative_ticker: tickers.length } });

    const ws = recorded.filter((l) => l.kind === 'ws').map((l) => ({ us: l.us, m: JSON.parse(l.message) as { channel: string; data: unknown } }));
    const seen = new Set<number>();
    const wantTrades = ws
      .filter((x) => x.m.channel === 'trades')
      .flatMap((x) => (x.m.data as { tid: number; px: string; sz: string; side: string; time: number }[]).map((t) => ({ ...t, us: x.us })))
      .filter((t) => !seen.has(t.tid) && seen.add(t.tid));
    expect(wantTrades.length).toBeGreaterThan(0);
    expect(trades).toEqual(
      wantTrades.map((t) => ({ exchange: ex.url, symbol: 'SOL1', timestamp: String(t.time * 1000), local_timestamp: String(t.us), id: String(t.tid), side: t.side === 'B' ? 'buy' : 'sell', price: t.px, amount: t.sz })),
    );

    const wantBooks = ws.filter((x) => x.m.channel === 'l2Book');
    expect(books).toHaveLength(wantBooks.length);
    books.forEach((row, i) => {
      const b = wantBooks[i]!.m.data as { time: number; levels: [{ px: string; sz: string }[], { px: string; sz: string }[]] };
      expect(row).toMatchObject({ symbol: 'SOL1', timestamp: String(b.time * 1000), local_timestamp: String(wantBooks[i]!.us) });
      for (let k = 0; k < 25; k++) {
        expect([row[`bids[${k}].price`], row[`bids[${k}].amount`]]).toEqual([b.levels[0][k]?.px ?? '', b.levels[0][k]?.sz ?? '']);
        expect([row[`asks[${k}].price`], row[`asks[${k}].amount`]]).toEqual([b.levels[1][k]?.px ?? '', b.levels[1][k]?.sz ?? '']);
      }
    });

    const states = recorded
      .filter((l) => l.kind === 'info')
      .map((l) => ({ us: l.us, m: JSON.parse(l.message) as { request: { type: string }; data: { time: number; markPx: string; indexPx: string; lastPx: string | null; fundingRate: string; nextFundingTime?: number } } }))
      .filter((x) => x.m.request.type === 'marketState');
    expect(states.length).toBeGreaterThan(0);
    expect(tickers).toEqual(
      states.map(({ us, m: { data: s } }) => ({
        exchange: ex.url,
        symbol: 'SOL1',
        timestamp: String(s.time * 1000),
        local_timestamp: String(us),
        funding_timestamp: s.nextFundingTime === undefined ? '' : String(s.nextFundingTime * 1000),
        funding_rate: s.fundingRate,
        predicted_funding_rate: '',
        open_interest: '',
        last_price: s.lastPx ?? '',
        index_price: s.indexPx ?? '',
        mark_price: s.markPx ?? '',
      })),
    );

    // Python's csv reads the same rows.
    const py = execFileSync('python3', ['-c', 'import csv,sys\nfor f in sys.argv[1:]:\n  rows=list(csv.DictReader(open(f,newline="")))\n  print(len(rows), rows[0]["price" if "price" in rows[0] else "local_timestamp"] if rows else "")', join(out, 'trades.csv'), join(out, 'book_snapshot_25.csv'), join(out, 'derivative_ticker.csv')], { encoding: 'utf8' });
    expect(py.trim().split('\n')).toEqual([`${trades.length} ${trades[0]!['price']}`, `${books.length} ${books[0]!['local_timestamp']}`, `${tickers.length} ${tickers[0]!['local_timestamp']}`]);
    // Never over an earlier export.
    const again = await runCli(['replay', folder, '--export', 'csv', '--out', out], { home });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists; perpdesk writes an export only to new files');
  }, 20_000);
});
