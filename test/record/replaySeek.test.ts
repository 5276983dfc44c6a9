import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecordings, recordingsDir } from '../../src/record/recordingFiles.js';
import { busyHour, timeSeeks } from '../../bench/replaySeek.js';
import { ReplayFeed } from '../../src/session/replayFeed.js';
import { createSession } from '../../src/session/index.js';
import { createAppStore } from '../../src/state/store.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';

/**
 * Replay's seek (issue 36, docs/recording.md): a busy embedded-exchange session recorded,
 * then played into a store and sought back and forth; the store's book is the recording's
 * book at that time, its newest trade the recording's. A synthetic busy hour built from that
 * recording (PERPDESK_SEEK_HOUR=1; its timing is the bench's seek row).
 */
const temp = tempDirs('perpdesk-replay-');

type Lines = Awaited<ReturnType<typeof ReplayFeed.load>>;
interface Book {
  contractId: number;
  time: number;
  levels: unknown;
}

/** The book and the newest trade of contract 1 as the recording had them at `us`: the store's rules (a book no older than the one held). */
function recordedAt(lines: Lines, us: number): { book: Book | undefined; lastTid: number | undefined } {
  let book: Book | undefined;
  let lastTid: number | undefined;
  for (const l of lines) {
    if (l.us > us) break;
    const m = l.kind === 'ws' || l.kind === 'info' ? (JSON.parse(l.message) as { channel?: string; request?: { type: string }; data: unknown }) : undefined;
    const b = m?.channel === 'l2Book' || m?.request?.type === 'l2Book' ? (m.data as Book) : undefined;
    if (b && b.contractId === 1 && (!book || b.time >= book.time)) book = b;
    if (m?.channel === 'trades') for (const t of m.data as { contractId: number; tid: number }[]) if (t.contractId === 1) lastTid = Math.max(lastTid ?? 0, t.tid);
  }
  return { book, lastTid };
}

describe('replay seek', () => {
  let ex: TestExchange;
  let lines: Lines;
  beforeAll(async () => {
    ex = await startTestExchange({ activity: 'busy' });
    const stateDir = temp();
    const session = createSession({ url: ex.url }, { address: '0x' + '11'.repeat(20) }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { marketStateMs: 200 }, record: {} });
    expect((await session.ready).ok).toBe(true);
    const s = () => session.store.getState();
    await waitFor(() => (s().market.trades[1]?.length ?? 0) > 5 && (session.recorder?.status().lines ?? 0) > 400, 'a busy market recorded', 15_000);
    await session.close();
    lines = await ReplayFeed.load(listRecordings(recordingsDir(stateDir)), { onWarning: (w) => expect.fail(w) });
  }, 25_000);
  afterAll(async () => {
    await ex?.close();
  });

  it('shows the book and the trades the recording had at each time sought, forward and back', async () => {
    const store = createAppStore();
    const feed = new ReplayFeed(lines, store);
    const { startUs, endUs } = feed.status();
    for (const pct of [90, 25, 60, 5, 100, 40]) {
      const us = feed.timeOf(`${pct}%`)!;
      expect(us).toBe(Math.round(startUs + ((endUs - startUs) * pct) / 100));
      await feed.seek(us);
      const want = recordedAt(lines, us);
      const book = store.getState().market.books[1];
      expect(want.book).toBeDefined();
      expect({ time: book?.time, levels: book?.levels }).toEqual({ time: want.book!.time, levels: want.book!.levels });
      const trades = store.getState().market.trades[1] ?? [];
      expect(trades.length > 0 ? Math.max(...trades.map((t) => t.tid)) : undefined).toBe(want.lastTid);
      expect(feed.status().nowUs).toBe(us);
    }
    // A step plays one message; the recorded time moves with it.
    await feed.seek(feed.timeOf('50%')!);
    const before = feed.status();
    feed.step();
    expect(feed.status().position).toBeGreaterThan(before.position);
    expect(feed.status().nowUs).toBeGreaterThanOrEqual(before.nowUs);
    // HH:MM:SS is the recording's day, UTC.
    const at = new Date(Math.floor((startUs + endUs) / 2 / 1000));
    const hms = at.toISOString().slice(11, 19);
    expect(Math.floor(feed.timeOf(hms)! / 1_000_000)).toBe(Math.floor(at.getTime() / 1000));
    expect(feed.timeOf('25:00')).toBeUndefined();
    expect(feed.timeOf('soon')).toBeUndefined();
    feed.close();
  });

  // Speed is the bench's (npm run bench -- recording, its seek row); a test never times itself.
  // PERPDESK_SEEK_HOUR=1 runs the hour here too, for the correctness of seeks that far.
  it.runIf(process.env['PERPDESK_SEEK_HOUR'] === '1')('seeks into a busy hour to the book of the time sought', async () => {
    const r = await timeSeeks(busyHour(lines), (store, us) => {
      const book = store.getState().market.books[1];
      expect(book).toBeDefined();
      expect(book!.time).toBeLessThanOrEqual(us / 1000 + 1);
    });
    const sorted = [...r.seeksMs].sort((a, b) => a - b);
    console.log(`replay seek: ${r.hours.toFixed(2)} h, ${r.mib.toFixed(0)} MiB of text, first pass ${r.firstPassMs.toFixed(0)} ms; seek median ${sorted[sorted.length >> 1]!.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`);
    expect(r.hours).toBeGreaterThan(0.95);
  }, 60_000);
});
