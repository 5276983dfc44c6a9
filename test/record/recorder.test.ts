import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { listRecordings, minuteFileName, pruneRecordings, recordingsDir } from '../../src/record/recordingFiles.js';
import { isoMicros, parseIsoMicros } from '../../src/record/recordingLine.js';
import { RecordingWriter } from '../../src/record/recordingWriter.js';
import { readRecordingFile, readRecordings, recordingFiles, type RecordedLine } from '../../src/record/readRecording.js';
import { createSession } from '../../src/session/index.js';
import { parseDashboardArgs } from '../../src/startup/args.js';
import { recordingOf } from '../../src/startup/config.js';
import { parseAge, parseSize } from '../../src/record/recordingFiles.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';

/**
 * The market recording (issue 36, docs/recording.md): a live session on the embedded
 * exchange over loopback records what it receives, per minute, gzip NDJSON, 0600; a
 * dropped connection is an empty line; the limits delete the oldest files; a damaged file
 * is said by name and line. Nothing of the key that signs reaches a recording.
 */
const temp = tempDirs('perpdesk-record-');

async function lines(file: string): Promise<{ lines: RecordedLine[]; warnings: string[] }> {
  const warnings: string[] = [];
  const out: RecordedLine[] = [];
  for await (const l of readRecordingFile(file, { onWarning: (w) => warnings.push(w) })) out.push(l);
  return { lines: out, warnings };
}

describe('a live session recording', () => {
  let ex: TestExchange;
  let alice: Registered;
  beforeAll(async () => {
    ex = await startTestExchange({ activity: 'busy' });
    alice = await ex.registerFunded();
    exchangeData(await ex.signedPost(build.enroll(1), alice.key));
    exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '2000000000'), alice.key));
  });
  afterAll(async () => {
    await ex?.close();
  });

  it('records every message received and the /info answers, marks a drop, and never the key that signs', async () => {
    const stateDir = temp();
    const session = createSession({ url: ex.url }, { master: alice.key }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { accountMs: 100, marketStateMs: 100 }, record: {} });
    const notices: string[] = [];
    session.onEvent((e) => void (e.type === 'notice' && notices.push(e.text)));
    expect((await session.ready).ok).toBe(true);
    const s = () => session.store.getState();
    await waitFor(() => s().session.channels['userFills'] === 'live' && (s().market.trades[1]?.length ?? 0) > 0 && !s().session.staleness.book, 'live private streams, trades and a live book');
    // Signs while recording: orders, a cancel, and the WebSocket's sign-in again after a drop.
    const placed = await session.exchange.order([{ contractId: 1, isBuy: true, price: '1', size: '1', tif: 'Gtc' }]);
    expect(placed.ok).toBe(true);
    const cancelled = await session.exchange.cancelByCloid([{ contractId: 1, cloid: placed.ok ? placed.cloids[0]! : '0' }]);
    expect(cancelled.ok).toBe(true);
    session.ws.reconnect('test: drop the connection');
    await waitFor(() => s().session.reconnects >= 1 && s().session.connection === 'open' && s().session.channels['userFills'] === 'live', 'reconnected and signed in again');
    await waitFor(() => (session.recorder?.status().lines ?? 0) > 50, 'some lines recorded');
    const status = session.recorder!.status();
    await session.close();
    // What a face shows (the dashboard's status bar): once, naming the folder.
    expect(notices.filter((n) => n.startsWith('recording the market to '))).toEqual([`recording the market to ${status.folder}`]);

    const files = listRecordings(recordingsDir(stateDir));
    expect(files.length).toBeGreaterThan(0);
    expect(statSync(recordingsDir(stateDir)).mode & 0o777).toBe(0o700);
    for (const f of files) expect(statSync(f.path).mode & 0o777).toBe(0o600);
    const all: RecordedLine[] = [];
    for (const f of files) {
      const r = await lines(f.path);
      expect(r.warnings).toEqual([]);
      // Each file starts with the header: the session's venue, account and configs.
      expect(r.lines[0]!.kind).toBe('header');
      const head = JSON.parse(r.lines[0]!.message) as { perpdesk: string; version: number; account: string; configs: { contracts: { name: string }[] } };
      expect(head).toMatchObject({ perpdesk: 'header', version: 1, account: alice.address.toLowerCase() });
      expect(head.configs.contracts.map((c) => c.name)).toContain('SOL1');
      all.push(...r.lines);
    }
    expect(status.lines).toBeGreaterThan(50);
    const channels = new Set(all.filter((l) => l.kind === 'ws').map((l) => (JSON.parse(l.message) as { channel: string }).channel));
    for (const c of ['l2Book', 'trades', 'bbo', 'orderUpdates', 'userFills', 'openOrders', 'auth', 'subscriptionResponse']) expect(channels).toContain(c);
    const infos = new Set(all.filter((l) => l.kind === 'info').map((l) => (JSON.parse(l.message) as { request: { type: string } }).request.type));
    for (const t of ['configs', 'marketState', 'userAccount', 'l2Book']) expect(infos).toContain(t);
    // The drop is an empty line, and the stream goes on after it.
    const drop = all.findIndex((l) => l.kind === 'disconnect');
    expect(drop).toBeGreaterThan(0);
    expect(all.slice(drop + 1).some((l) => l.kind === 'ws')).toBe(true);
    // Times go forward at the microsecond.
    const times = all.filter((l) => l.kind !== 'header').map((l) => l.us);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    expect(times.some((t) => t % 1000 !== 0)).toBe(true);
    // The order's own update was recorded, as the exchange sent it.
    expect(all.some((l) => l.kind === 'ws' && l.message.includes('"orderUpdates"') && l.message.includes(placed.ok ? placed.cloids[0]! : 'none'))).toBe(true);

    // Nothing of the key: not in the text, not in the compressed bytes.
    const hex = alice.key.replace(/^0x/, '').toLowerCase();
    for (const f of files) {
      const raw = readFileSync(f.path);
      const text = gunzipSync(raw).toString('utf8').toLowerCase();
      expect(text.includes(hex)).toBe(false);
      expect(text.includes(hex.slice(0, 16))).toBe(false);
      expect(raw.toString('latin1').toLowerCase().includes(hex)).toBe(false);
      // Nor the signed requests: no /exchange answer, no signature, no sign-in payload.
      expect(text.includes('"signature"')).toBe(false);
      expect(text.includes('wsauth')).toBe(false);
    }
  }, 20_000);
});

