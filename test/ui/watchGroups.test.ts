import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewerIo } from '../../src/serve/viewer.js';
import { EventEmitter } from 'node:events';
import { ViewerInput } from '../../src/serve/viewerStreams.js';
import { mountDashboard } from '../../src/ui/app/mountDashboard.js';
import { ScreenTurns } from '../../src/ui/serve/screenTurns.js';
import { viewerSession } from '../../src/ui/serve/viewerSession.js';
import { FAN_OUT_PER_TURN, WatchGroups } from '../../src/ui/serve/watchGroups.js';
import { createViewStore, type ViewStore } from '../../src/ui/view/viewStore.js';
import { startScreens, type Screens } from './support/screens.js';
import { createVirtualTerminal, type VirtualTerminal } from './support/virtualTerminal.js';

/**
 * Watchers share one screen (src/ui/serve/watchGroups.ts), on a real session over the
 * embedded exchange: viewers of one size, colour depth and rights are drawn by one mounted
 * dashboard, a late joiner sees what the others see, and a viewer's first key takes it to a
 * screen of its own with that key (nothing typed is lost, nothing reaches the others).
 */

let screens: Screens;
let groups: WatchGroups;
const views = new Set<ViewStore>();
const own: { close(): void }[] = [];
const terminals: VirtualTerminal[] = [];

function viewer(cols: number, rows: number, readOnly = false): { vt: VirtualTerminal; io: ViewerIo } {
  const vt = createVirtualTerminal(cols, rows);
  terminals.push(vt);
  // The server's keyboard stream, fed as an SSH channel feeds it.
  const stdin = new ViewerInput();
  vt.stdin.on('data', (d: string) => stdin.write(d));
  const io = {
    stdin,
    stdout: vt.stdout,
    stderr: vt.stdout,
    readOnly,
    who: { fingerprint: `SHA256:test${terminals.length}`, address: '127.0.0.1:1' },
    terminal: { term: 'xterm-256color' },
  } as unknown as ViewerIo;
  return { vt, io };
}

/** What the screen shows, row by row (a space written and a cell never written look alike). */
const shown = async (vt: VirtualTerminal) => (await vt.screen()).map((row) => row.trimEnd()).join('\n');

/**
 * The terminals' screens once they agree. Members get the same bytes, but a frame reaches
 * their channels on turns of the loop (screenTurns.ts), so a read of one terminal may fall
 * between a frame reaching it and reaching the next; the live figures (rtt, ages) change
 * often enough to catch that. Read together until the same, for up to 5 s; then as they are.
 */
async function agreed(...vts: VirtualTerminal[]): Promise<string[]> {
  let screensNow = await Promise.all(vts.map(shown));
  for (let i = 0; i < 100 && screensNow.some((x) => x !== screensNow[0]); i++) {
    await new Promise((res) => setTimeout(res, 50));
    screensNow = await Promise.all(vts.map(shown));
  }
  return screensNow;
}

beforeAll(async () => {
  screens = await startScreens();
  // As the server has them: every screen, the group's and each own one, on the same turns.
  const turns = new ScreenTurns();
  groups = new WatchGroups({
    turns,
    core: screens.core,
    newView: () => createViewStore(),
    onView: (v, live) => void (live ? views.add(v) : views.delete(v)),
    mountOwn: (io, v) => {
      views.add(v);
      const m = mountDashboard(screens.core, { stdin: io.stdin, stdout: io.stdout, viewStore: v, readOnly: io.readOnly, readOnlyWhy: 'read-only test viewer', session: viewerSession(screens.core.session, `ssh ${io.who.fingerprint}`, turns) });
      const screen = { closed: m.quit.then(() => m.unmount()), close: () => m.unmount() };
      own.push(screen);
      return screen;
    },
  });
}, 120_000);

afterAll(async () => {
  groups?.close();
  for (const s of own) s.close();
  for (const vt of terminals) vt.dispose();
  await screens?.close();
});

