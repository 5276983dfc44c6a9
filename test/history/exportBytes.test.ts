import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyFileSegments } from '../../src/history/historyPath.js';
import { HistoryStore } from '../../src/history/historyStore.js';
import type { Fill, OrderUpdate } from '../../src/protocol/wire/index.js';
import { openHistoryFile } from '../../src/session/historyRecorder.js';
import { fillRow, toCsv } from '../../src/session/journalExport.js';
import { tempDirs } from '../support/tempDirs.js';
import { CONFIGS } from '../ui/support/paneFixtures.js';
import { historyCli } from './support/historyCli.js';
import { HOUR, SOL_CONTRACTS, solSample } from './support/solSamples.js';

/**
 * `perpdesk history fills|orders|funding` byte for byte: the table, JSON, NDJSON and CSV of a
 * seeded store of a few hundred fills against the outputs the command wrote before it streamed
 * its rows (test/history/fixtures/export-*.txt, written by the code of commit d48da20; set
 * PERPDESK_WRITE_EXPORT_FIXTURES=1 to write them again, only on purpose). The fills' CSV is also
 * checked against the journal export's own writer over the rows the store reads.
 */

const tempDir = tempDirs('perpdesk-history-bytes-');
const account = '0x00000000000000000000000000000000000000aa';
const scope = { venue: 'embedded', account };
const T0 = Date.UTC(2026, 10, 1, 8, 0, 0);
const FIXTURES = join(import.meta.dirname, 'fixtures');
const contracts = SOL_CONTRACTS;

const sample = solSample;

/** Every kind of cell a fill row has: unknown contracts, cloids, liquidations, negative and odd amounts, words a spreadsheet would run. */
function fillAt(i: number): Fill {
  const odd = ['=1+1', '1,5', 'say "hi"', ' 7', '-3', '+4', '@x', '12.50'];
  return {
    contractId: [1, 2, 99][i % 3]!,
    oid: 10_000 + Math.floor(i / 3),
    tid: 50_000 + i,
    px: i % 41 === 7 ? odd[(i / 41) % odd.length | 0]! : String(140 + (i % 20)) + (i % 4 ? '.25' : ''),
    sz: i % 53 === 3 ? 'x\r\ny' : String(1 + (i % 7)),
    isBuy: i % 2 === 0,
    time: T0 + 1_000 + i * 7_919,
    liquidity: i % 3 ? 'maker' : 'taker',
    fee: String((i % 5 === 0 ? -1 : 1) * (50_000 + i * 13)),
    closedPnl: i % 2 ? String((i % 9) * 100_003 - 400_000) : '0',
    ...(i % 4 === 1 ? { cloid: `0x${i.toString(16).padStart(32, '0')}` } : {}),
    ...(i % 29 === 11 ? { liquidation: true } : {}),
  };
}

function seedStore(stateDir: string): void {
  const store = openHistoryFile(stateDir, scope);
  try {
    store.saveConfigs(CONFIGS);
    const a = store.beginSession('test', T0);
    let balance = 5_000_000_000n;
    store.addSample(sample(T0, balance, '0', '0'), 'start', a, contracts);
    const fills = Array.from({ length: 300 }, (_, i) => fillAt(i));
    store.addFills(fills.slice(0, 250), 'stream');
    store.addFills(fills.slice(250), 'snapshot');
    const updates: OrderUpdate[] = [];
    for (let i = 0; i < 60; i++) {
      const time = T0 + 500 + i * 30_000;
      const [event, status] = i % 3 === 0 ? (['new', 'open'] as const) : i % 3 === 1 ? (['fill', 'filled'] as const) : (['cancel', 'canceled'] as const);
      updates.push({ event, status, statusTimestamp: time, ...(i % 7 === 2 ? { triggerId: 900 + i } : {}), order: { oid: 20_000 + Math.floor(i / 3), asset: [1, 2, 99][i % 3]!, isBuy: i % 4 < 2, limitPx: String(140 + (i % 20)), sz: String(i % 3), origSz: '10', tif: i % 5 ? 'Gtc' : 'Ioc', reduceOnly: i % 6 === 0, timestamp: time - 100, ...(i % 4 === 0 ? { cloid: `0x${(i + 1).toString(16).padStart(32, '0')}` } : {}) } });
    }
    store.addOrderEvents(updates, 'stream');
    store.addSample(sample(T0 + 40 * 60_000, balance, '0', '2'), 'minute', a, contracts);
    store.touchSession(a, T0 + 40 * 60_000);
    const b = store.beginSession('test', T0 + 2 * HOUR);
    store.addSample(sample(T0 + 2 * HOUR, balance, '0', '2'), 'start', b, contracts);
    balance -= 30_000n;
    store.addSample(sample(T0 + 3 * HOUR + 60_000, balance, '0.0001', '2'), 'minute', b, contracts);
    store.touchSession(b, T0 + 3 * HOUR + 60_000);
    // After the last sample (no funding window reads it): amounts that are not whole units stay as sent, guarded and quoted.
    store.addFills([{ ...fillAt(300), time: T0 + 4 * HOUR, fee: '1,5', closedPnl: '=2' }, { ...fillAt(301), time: T0 + 4 * HOUR + 1, fee: '0.5', closedPnl: '-7.25' }], 'stream');
  } finally {
    store.close();
  }
}

