import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import type { OrderUpdate } from '../../src/protocol/wire/index.js';
import { exportJournal } from '../../src/session/journalExport.js';
import { JournalFile } from '../../src/session/journalFile.js';
import type { AppState } from '../../src/state/types.js';
import { fullStore, openOrders } from '../ui/support/paneFixtures.js';
import { csvRecords } from '../support/csv.js';

const POSIX = process.platform !== 'win32';
const NOW = new Date(2025, 4, 12, 14, 3, 7).getTime();
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function stateDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'perpdesk-export-'));
  dirs.push(d);
  return d;
}

const records = csvRecords;

const cloid = `0x${'cd'.repeat(16)}`;
const entries: JournalEntry[] = [
  { seq: 1, time: NOW - 60_000, action: 'order', outcome: 'ok', detail: 'resting #11', asked: `Buy 0.015 BTC1 @ 60,025.5 Ioc, cloid ${cloid}`, face: 'dashboard', nonce: 7, cloids: [cloid], signerRole: 'agent' },
  { seq: 2, time: NOW - 30_000, action: 'tpSl', outcome: 'rejected', detail: 'said "no",\nthen =HYPERLINK("x")', parentCloid: cloid, asked: 'TP/SL on the SOL1 position: TP trigger 170, whole position' },
  // A line from before the words were recorded.
  { seq: 3, time: NOW - 10_000, action: 'cancel', outcome: 'error', detail: '-1 is not an order' },
];

function state(): AppState {
  const store = fullStore(NOW);
  const o = openOrders(NOW)[1]!;
  const updates: OrderUpdate[] = [
    { event: 'new', order: openOrders(NOW)[2]!, status: 'open', statusTimestamp: NOW - 3_000 },
    { event: 'fill', order: { ...o, sz: '0' }, status: 'filled', statusTimestamp: NOW - 2_000 },
  ];
  store.setState((s) => ({ orders: { ...s.orders, history: updates } }));
  return store.getState();
}

