import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inputFrames } from '../../src/ui/render/frameBudget.js';
import { view } from '../../src/ui/view/viewStore.js';
import { startScreens, type Screens, type TestScreen } from './support/screens.js';
import type { FakeStdin } from './support/virtualTerminal.js';

/**
 * A key's frame is drawn at once (src/ui/render/frameBudget.ts, `inputFrames`, and the
 * eleventh edit of scripts/patchInk.mjs). ink's throttle is a debounce with a longest wait:
 * a render asked for within a frame interval of the last frame waited a whole interval from
 * then, so a key pressed just after a data frame waited 8 ms on a 120x40 screen for nothing.
 * Time is ink's throttle's own, under fake timers, so the figures are counts, not timings.
 */

let screens: Screens;
let small: TestScreen;
let big: TestScreen;

beforeAll(async () => {
  screens = await startScreens();
  small = screens.mount('small', { cols: 120, rows: 40 });
  big = screens.mount('big', { cols: 500, rows: 200 });
  await small.vt.waitFor('SOL1', 60_000);
  await big.vt.waitFor('SOL1', 60_000);
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await screens?.close();
});

const frames = (s: TestScreen) => s.mounted.diffOut!.stats.frames;
const send = (s: TestScreen, key: string) => (s.vt.stdin as unknown as FakeStdin).send(key);
const helpOpen = (s: TestScreen) => s.view.getState().overlays.some((o) => o.kind === 'help');

describe("a key's frame", () => {
  it('is drawn at once after a data frame, not when the throttle next allows', async () => {
    // What the screen was sent, with ink's time (the faked clock) of each write.
    const writes: { at: number; text: string }[] = [];
    const out = small.vt.stdout as unknown as { write: (chunk: string | Uint8Array, ...rest: unknown[]) => boolean };
    const write = out.write;
    out.write = (chunk, ...rest) => {
      writes.push({ at: Date.now(), text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8') });
      return write.call(out, chunk, ...rest);
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() });
    let keyAt = 0;
    try {
      // A data frame, then a key 1 ms later: inside that frame's 8-ms throttle window (or
      // inside the window of a frame the session's own updates drew just before it).
      await vi.advanceTimersByTimeAsync(50);
      const before = frames(small);
      view.notify(small.view, 'a data frame', 'info', Date.now());
      await vi.advanceTimersByTimeAsync(0);
      expect(frames(small)).toBeGreaterThan(before);
      await vi.advanceTimersByTimeAsync(1);
      keyAt = Date.now();
      send(small, '?');
      await vi.advanceTimersByTimeAsync(1);
      expect(helpOpen(small)).toBe(true);
    } finally {
      vi.useRealTimers();
      out.write = write;
    }
    // The help frame was written within 1 ms of ink's time after the key (8 ms before).
    const helpAt = writes.find((w) => w.at >= keyAt && w.text.includes('Help: keys'))?.at;
    expect(helpAt).toBeDefined();
    expect(helpAt! - keyAt).toBeLessThanOrEqual(1);
    await small.vt.waitFor('Help: keys', 10_000);
    send(small, '?');
    await small.vt.waitFor((screen) => !screen.includes('Help: keys'), 10_000);
  });

  it('keeps a big screen within twice its frame budget, however fast keys come', async () => {
    const KEYS = 60;
    const STEP_MS = 5;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() });
    let drawn = 0;
    try {
      await vi.advanceTimersByTimeAsync(500);
      const before = frames(big);
      for (let i = 0; i < KEYS; i++) {
        send(big, '?');
        await vi.advanceTimersByTimeAsync(STEP_MS);
      }
      await vi.advanceTimersByTimeAsync(1_000);
      drawn = frames(big) - before;
    } finally {
      vi.useRealTimers();
    }
    // 1.3 s of ink's time on a 6-fps screen: 8 frame slots for the throttle and as many for
    // keys, and a few for frames outside ink's throttle (the session's own updates in real
    // time). Keys drawn whenever they come, without the bound: 60.
    const budget = Math.ceil(((KEYS * STEP_MS + 1_000) * 6) / 1000);
    expect(drawn).toBeLessThanOrEqual(2 * budget + 5);
    expect(drawn).toBeGreaterThan(0);
    // Merged, never lost: an even number of '?' leaves help closed on both.
    expect(helpOpen(big)).toBe(false);
    await big.vt.waitFor((screen) => !screen.includes('Help: keys') && screen.includes('SOL1'), 10_000);
  }, 60_000);
});

describe('inputFrames', () => {
  it('allows a frame at once after input, at most once a frame interval', () => {
    const stdin = new EventEmitter();
    let t = 1_000;
    const keys = inputFrames(stdin, () => 10, () => t);
    expect(keys.frameNow()).toBe(false);
    stdin.emit('readable');
    expect(keys.frameNow()).toBe(true);
    // Granted once per input: the next render, without new input, waits for the throttle.
    expect(keys.frameNow()).toBe(false);
    t += 50;
    stdin.emit('readable');
    expect(keys.frameNow()).toBe(false);
    t += 50;
    // The input is still owed its frame once the interval has passed.
    expect(keys.frameNow()).toBe(true);
    keys.stop();
    t += 1_000;
    stdin.emit('readable');
    expect(keys.frameNow()).toBe(false);
    expect(stdin.listenerCount('readable')).toBe(0);
  });
});
