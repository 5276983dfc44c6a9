import { BLANK_VISIBLE } from './cellStyle.js';
import { hasCertainWidth } from './graphemeWidth.js';
import type { ScreenBuffer } from './ScreenBuffer.js';

/** Columns [s, e] of row y to rewrite from the next frame. */
export interface Segment {
  y: number;
  s: number;
  e: number;
}

/** Gaps of unchanged cells are rewritten rather than skipped when this cheap (bytes); a cursor move costs 3+. */
const MAX_GAP_BYTES = 3;

/**
 * True when cell i looks the same in both frames. Two blanks with the same
 * background and no line or inverse look alike whatever their foreground, bold or
 * italic, so restyling a padded field does not rewrite its padding.
 */
export function looksSame(prev: ScreenBuffer, next: ScreenBuffer, i: number): boolean {
  if (prev.sameCell(next, i)) return true;
  return (
    prev.chars[i] === ' ' &&
    next.chars[i] === ' ' &&
    prev.widths[i] === 1 &&
    next.widths[i] === 1 &&
    prev.bg[i] === next.bg[i] &&
    (prev.flags[i]! & BLANK_VISIBLE) === 0 &&
    (next.flags[i]! & BLANK_VISIBLE) === 0
  );
}

/** A blank that shows only its background: a space of width 1 without a line or inverse. */
export function isPlainBlank(buf: ScreenBuffer, i: number): boolean {
  return buf.chars[i] === ' ' && buf.widths[i] === 1 && (buf.flags[i]! & BLANK_VISIBLE) === 0;
}

function sameStyleAt(buf: ScreenBuffer, i: number, j: number): boolean {
  return buf.fg[i] === buf.fg[j] && buf.bg[i] === buf.bg[j] && buf.flags[i] === buf.flags[j];
}

/**
 * Whether rewriting the unchanged cells strictly between columns a and b of a row
 * (a and b are the ends of two changed runs) is cheaper than moving the cursor:
 * few bytes, one style (no SGR in between), widths every terminal agrees on.
 */
function cheapGap(next: ScreenBuffer, row: number, a: number, b: number): boolean {
  let bytes = 0;
  for (let x = a + 1; x < b; x++) {
    const i = row + x;
    if (!sameStyleAt(next, row + a, i)) return false;
    const ch = next.chars[i]!;
    if (next.widths[i] !== 0 && !hasCertainWidth(ch)) return false;
    bytes += ch.length === 1 && ch.charCodeAt(0) < 0x80 ? 1 : Buffer.byteLength(ch);
    if (bytes > MAX_GAP_BYTES) return false;
  }
  return sameStyleAt(next, row + a, row + b);
}

/**
 * The runs of cells that differ between two frames of the same size, in row-major
 * order. A wide glyph is always rewritten whole: a change to either half, in the
 * old frame or the new one, takes in the other half (so the terminal never keeps
 * half a glyph). Runs separated by a short, same-style gap are joined. A row's runs depend
 * on that row alone: `rows`, when given, flags the rows that may differ, and the others are
 * skipped.
 */
export function changedSegments(prev: ScreenBuffer, next: ScreenBuffer, rows?: Uint8Array): Segment[] {
  const cols = next.cols;
  const pw = prev.widths;
  const nw = next.widths;
  const segments: Segment[] = [];
  const skip = rows !== undefined && rows.length === next.rows ? rows : undefined;
  for (let y = 0; y < next.rows; y++) {
    if (skip !== undefined && skip[y] === 0) continue;
    const row = y * cols;
    let last: Segment | null = null;
    let c = 0;
    while (c < cols) {
      if (looksSame(prev, next, row + c)) {
        c++;
        continue;
      }
      let s = c;
      let e = c;
      while (s > 0 && (nw[row + s] === 0 || pw[row + s] === 0)) s--;
      for (;;) {
        while (e + 1 < cols && !looksSame(prev, next, row + e + 1)) e++;
        if (e < cols - 1 && (nw[row + e] === 2 || pw[row + e] === 2)) {
          e++;
          continue;
        }
        break;
      }
      if (last !== null) s = Math.max(s, last.e + 1);
      // The rest of the row became blank: one run to the end, written as a single EL.
      if (erasedToEnd(next, y, s) && changedFrom(prev, next, y, s) >= 3) e = cols - 1;
      if (last !== null && cheapGap(next, row, last.e, s)) last.e = e;
      else {
        last = { y, s, e };
        segments.push(last);
      }
      c = e + 1;
    }
  }
  return segments;
}

function changedFrom(prev: ScreenBuffer, next: ScreenBuffer, y: number, x: number): number {
  const row = y * next.cols;
  let n = 0;
  for (let i = row + x; i < row + next.cols; i++) if (!looksSame(prev, next, i)) n++;
  return n;
}

/** True when cells from column x to the end of row y are blanks of one background (EL can write them). */
function erasedToEnd(next: ScreenBuffer, y: number, x: number): boolean {
  const row = y * next.cols;
  const bg = next.bg[row + x];
  for (let i = row + x; i < row + next.cols; i++) if (!isPlainBlank(next, i) || next.bg[i] !== bg) return false;
  return true;
}
