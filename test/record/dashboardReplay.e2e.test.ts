import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { listRecordings, recordingsDir } from '../../src/record/recordingFiles.js';
import { ReplayFeed } from '../../src/session/replayFeed.js';
import { createSession } from '../../src/session/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';
import { launchDashboard, type Dashboard } from '../ui/support/dashboard.js';

/**
 * `perpdesk replay PATH` on a terminal (issue 36): a busy embedded-exchange session is
 * recorded, then the built CLI replays it in a real pty. At max speed the book and trades
 * panes end on the recording's last book and trade; the status bar says REPLAY with the
 * recorded time; `g` to a percentage, Space and `.` move the time shown.
 */
const temp = tempDirs('perpdesk-e2e-replay-');
let ex: TestExchange;
let folder: string;
let lines: Awaited<ReturnType<typeof ReplayFeed.load>>;
let d: Dashboard | undefined;

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'busy' });
  const stateDir = temp();
  const session = createSession({ url: ex.url }, { address: '0x' + '22'.repeat(20) }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { marketStateMs: 250 }, record: {} });
  expect((await session.ready).ok).toBe(true);
  await waitFor(() => (session.store.getState().market.trades[1]?.length ?? 0) > 3 && (session.recorder?.status().lines ?? 0) > 150, 'a busy market recorded', 15_000);
  await session.close();
  folder = recordingsDir(stateDir);
  lines = await ReplayFeed.load(listRecordings(folder), { onWarning: (w) => expect.fail(w) });
}, 25_000);
afterEach(async () => {
  await d?.stop();
  d = undefined;
});
afterAll(async () => {
  await ex?.close();
});

interface Level {
  px: string;
  sz: string;
}
const hms = (us: number) => new Date(Math.floor(us / 1000)).toISOString().slice(11, 19);
const shownTime = (screen: string) => /REPLAY (\d\d:\d\d:\d\d)/.exec(screen)?.[1];

it('replays to the recording\'s last book and trade at max speed; seek, play, pause and step move the recorded time', async () => {
  const messages = lines.filter((l) => l.kind === 'ws').map((l) => JSON.parse(l.message) as { channel: string; data: unknown });
  const lastBook = messages.filter((m) => m.channel === 'l2Book').at(-1)!.data as { levels: [Level[], Level[]] };
  const lastTrade = (messages.filter((m) => m.channel === 'trades').at(-1)!.data as { px: string; sz: string; side: 'B' | 'A' }[]).at(-1)!;
  const [bid, ask] = [lastBook.levels[0][0]!, lastBook.levels[1][0]!];
  const endUs = lines.at(-1)!.us;
  const startUs = lines[0]!.us;

  d = launchDashboard(['replay', folder, '--speed', 'max'], { env: { CI: undefined } });
  const end = await d.term.waitFor((s) => s.includes(`REPLAY ${hms(endUs)} max ended`) && s.includes('Trades SOL1'), 15_000);
  // The book pane: the last snapshot's best bid and ask, price and size, as the pane draws them.
  expect(end).toMatch(new RegExp(`B\\s+${bid.px}\\s+${bid.sz}\\s`));
  expect(end).toMatch(new RegExp(`S\\s+${ask.px}\\s+${ask.sz}\\s`));
  // The trades pane's newest row: the last trade.
  expect(end).toMatch(new RegExp(`${lastTrade.side === 'B' ? 'B' : 'S'}\\s+${lastTrade.px}\\s+\\S?\\s*${lastTrade.sz}\\s+\\d\\d:\\d\\d:\\d\\d`));
  expect(end).toContain('READ-ONLY');

  // g 50% Enter: the time half way, paused.
  await d.term.press('g', '5', '0', '%', '\r');
  const half = hms(startUs + (endUs - startUs) / 2);
  await d.term.waitFor(`REPLAY ${half} max paused`, 5_000);
  // Slower to 1x (max → 50 → 10 → 5 → 2 → 1), then play: the time moves on; pause holds it.
  await d.term.press('-', '-', '-', '-', '-');
  await d.term.waitFor(`REPLAY ${half} 1x paused`, 3_000);
  await d.term.press(' ');
  const playing = await d.term.waitFor((s) => /REPLAY \S+ 1x playing/.test(s) && shownTime(s)! > half, 5_000);
  await d.term.press(' ');
  const paused = await d.term.waitFor(/REPLAY \S+ 1x paused/, 3_000);
  expect(shownTime(paused)! >= shownTime(playing)!).toBe(true);
  // Steps, one message each, until the recorded second changes: still paused, later.
  await d.term.press('g', '0', '%', '\r');
  await d.term.waitFor(`REPLAY ${hms(startUs)} 1x paused`, 3_000);
  let stepped: string | undefined;
  for (let i = 0; i < 200 && stepped === undefined; i++) {
    await d.term.press('.');
    const t = shownTime(await d.term.text());
    if (t !== undefined && t !== hms(startUs)) stepped = t;
  }
  expect(stepped! > hms(startUs)).toBe(true);
  expect(await d.term.text()).toMatch(/REPLAY \S+ 1x paused/);
  // Nothing signs in a replay: b is refused.
  await d.term.press('b');
  await d.term.waitFor(/read-only|monitor mode/i, 3_000);
  await d.term.press('q');
  const exit = await Promise.race([d.term.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), 6_000))]);
  expect(exit?.exitCode).toBe(0);
}, 60_000);