describe('watch groups', () => {
  it('draws watchers of one kind with one screen, a late joiner included, and a key takes a viewer to its own', async () => {
    const a = viewer(120, 40);
    const b = viewer(120, 40);
    const ma = groups.join(a.io, 'truecolor');
    const mb = groups.join(b.io, 'truecolor');
    // A read-only viewer and another size are other kinds: groups of their own.
    const r = viewer(120, 40, true);
    const small = viewer(80, 24);
    groups.join(r.io, 'truecolor');
    groups.join(small.io, 'truecolor');
    expect(groups.sizes.sort()).toEqual([1, 1, 2]);
    expect(views.size).toBe(3);
    await a.vt.waitFor('SOL1', 60_000);
    await b.vt.waitFor('SOL1', 60_000);
    await small.vt.waitFor('SOL1', 60_000);
    await r.vt.waitFor('SOL1', 60_000);

    // Let the market move, then a viewer joins late: it is drawn the whole screen and follows.
    await new Promise((res) => setTimeout(res, 1_500));
    const c = viewer(120, 40);
    const mc = groups.join(c.io, 'truecolor');
    expect(groups.sizes.sort()).toEqual([1, 1, 3]);
    await new Promise((res) => setTimeout(res, 1_000));
    // The three members' terminals show the same cells (they get the same bytes after the joiner's catch-up).
    const [sa, sb, sc] = await agreed(a.vt, b.vt, c.vt);
    expect(sb).toBe(sa);
    expect(sc).toBe(sa);

    // A's first key (s: a sell form) goes to a screen of A's own; B and C keep watching the group's.
    await a.vt.press('s');
    await a.vt.waitFor('Sell', 20_000);
    expect(groups.sizes.sort()).toEqual([1, 1, 2]);
    await a.vt.press('1', '9', '0');
    await a.vt.waitFor('190', 20_000);
    await new Promise((res) => setTimeout(res, 500));
    const [sb2, sc2] = await agreed(b.vt, c.vt);
    expect(sb2).not.toContain('190');
    expect(sc2).toBe(sb2);

    // Closing the members empties the group, whose screen goes with its last member.
    mb.close();
    expect(groups.sizes.sort()).toEqual([1, 1, 1]);
    const shownBefore = views.size;
    mc.close();
    await mc.closed;
    await new Promise((res) => setImmediate(res));
    expect(groups.sizes.sort()).toEqual([1, 1]);
    expect(views.size).toBe(shownBefore - 1);
    ma.close();
    await ma.closed;
  }, 120_000);

  it("writes a group's frames to every member in order, a share of the channels a turn", async () => {
    const a = viewer(120, 40);
    const ma = groups.join(a.io, 'truecolor');
    // Channels that only record what they get: enough of them for three shares.
    const count = FAN_OUT_PER_TURN * 2 + 5;
    const got: string[][] = Array.from({ length: count }, () => []);
    /** For each frame the first member got: whether the last had it too by the end of that task. */
    const lastHadIt: boolean[] = [];
    const members = Array.from({ length: count }, (_, i) => {
      const writes = got[i]!;
      const stdout = Object.assign(new EventEmitter(), {
        columns: 120,
        rows: 40,
        isTTY: true,
        write: (chunk: string) => {
          writes.push(String(chunk));
          if (i === 0) queueMicrotask(() => lastHadIt.push(got[count - 1]!.length >= writes.length));
          return true;
        },
      });
      const io = { ...a.io, stdin: new ViewerInput(), stdout, stderr: stdout, who: { fingerprint: `SHA256:rec${i}`, address: '127.0.0.1:2' } } as unknown as ViewerIo;
      return groups.join(io, 'truecolor');
    });
    await a.vt.waitFor('SOL1', 60_000);
    await new Promise((res) => setTimeout(res, 1_500));
    ma.close();
    for (const m of members) m.close();
    // The frames after each one's catch-up, the same bytes in the same order for every member.
    expect(got[0]!.length).toBeGreaterThan(2);
    for (const writes of got) expect(writes.join('')).toBe(got[0]!.join(''));
    // The frames reached the last share on a later turn than the first (one turn has not all the channels).
    expect(lastHadIt.slice(1)).not.toContain(true);
  }, 120_000);
});
