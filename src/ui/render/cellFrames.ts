import { applyOperations, type InkOperation } from './assembleFrame.js';
import type { RegionCounts } from './regionCache.js';
import type { ScreenBuffer } from './ScreenBuffer.js';
import type { StyledLineCache } from './StyledLine.js';

/**
 * Frames handed over as cells. ink turns each frame into a string and writes it to its
 * stdout; when that stdout is a DiffingStdout, the string would only be parsed back into
 * the cells the frame assembly has just drawn. So the assembly hands the stdout the cells
 * (`perpdeskFrame`, reached through ink's root node: scripts/patchInk.mjs) and gives ink a
 * short token in place of the frame's text: an APC string (which terminals ignore) naming
 * the frame, the same for a frame whose cells did not change, so ink's own "nothing
 * changed" check still skips the write. The DiffingStdout puts the cells where the text
 * would have put them when it meets the token, and the line breaks after it move the cursor
 * as the text's would.
 */

export const FRAME_TOKEN_START = '\x1b_perpdesk-frame;';
const FRAME_TOKEN_END = '\x1b\\';

/**
 * The text ink gets for frame n of `rows` rows: the APC string, then the frame's line breaks,
 * so that ink counts the lines it has to erase before the next frame as for the frame's text.
 */
export function frameToken(n: number, rows: number): string {
  return `${FRAME_TOKEN_START}${n}${FRAME_TOKEN_END}${'\n'.repeat(Math.max(0, rows - 1))}`;
}

/** Where a frame token ends in `text` (its start at `from`), or -1. */
export function frameTokenEnd(text: string, from: number): number {
  const end = text.indexOf(FRAME_TOKEN_END, from + FRAME_TOKEN_START.length);
  return end < 0 ? -1 : end + FRAME_TOKEN_END.length;
}


/**
 * How a frame's cells differ from an earlier frame's of the same screen: frame `n` (the
 * number its token carries) differs from frame `base` only in the rows flagged in `changed`
 * (-1: no such frame, nothing known).
 */
export interface FrameChange {
  readonly n: number;
  readonly base: number;
  readonly changed: Uint8Array;
}

/** A stdout that takes frames as cells (DiffingStdout). */
export interface CellFrameSink {
  perpdeskFrame(cells: ScreenBuffer, regions: RegionCounts | undefined, change?: FrameChange): void;
}

export function isCellFrameSink(x: unknown): x is CellFrameSink {
  return typeof x === 'object' && x !== null && typeof (x as { perpdeskFrame?: unknown }).perpdeskFrame === 'function';
}

/** The number a frame token (from `at` to `end`) carries, or -1. */
export function frameTokenNumber(text: string, at: number, end: number): number {
  const from = at + FRAME_TOKEN_START.length;
  const to = end - FRAME_TOKEN_END.length;
  if (to <= from || to - from > 15) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const ERASE_LINE = '\x1b[2K';
const CURSOR_UP = '\x1b[1A';
const CURSOR_LEFT = '\x1b[G';

/**
 * How many lines `text.slice(0, end)` erases when it is exactly what ink writes before a frame,
 * ansi-escapes' `eraseLines(count)` (EL 2 and CUU 1, count times, the last without the CUU,
 * then CHA 1; nothing for 0); -1 when it is anything else.
 */
export function inkEraseLines(text: string, end: number): number {
  if (end === 0) return 0;
  const count = (end + CURSOR_UP.length - CURSOR_LEFT.length) / (ERASE_LINE.length + CURSOR_UP.length);
  if (!Number.isInteger(count) || count < 1) return -1;
  let i = 0;
  for (let k = 0; k < count; k++) {
    if (!text.startsWith(ERASE_LINE, i)) return -1;
    i += ERASE_LINE.length;
    if (k < count - 1) {
      if (!text.startsWith(CURSOR_UP, i)) return -1;
      i += CURSOR_UP.length;
    }
  }
  return text.startsWith(CURSOR_LEFT, i) && i + CURSOR_LEFT.length === end ? count : -1;
}

/**
 * One screen's frames (kept on its ink root node): the last frame's cells, the buffer the
 * next one is drawn on (the one before last, reused), the number naming the last frame's
 * content, and which of its rows differ from the frame before (`change`), which spares the
 * stdout comparing and copying the rows that did not.
 */
export class RootFrames implements FrameChange {
  private shownCells: ScreenBuffer | undefined;
  private spare: ScreenBuffer | undefined;
  n = 0;
  base = -1;
  changed = new Uint8Array(0);

  get shown(): ScreenBuffer | undefined {
    return this.shownCells;
  }

  /** Draws the operations and returns the frame's token (unchanged when the cells are). */
  assemble(width: number, height: number, operations: readonly InkOperation[], cache: StyledLineCache): string {
    const buffer = applyOperations(Math.max(1, width), Math.max(1, height), operations, cache, this.spare);
    const last = this.shownCells;
    if (last === undefined || last.cols !== buffer.cols || last.rows !== buffer.rows) {
      this.n += 1;
      this.base = -1;
    } else {
      if (this.changed.length !== buffer.rows) this.changed = new Uint8Array(buffer.rows);
      let any = false;
      for (let y = 0; y < buffer.rows; y++) {
        const changed = !buffer.sameRow(last, y);
        this.changed[y] = changed ? 1 : 0;
        any ||= changed;
      }
      // Unchanged cells keep the number (and so the token); the rows flagged are none.
      this.base = this.n;
      if (any) this.n += 1;
    }
    this.spare = last;
    this.shownCells = buffer;
    return frameToken(this.n, buffer.rows);
  }
}
