import { FloorEncoder } from './floor.js';
import { blankSnapshot, changedCells, newTerminal, snapshot, type Snapshot } from './screen.js';

/**
 * Replays a dashboard's recorded output into a headless xterm after the run, frame by
 * frame (ink and the diff renderer both end each frame with the synchronized-output close
 * `ESC[?2026l`), and computes the changed-cell floor for the frames inside the measuring
 * window. Done after the run so the bench process takes no CPU from the dashboards while
 * they are measured. Both configurations go through this same code.
 */
export const BEGIN_SYNC = '\x1b[?2026h';
export const END_SYNC = '\x1b[?2026l';

export interface Recording {
  cols: number;
  rows: number;
  /** Everything the dashboard wrote since it started. */
  text: string;
  /** Offsets into text of the measuring window. */
  windowStart: number;
  windowEnd: number;
}

export type RendererSeen = 'diff' | 'ink' | 'none';

export interface ReplayResult {
  frames: number;
  floorBytes: number;
  changedCells: number;
  /** Frames whose floor bytes, replayed into a second terminal, gave exactly the same screen. */
  verified: number;
  mismatched: number;
  renderer: RendererSeen;
}

function write(term: ReturnType<typeof newTerminal>, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

function sameScreen(a: Snapshot, b: Snapshot): boolean {
  return changedCells(a, b) === 0;
}

/**
 * Which renderer wrote this output: ink repaints a full-screen frame after `ESC[2J ESC[3J`
 * (or erases line by line with `ESC[2K`); the diff renderer never sends either.
 */
export function detectRenderer(text: string, frames: number): RendererSeen {
  if (frames === 0) return 'none';
  let inkMarks = 0;
  for (const mark of ['\x1b[3J', '\x1b[2K']) {
    for (let i = text.indexOf(mark); i !== -1; i = text.indexOf(mark, i + 1)) inkMarks++;
  }
  return inkMarks * 2 >= frames ? 'ink' : 'diff';
}

export async function replay(rec: Recording, o: { verify?: boolean } = {}): Promise<ReplayResult> {
  const term = newTerminal(rec.cols, rec.rows);
  const check = o.verify === false ? undefined : newTerminal(rec.cols, rec.rows);
  const encoder = new FloorEncoder();
  const firstEnd = rec.text.indexOf(END_SYNC, rec.windowStart);
  const result: ReplayResult = { frames: 0, floorBytes: 0, changedCells: 0, verified: 0, mismatched: 0, renderer: 'none' };
  if (firstEnd === -1 || firstEnd >= rec.windowEnd) return result;
  let pos = firstEnd + END_SYNC.length;
  await write(term, rec.text.slice(0, pos));
  let prev = snapshot(term);
  if (check) await write(check, encoder.encode(blankSnapshot(rec.cols, rec.rows), prev));
  for (;;) {
    const idx = rec.text.indexOf(END_SYNC, pos);
    if (idx === -1 || idx >= rec.windowEnd) break;
    const end = idx + END_SYNC.length;
    await write(term, rec.text.slice(pos, end));
    pos = end;
    const next = snapshot(term);
    const bytes = encoder.encode(prev, next);
    result.frames++;
    result.floorBytes += Buffer.byteLength(bytes);
    result.changedCells += changedCells(prev, next);
    if (check) {
      await write(check, bytes);
      if (sameScreen(snapshot(check), next)) result.verified++;
      else result.mismatched++;
    }
    prev = next;
  }
  result.renderer = detectRenderer(rec.text.slice(rec.windowStart, rec.windowEnd), result.frames);
  term.dispose();
  check?.dispose();
  return result;
}