const FORMATS = { table: [], json: ['--json'], ndjson: ['--ndjson'], csv: ['--csv'] } as const;
const PERIODS = { all: [], window: ['--since', '2026-11-01T08:05:00Z', '--until', '2026-11-01T08:10:00Z'], sol: ['--contract', 'SOL1'] } as const;

async function run(stateDir: string, argv: readonly string[], tty: boolean): Promise<string> {
  const r = await historyCli([...argv, '--address', account], stateDir, { tty });
  expect(r.code, r.stderr).toBe(0);
  return `${r.stdout}\n--- stderr ---\n${r.stderr}`;
}

describe('history exports, byte for byte', () => {
  it('writes the table, JSON, NDJSON and CSV of fills, orders and funding as before', async () => {
    const stateDir = tempDir();
    seedStore(stateDir);
    const write = process.env['PERPDESK_WRITE_EXPORT_FIXTURES'] === '1';
    for (const verb of ['fills', 'orders', 'funding'] as const) {
      for (const [period, periodArgs] of Object.entries(PERIODS)) {
        for (const [format, formatArgs] of Object.entries(FORMATS)) {
          const text = (await run(stateDir, ['history', verb, ...periodArgs, ...formatArgs], format === 'table')).replaceAll(stateDir, '<state>');
          const file = join(FIXTURES, `export-${verb}-${period}-${format}.txt`);
          if (write || !existsSync(file)) {
            if (!write) throw new Error(`missing fixture ${file}`);
            writeFileSync(file, text);
          }
          expect(text, `${verb} ${period} ${format}`).toBe(readFileSync(file, 'utf8'));
        }
      }
    }
  });

  it('writes the fills\' CSV as the journal export\'s writer does over the stored rows', async () => {
    const stateDir = tempDir();
    seedStore(stateDir);
    const store = openHistoryFile(stateDir, scope, { readonly: true });
    let expected: string;
    try {
      const configs = store.configs();
      const rows = store.fills().map((f) => ({ kind: 'fill', ...fillRow(f, configs), source: f.source }));
      const gaps = store.gaps().map((g) => ({ kind: 'gap', time: new Date(g.from).toISOString(), timeMs: g.from, until: new Date(g.to).toISOString(), untilMs: g.to, note: `not recorded from ${new Date(g.from).toISOString()} to ${new Date(g.to).toISOString()}` }));
      const columns = ['kind', 'time', 'timeMs', 'contract', 'contractId', 'side', 'price', 'size', 'liquidity', 'fee', 'closedPnl', 'coin', 'liquidation', 'oid', 'cloid', 'tid', 'source', 'until', 'untilMs', 'note'];
      expected = toCsv(columns, [...rows, ...gaps]);
    } finally {
      store.close();
    }
    const r = await historyCli(['history', 'fills', '--csv', '--address', account], stateDir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected);
    expect(r.stdout.split('\r\n').length).toBeGreaterThan(300);
  });
});
