import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectLastError } from '../../src/state/selectors.js';
import { frameBudgetFps } from '../../src/ui/render/frameBudget.js';
import { view } from '../../src/ui/view/viewStore.js';
import { startScreens, type Screens, type TestScreen } from './support/screens.js';

/**
 * A screen's frame budget (src/ui/render/frameBudget.ts, applied in mountDashboard): a
 * 500x200 screen, the biggest an SSH viewer gets, draws a fixed run of changes in far
 * fewer frames than a 120x40 one, and still ends on the last change. Time is ink's
 * throttle's own, under fake timers, so the figures are counts, not timings.
 */

const CHANGES = 60;
const STEP_MS = 10;

let screens: Screens;
let big: TestScreen;
let small: TestScreen;
/** Opens at 80x24 (250 fps) and grows to 500x200: a hostile viewer's way round the budget. */
let grown: TestScreen;

beforeAll(async () => {
  screens = await startScreens();
  big = screens.mount('big', { cols: 500, rows: 200 });
  small = screens.mount('small', { cols: 120, rows: 40 });
  grown = screens.mount('grown', { cols: 80, rows: 24 });
  await big.vt.waitFor('SOL1', 60_000);
  await small.vt.waitFor('SOL1', 60_000);
  await grown.vt.waitFor('SOL1', 60_000);
  grown.vt.resize(500, 200);
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await screens?.close();
});

const frames = (s: TestScreen) => s.mounted.diffOut!.stats.frames;

describe('frame budget', () => {
  it('scales frames a second by the screen area, within the cells-a-second budget', () => {
    expect(frameBudgetFps(120, 40, 250)).toBe(125);
    expect(frameBudgetFps(500, 200, 250)).toBe(6);
    expect(frameBudgetFps(80, 24, 250)).toBe(250);
    expect(frameBudgetFps(10_000, 10_000, 250)).toBe(4);
    // Cells a second stay bounded for every size above the smallest.
    for (const [c, r] of [[200, 60], [300, 100], [500, 200], [333, 77]] as const) expect(c * r * frameBudgetFps(c, r, 250)).toBeLessThanOrEqual(600_000);
  });

  it(`draws ${CHANGES} changes ${STEP_MS} ms apart in a handful of frames on 500x200 and one each on 120x40`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() });
    const before = { big: frames(big), small: frames(small), grown: frames(grown) };
    for (let i = 0; i < CHANGES; i++) {
      for (const s of [big, small, grown]) view.notify(s.view, `change ${i}`, 'info', Date.now());
      await vi.advanceTimersByTimeAsync(STEP_MS);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    const drawn = { big: frames(big) - before.big, small: frames(small) - before.small, grown: frames(grown) - before.grown };
    vi.useRealTimers();
    // 1.6 s of ink's time: a 6-fps screen has 10 frame slots and the leading one (the
    // session's own updates, in real time, fall in the same slots); a few more are allowed
    // for frames that do not go through ink's throttle (ink's immediate renders, a frame
    // the changed-cells writer flushes in two on a loaded host). Without the budget: 68.
    const bound = Math.ceil(((CHANGES * STEP_MS + 1_000) * 6) / 1000) + 5;
    expect(drawn.big).toBeLessThanOrEqual(bound);
    // The budget follows the size: a screen that opened at 80x24 and grew draws as a 500x200 one.
    expect(drawn.grown).toBeLessThanOrEqual(bound);
    expect(drawn.small).toBeGreaterThanOrEqual(CHANGES);
    // Merged, never lost: each shows the last change, unless a newer message took the bar
    // since (the newest message wins: a poll of the session failing after the last change,
    // on a loaded host before a 6-fps screen's next frame, shows that error instead).
    const lastShown = (s: TestScreen) => (screen: string) => {
      if (screen.includes(`change ${CHANGES - 1}`)) return true;
      const e = selectLastError(screens.session.store.getState());
      const noticeAt = s.view.getState().notice?.at ?? Infinity;
      return e !== undefined && e.time > noticeAt && screen.includes(e.message.slice(0, 10));
    };
    await big.vt.waitFor(lastShown(big), 10_000);
    await small.vt.waitFor(lastShown(small), 10_000);
    await grown.vt.waitFor(lastShown(grown), 10_000);
  }, 60_000);
});
