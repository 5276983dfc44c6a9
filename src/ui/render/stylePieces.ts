import { BLANK_VISIBLE, type CellStyle } from './cellStyle.js';
import { isPlainBlank, type Segment } from './changedSegments.js';
import type { ScreenBuffer } from './ScreenBuffer.js';

/**
 * Columns [s, e] of row y that one pen writes: every cell has the piece's style, or is a
 * plain blank of its background. A piece of plain blanks only (`blank`) fits any pen of
 * that background without a line or inverse, so it needs no SGR of its own.
 */
export interface Piece extends Segment {
  blank: boolean;
  /** The style of the first glyph; only the background counts for a blank piece. */
  fg: number;
  bg: number;
  flags: number;
}

/** True when cell i of `buf` looks as it should when written with `pen`. */
export function fitsPen(buf: ScreenBuffer, i: number, pen: Readonly<CellStyle>): boolean {
  if (isPlainBlank(buf, i)) return buf.bg[i] === pen.bg && (pen.flags & BLANK_VISIBLE) === 0;
  return buf.fg[i] === pen.fg && buf.bg[i] === pen.bg && buf.flags[i] === pen.flags;
}

/**
 * Cuts changed runs into pieces of one pen, in row-major order: a style change starts a
 * new piece, a plain blank goes with the piece it is in when the background matches. A
 * wide glyph stays whole in one piece.
 */
export function stylePieces(next: ScreenBuffer, segments: readonly Segment[]): Piece[] {
  const cols = next.cols;
  const pieces: Piece[] = [];
  for (const seg of segments) {
    const row = seg.y * cols;
    let cur: Piece | null = null;
    for (let x = seg.s; x <= seg.e; x++) {
      const i = row + x;
      if (next.widths[i] === 0) {
        if (cur) cur.e = x;
        continue;
      }
      const blank = isPlainBlank(next, i);
      const bg = next.bg[i]!;
      if (cur !== null && cur.bg === bg) {
        if (cur.blank) {
          if (blank || (next.flags[i]! & BLANK_VISIBLE) === 0) {
            if (!blank) {
              cur.blank = false;
              cur.fg = next.fg[i]!;
              cur.flags = next.flags[i]!;
            }
            cur.e = x;
            continue;
          }
        } else if (fitsPen(next, i, cur)) {
          cur.e = x;
          continue;
        }
      }
      cur = { y: seg.y, s: x, e: x, blank, fg: blank ? 0 : next.fg[i]!, bg, flags: blank ? 0 : next.flags[i]! };
      pieces.push(cur);
    }
  }
  return pieces;
}
