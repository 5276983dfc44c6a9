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


/** A stdout that takes frames as cells (DiffingStdout). */
export interface CellFrameSink {
  perpdeskFrame(cells: ScreenBuffer, regions: RegionCounts | undefined): void;
}

export function isCellFrameSink(x: unknown): x is CellFrameSink {
  return typeof x === 'object' && x !== null && typeof (x as { perpdeskFrame?: unknown }).perpdeskFrame === 'function';
}

function sameCells(a: ScreenBuffer, b: ScreenBuffer): boolean {
  if (a.cols !== b.cols || a.rows !== b.rows) return false;
  for (let y = 0; y < a.rows; y++) if (!a.sameRow(b, y)) return false;
  return true;
}

/**
 * One screen's frames (kept on its ink root node): the last frame's cells, the buffer the
 * next one is drawn on (the one before last, reused), and the number naming the last
 * frame's content.
 */
export class RootFrames {
  private shownCells: ScreenBuffer | undefined;
  private spare: ScreenBuffer | undefined;
  private n = 0;

  get shown(): ScreenBuffer | undefined {
    return this.shownCells;
  }

  /** Draws the operations and returns the frame's token (unchanged when the cells are). */
  assemble(width: number, height: number, operations: readonly InkOperation[], cache: StyledLineCache): string {
    const buffer = applyOperations(Math.max(1, width), Math.max(1, height), operations, cache, this.spare);
    if (this.shownCells === undefined || !sameCells(buffer, this.shownCells)) this.n += 1;
    this.spare = this.shownCells;
    this.shownCells = buffer;
    return frameToken(this.n, buffer.rows);
  }
}
