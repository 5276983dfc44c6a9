import { ReplayFeed } from '../src/session/replayFeed.js';
import { createAppStore } from '../src/state/store.js';

/**
 * Issue 36's seek goal (docs/recording.md): a seek to any time of a busy hour's recording
 * within 200 ms. A real recording is made an hour long by repeating its lines, each copy a
 * recording's length later, with the exchange's times and trade ids moved on, so the books
 * stay newer and the trades new; then a seek to each of a set of times is timed.
 */
type Lines = Awaited<ReturnType<typeof ReplayFeed.load>>;

/** The recording's lines, again and again, to an hour (its first header kept). */
export function busyHour(lines: Lines, hours = 1): Lines {
  const body = lines.filter((l) => l.kind !== 'header');
  const span = body[body.length - 1]!.us - body[0]!.us + 1000;
  const wanted = Math.ceil(((hours * 3_600_000_000) / span) * body.length);
  const out: Lines = [lines[0]!];
  for (let copy = 0; out.length < wanted; copy++) {
    const shiftUs = copy * span;
    for (const l of body) {
      const message =
        copy === 0
          ? l.message
          : l.message.replace(/"time":(\d+)/g, (_m, t: string) => `"time":${Number(t) + shiftUs / 1000}`).replace(/"tid":(\d+)/g, (_m, t: string) => `"tid":${Number(t) + copy * 10_000_000}`);
      out.push({ us: l.us + shiftUs, kind: l.kind, message });
    }
  }
  return out;
}

export const SEEK_POINTS: readonly number[] = [50, 12.5, 99, 3, 77, 33, 66, 88];

/** Opens a replay of `lines`, waits for its first pass, then times a seek to each percentage; the store is checked by the caller's `check`. */
export async function timeSeeks(lines: Lines, check: (store: ReturnType<typeof createAppStore>, us: number) => void = () => {}): Promise<{ firstPassMs: number; seeksMs: number[]; hours: number; mib: number }> {
  const store = createAppStore();
  const t0 = performance.now();
  const feed = new ReplayFeed(lines, store);
  await feed.seek(lines[lines.length - 1]!.us);
  const firstPassMs = performance.now() - t0;
  const seeksMs: number[] = [];
  for (const pct of SEEK_POINTS) {
    const us = feed.timeOf(`${pct}%`)!;
    const t = performance.now();
    await feed.seek(us);
    seeksMs.push(performance.now() - t);
    check(store, us);
  }
  feed.close();
  return { firstPassMs, seeksMs, hours: (lines[lines.length - 1]!.us - lines[0]!.us) / 3_600_000_000, mib: lines.reduce((n, l) => n + l.message.length, 0) / 2 ** 20 };
}