describe('the writer and its files', () => {
  it('one file per minute of receive time, each with its header; the limits delete the oldest', async () => {
    const dir = temp();
    const t0 = Date.UTC(2026, 11, 3, 6, 24, 10) * 1000;
    let now = t0;
    const errors: string[] = [];
    const w = new RecordingWriter({ dir, limits: { maxBytes: 10 ** 9, maxAgeMs: 3 * 60_000 }, header: () => ({ venue: 'test' }), now: () => now, pid: 7, onError: (m) => errors.push(m) });
    for (let minute = 0; minute < 6; minute++) {
      for (let i = 0; i < 3; i++) {
        now = t0 + minute * 60_000_000 + i * 1_001;
        w.message(`{"channel":"trades","data":[{"n":${minute * 3 + i}}]}`);
      }
    }
    w.disconnect();
    await w.close();
    expect(errors).toEqual([]);
    const files = listRecordings(dir);
    // Six minutes written; the age limit (3 minutes) deleted those that ended before it as new files opened.
    expect(files.map((f) => f.path.slice(-28))).toEqual(['2026-12-03T06-26Z.ndjson.gz', '2026-12-03T06-27Z.ndjson.gz', '2026-12-03T06-28Z.ndjson.gz', '2026-12-03T06-29Z.ndjson.gz'].map((n) => n.padStart(28, '/')));
    expect(w.status().filesDeleted).toBe(2);
    const last = await lines(files[3]!.path);
    expect(last.lines.map((l) => l.kind)).toEqual(['header', 'ws', 'ws', 'ws', 'disconnect']);
    expect(last.lines[1]!.message).toBe('{"channel":"trades","data":[{"n":15}]}');
    expect(isoMicros(last.lines[2]!.us)).toBe('2026-12-03T06:29:10.001001Z');

    // The size limit: the oldest go until the rest fit.
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    expect(pruneRecordings(dir, { maxBytes: bytes - 1, maxAgeMs: 10 ** 12 }, t0 / 1000)).toBe(1);
    expect(listRecordings(dir)).toHaveLength(3);
  });

  it('two processes recording at once: a folder reads back in receive-time order', async () => {
    const dir = temp();
    const t0 = Date.UTC(2026, 11, 3, 6, 24, 50) * 1000;
    let now = t0;
    const limits = { maxBytes: 10 ** 9, maxAgeMs: 10 ** 12 };
    const writers = [1, 2].map((pid) => new RecordingWriter({ dir, limits, header: () => ({ pid }), now: () => now, pid, onError: (m) => expect.fail(m) }));
    // 30 s over a minute's turn, the two writers taking turns.
    for (let i = 0; i < 60; i++) {
      now = t0 + i * 500_000;
      writers[i % 2]!.message(`{"channel":"trades","data":[${i}]}`);
    }
    await Promise.all(writers.map((w) => w.close()));
    expect(listRecordings(dir)).toHaveLength(4);
    const read: RecordedLine[] = [];
    for await (const l of readRecordings(listRecordings(dir), { onWarning: (w) => expect.fail(w) })) read.push(l);
    expect(read.filter((l) => l.kind === 'ws').map((l) => l.message)).toEqual(Array.from({ length: 60 }, (_, i) => `{"channel":"trades","data":[${i}]}`));
    expect(read.filter((l) => l.kind === 'header')).toHaveLength(4);
  });

  it('times at the microsecond round-trip', () => {
    for (const us of [0, 1_764_743_055_123_456, 1_764_743_055_000_001]) expect(parseIsoMicros(isoMicros(us))).toBe(us);
    expect(parseIsoMicros('2026-12-03T06:24:15.123Z')).toBeUndefined();
    expect(minuteFileName(Date.UTC(2026, 0, 2, 3, 4))).toBe('2026-01-02T03-04Z.ndjson.gz');
  });

  it('a damaged file is said by name and line; what came before it is read; a bad line is skipped', async () => {
    const dir = temp();
    const body = Array.from({ length: 2000 }, (_, i) => `${isoMicros(1_764_743_055_000_000 + i)} {"channel":"trades","data":[${i}]}`).join('\n') + '\nnot a line\n';
    const file = join(dir, '2026-12-03T06-24Z.ndjson.gz');
    writeFileSync(file, gzipSync(body));
    const whole = await lines(file);
    expect(whole.lines).toHaveLength(2000);
    expect(whole.warnings).toEqual([`${file} line 2001: not a recording line (a time, a space, a JSON message); skipped`]);
    truncateSync(file, Math.floor(statSync(file).size / 2));
    const cut = await lines(file);
    expect(cut.lines.length).toBeGreaterThan(0);
    expect(cut.lines.length).toBeLessThan(2000);
    expect(cut.warnings).toHaveLength(1);
    expect(cut.warnings[0]).toContain(`${file}: unreadable after line ${cut.lines.length}`);
    expect(() => recordingFiles(join(dir, 'missing'))).toThrow(`no such file or folder: ${join(dir, 'missing')}`);
    expect(() => recordingFiles(temp())).toThrow('no recordings (*.ndjson.gz) in');
  });
});

describe('turning it on', () => {
  it('--record, the config\'s record key and the limit flags', () => {
    expect(parseDashboardArgs(['--record']).record).toBe(true);
    expect(parseDashboardArgs([]).record).toBeUndefined();
    expect(recordingOf({}, {})).toBeUndefined();
    expect(recordingOf({ record: false }, {})).toBeUndefined();
    expect(recordingOf({ record: false }, { record: true })).toEqual({ limits: {} });
    expect(recordingOf({ record: true }, {})).toEqual({ limits: {} });
    expect(recordingOf({ record: { maxBytes: 1000, maxAgeDays: 0.5 } }, {})).toEqual({ limits: { maxBytes: 1000, maxAgeMs: 43_200_000 } });
    expect([parseSize('512M'), parseSize('2g'), parseSize('1500'), parseSize('1.5K'), parseSize('x'), parseSize('0')]).toEqual([512 * 1024 ** 2, 2 * 1024 ** 3, 1500, 1536, undefined, undefined]);
    expect([parseAge('90m'), parseAge('12h'), parseAge('7d'), parseAge('2w'), parseAge('7'), parseAge('1y')]).toEqual([5_400_000, 43_200_000, 604_800_000, 1_209_600_000, undefined, undefined]);
  });
});
