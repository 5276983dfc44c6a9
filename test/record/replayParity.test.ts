import { afterAll, expect, it } from 'vitest';
import { listRecordings, recordingsDir } from '../../src/record/recordingFiles.js';
import { ReplayFeed } from '../../src/session/replayFeed.js';
import { createSession } from '../../src/session/index.js';
import { createAppStore } from '../../src/state/store.js';
import type { AppState } from '../../src/state/types.js';
import { PANES } from '../../src/ui/panes/paneDefs.js';
import { setClock } from '../../src/ui/panes/useNow.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';
import { renderPane } from '../ui/support/renderPane.js';

/**
 * A replay shows what the live screen showed (issue 36): a busy embedded-exchange session is
 * watched and recorded; at moments of the live run the store is taken with the number of
 * lines recorded so far. The recording, replayed to each of those offsets, draws the book,
 * trades and chart panes through the real renderer exactly as the live store at that
 * moment drew them. Played at 50x on real timers, the store's book is at every frame the
 * recording's last book before the feed's position, and the replay ends on the live run's
 * last book.
 */
const temp = tempDirs('perpdesk-replay-parity-');
let ex: TestExchange | undefined;
afterAll(async () => {
  await ex?.close();
});

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const PANES_COMPARED = [
  ['book', 40, 18],
  ['trades', 40, 18],
  ['chart', 70, 18],
] as const;

/** The three panes drawn over the market part of a state, as text, on the clock of that moment (ages and stale marks). */
function frames(market: AppState['market'], nowMs: number): string[] {
  setClock(() => nowMs);
  const store = createAppStore({ market });
  return PANES_COMPARED.map(([id, width, height]) => {
    const r = renderPane(PANES[id], store, { width, height, focused: false });
    const text = plain(r.frame());
    r.unmount();
    return text;
  });
}
afterAll(() => setClock(undefined));

interface Level {
  px: string;
  sz: string;
}
type BookMessage = { channel: 'l2Book'; data: { contractId: number; levels: [Level[], Level[]] } };
const levelsOf = (book: { levels: readonly (readonly { px: string; sz: string }[])[] } | undefined) => book?.levels.map((side) => side.map((l) => `${l.px}@${l.sz}`));

it('replayed to the offsets of the live run, the book, trades and chart panes draw what they drew live; at 50x every frame holds the recorded book and the end is the live end', async () => {
  ex = await startTestExchange({ activity: 'busy' });
  const stateDir = temp();
  const session = createSession({ url: ex.url }, { address: '0x' + '33'.repeat(20) }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { marketStateMs: 250 }, record: {} });
  expect((await session.ready).ok).toBe(true);
  // The live moments: a store change, every 8th, with the count of messages recorded by then.
  const moments: { market: AppState['market']; lines: number; at: number }[] = [];
  let changes = 0;
  const off = session.store.subscribe((s) => {
    if (++changes % 8 === 0 && moments.length < 10) moments.push({ market: s.market, lines: session.recorder!.status().lines, at: Date.now() });
  });
  await waitFor(() => moments.length >= 10 && (session.store.getState().market.trades[1]?.length ?? 0) > 3, 'a busy market watched', 20_000);
  off();
  // The live end is the store once the session closed: the recorder writes a message when it
  // arrives, the store takes it at the coalescer's next flush (20 ms later), and closing
  // flushes it. Read before the close, the store could lack the recording's last book.
  await session.close();
  const liveEnd = session.store.getState().market;
  const lines = await ReplayFeed.load(listRecordings(recordingsDir(stateDir)), { onWarning: (w) => expect.fail(w) });

  // The replay's store starts as a replay session's does: the configs, the contract in view.
  const fresh = () => createAppStore({ market: { ...createAppStore().getState().market, configs: liveEnd.configs, selected: liveEnd.selected } });
  const store = fresh();
  const feed = new ReplayFeed(lines, store);
  let compared = 0;
  // The recorder counts messages; each file's header is a line of the recording besides them.
  const offsetOf = (messages: number) => {
    let seen = 0;
    for (let i = 0; i < lines.length; i++) if (lines[i]!.kind !== 'header' && ++seen === messages) return i + 1;
    return lines.length;
  };
  for (const m of moments) {
    const offset = offsetOf(m.lines);
    while (feed.status().position < offset && !feed.status().ended) feed.step();
    expect(feed.status().position, 'the replay reaches the offset').toBe(offset);
    const live = frames(m.market, m.at);
    // The recorded clock: the receive time of the last line played.
    const replayed = frames(store.getState().market, feed.nowMs());
    expect(replayed, `at line ${m.lines}`).toEqual(live);
    // A frame with data in it, not two empty panes alike.
    expect(live[0]).toMatch(/mid \d/);
    compared++;
  }
  expect(compared).toBe(10);
  feed.close();

  // 50x on real timers: at every tick the book is the recording's last before the position.
  const books = lines.map((l, i) => ({ i, m: l.kind === 'ws' && l.message.startsWith('{"channel":"l2Book"') ? (JSON.parse(l.message) as BookMessage) : undefined })).filter((x) => x.m?.data.contractId === 1);
  const store50 = fresh();
  const feed50 = new ReplayFeed(lines, store50);
  let frames50 = 0;
  const mismatches: string[] = [];
  // Each tick of the feed (its status changes after the store took the tick's lines).
  const off50 = feed50.subscribe(() => {
    const s = store50.getState();
    const pos = feed50.status().position;
    const expected = books.filter((b) => b.i < pos).at(-1)?.m?.data;
    frames50++;
    if (JSON.stringify(levelsOf(s.market.books[1])) !== JSON.stringify(levelsOf(expected))) mismatches.push(`at line ${pos}`);
  });
  feed50.setSpeed(50);
  feed50.play();
  await waitFor(() => feed50.status().ended, 'the replay at 50x ends', 10_000);
  off50();
  feed50.close();
  expect(frames50).toBeGreaterThan(2);
  expect(mismatches).toEqual([]);
  expect(levelsOf(store50.getState().market.books[1])).toEqual(levelsOf(liveEnd.books[1]));
}, 40_000);