describe('exportJournal', () => {
  it('writes the journal, fills and order updates as CSV and JSON, 0600, amounts as decimal strings', () => {
    const dir = stateDir();
    const journal = new JournalFile(dir);
    for (const e of entries) journal.append(e);
    const out = exportJournal(dir, state(), NOW);

    expect(out.stamp).toBe('20250512-140307');
    expect(out.dir).toBe(join(dir, 'exports'));
    expect(readdirSync(out.dir).sort()).toEqual(
      ['fills', 'journal', 'orders'].flatMap((k) => [`${k}-20250512-140307.csv`, `${k}-20250512-140307.json`]),
    );
    if (POSIX) {
      expect(statSync(out.dir).mode & 0o777).toBe(0o700);
      for (const f of readdirSync(out.dir)) expect(statSync(join(out.dir, f)).mode & 0o777).toBe(0o600);
    }
    expect(out.files.map((f) => [f.kind, f.rows])).toEqual([['journal', 3], ['fills', 3], ['orders', 2]]);
    const file = (kind: string, ext: 'csv' | 'json') => readFileSync(out.files.find((f) => f.kind === kind)![ext], 'utf8');

    const j = records(file('journal', 'csv'));
    expect(j.map((r) => [r.seq, r.action, r.asked, r.outcome])).toEqual([
      ['1', 'order', `Buy 0.015 BTC1 @ 60,025.5 Ioc, cloid ${cloid}`, 'ok'],
      ['2', 'tpSl', 'TP/SL on the SOL1 position: TP trigger 170, whole position', 'rejected'],
      ['3', 'cancel', '', 'error'],
    ]);
    // Quotes, commas and line breaks survive; a formula from the exchange stays text; the parent is named.
    expect(j[1]).toMatchObject({ detail: 'said "no",\nthen =HYPERLINK("x")', parentCloid: cloid, time: new Date(NOW - 30_000).toISOString() });
    expect(j[2]!.detail).toBe("'-1 is not an order");
    expect(j[0]).toMatchObject({ face: 'dashboard', cloids: cloid, nonce: '7', signerRole: 'agent' });

    const fills = records(file('fills', 'csv'));
    expect(fills.map((f) => [f.contract, f.side, f.price, f.size, f.fee, f.closedPnl, f.coin, f.liquidation])).toEqual([
      ['SOL1', 'buy', '149', '2', '0.0596', '0', 'USDC', 'false'],
      ['BTC1', 'sell', '60100.0', '0.500', '13.5225', '-4.25', 'USDC', 'false'],
      ['SOL1', 'sell', '151', '1', '0.0755', '3', 'USDC', 'true'],
    ]);
    const orders = records(file('orders', 'csv'));
    expect(orders.map((o) => [o.event, o.status, o.contract, o.side, o.price, o.size, o.origSize, o.tif, o.reduceOnly, o.oid])).toEqual([
      ['new', 'open', 'BTC1', 'buy', '59000.5', '0.010', '0.010', 'Gtc', 'false', '13'],
      ['fill', 'filled', 'SOL1', 'sell', '155', '0', '2', 'Alo', 'true', '12'],
    ]);

    // JSON: the same rows; amounts are strings, never numbers.
    const jsonFills = JSON.parse(file('fills', 'json')) as Record<string, unknown>[];
    expect(jsonFills[1]).toMatchObject({ price: '60100.0', size: '0.500', fee: '13.5225', closedPnl: '-4.25', liquidation: false, tid: 502 });
    for (const f of jsonFills) for (const k of ['price', 'size', 'fee', 'closedPnl']) expect(typeof f[k]).toBe('string');
    const jsonJournal = JSON.parse(file('journal', 'json')) as Record<string, unknown>[];
    expect(jsonJournal[0]).toMatchObject({ cloids: [cloid], nonce: 7, asked: `Buy 0.015 BTC1 @ 60,025.5 Ioc, cloid ${cloid}` });
    expect(jsonJournal[1]).toMatchObject({ parentCloid: cloid, detail: 'said "no",\nthen =HYPERLINK("x")' });
    expect((JSON.parse(file('orders', 'json')) as Record<string, unknown>[])[0]).toMatchObject({ price: '59000.5', size: '0.010', reduceOnly: false });
  });

  it('writes a request once: its answer with the time it left, or, with no answer recorded, as unanswered', () => {
    const dir = stateDir();
    const journal = new JournalFile(dir);
    const signer = '0xabcd000000000000000000000000000000000001';
    const sent = (seq: number, nonce: number, time: number): JournalEntry => ({ seq, time, action: 'order', signerRole: 'agent', signer, nonce, outcome: 'sent', detail: 'sent, awaiting the answer', asked: `Buy ${seq} SOL1 @ 95 Gtc`, cloids: [`0x${String(seq).padStart(32, '0')}`] });
    journal.append(sent(1, 501, NOW - 9_000), 'cli');
    journal.append(sent(2, 502, NOW - 8_000), 'dashboard');
    journal.append({ ...sent(2, 502, NOW - 7_990), sentTime: NOW - 8_000, outcome: 'ok', detail: 'resting #12', requestId: 'req-5' }, 'dashboard');
    const out = exportJournal(dir, state(), NOW);
    expect(out.files[0]!.rows).toBe(2);
    const j = records(readFileSync(out.files[0]!.csv, 'utf8'));
    expect(j.map((r) => [r.seq, r.face, r.nonce, r.outcome, r.sentTime, r.cloids])).toEqual([
      ['1', 'cli', '501', 'unanswered', '', '0x00000000000000000000000000000001'],
      ['2', 'dashboard', '502', 'ok', new Date(NOW - 8_000).toISOString(), '0x00000000000000000000000000000002'],
    ]);
    expect(j[0]!.detail).toMatch(/^sent, no answer recorded/);
  });

  it('never writes over an earlier export of the same second', () => {
    const dir = stateDir();
    expect(exportJournal(dir, state(), NOW).stamp).toBe('20250512-140307');
    expect(exportJournal(dir, state(), NOW).stamp).toBe('20250512-140307-2');
    expect(readdirSync(join(dir, 'exports'))).toHaveLength(12);
  });

  it.runIf(POSIX)('writes the session\'s own entries, and says so, when the journal file cannot be read', () => {
    const dir = stateDir();
    new JournalFile(dir).append(entries[0]!);
    chmodSync(join(dir, 'journal.jsonl'), 0o644);
    const s = state();
    const out = exportJournal(dir, s, NOW);
    expect(out.journalNote).toMatch(/journal file not read .*0644.*this session's entries written instead/);
    expect(out.files[0]!.rows).toBe(s.journal.entries.length);
  });
});
