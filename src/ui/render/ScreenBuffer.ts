import type { CellStyle } from './cellStyle.js';

/** The cell arrays of a grid of rows (a ScreenBuffer's, a region's kept cells). */
export interface CellRows {
  readonly chars: readonly string[];
  readonly widths: Uint8Array;
  readonly fg: Uint32Array;
  readonly bg: Uint32Array;
  readonly flags: Uint16Array;
}

/**
 * Copies `count` cells from index `from` of `src` to index `to` of `dst`, cell by cell
 * rather than through subarray views (a view per row and array was most of what a frame's
 * kept regions allocated).
 */
export function copyCells(src: CellRows, from: number, dst: CellRows & { chars: string[] }, to: number, count: number): void {
  for (let i = 0; i < count; i++) {
    dst.chars[to + i] = src.chars[from + i]!;
    dst.widths[to + i] = src.widths[from + i]!;
    dst.fg[to + i] = src.fg[from + i]!;
    dst.bg[to + i] = src.bg[from + i]!;
    dst.flags[to + i] = src.flags[from + i]!;
  }
}

/**
 * A cols x rows grid of cells, stored column-major per row in parallel arrays so a
 * frame costs a handful of allocations, not one object per cell.
 *
 * A cell holds a grapheme and a width: 1 (narrow), 2 (the left half of a wide
 * glyph) or 0 (the right half, whose char is ''). Invariant kept by every write: a
 * width-2 cell is always followed by a width-0 cell and a width-0 cell always
 * follows a width-2 cell, so half a wide glyph never survives an overwrite (the
 * other half becomes a blank, as in xterm).
 *
 * A blank is ' '; an erased cell is a blank with the default foreground, no flags
 * and the background that was current when it was erased.
 */
export class ScreenBuffer {
  readonly cols: number;
  readonly rows: number;
  readonly chars: string[];
  readonly widths: Uint8Array;
  readonly fg: Uint32Array;
  readonly bg: Uint32Array;
  readonly flags: Uint16Array;

  constructor(cols: number, rows: number) {
    this.cols = Math.max(1, Math.floor(cols) || 1);
    this.rows = Math.max(1, Math.floor(rows) || 1);
    const size = this.cols * this.rows;
    this.chars = new Array<string>(size).fill(' ');
    this.widths = new Uint8Array(size).fill(1);
    this.fg = new Uint32Array(size);
    this.bg = new Uint32Array(size);
    this.flags = new Uint16Array(size);
  }

  /** Every cell back to a default blank, as a new buffer of this size starts (no allocation). */
  reset(): void {
    this.chars.fill(' ');
    this.widths.fill(1);
    this.fg.fill(0);
    this.bg.fill(0);
    this.flags.fill(0);
  }

  /** True when row y holds the same cells here as in `other` (a buffer of the same size). */
  sameRow(other: ScreenBuffer, y: number): boolean {
    const end = (y + 1) * this.cols;
    for (let i = y * this.cols; i < end; i++) if (!this.sameCell(other, i)) return false;
    return true;
  }

  index(x: number, y: number): number {
    return y * this.cols + x;
  }

  /** Sets one cell verbatim, without wide-glyph bookkeeping. */
  put(i: number, char: string, width: number, fg: number, bg: number, flags: number): void {
    this.chars[i] = char;
    this.widths[i] = width;
    this.fg[i] = fg;
    this.bg[i] = bg;
    this.flags[i] = flags;
  }

  private blankWith(i: number, style: Readonly<CellStyle>): void {
    this.put(i, ' ', 1, style.fg, style.bg, style.flags);
  }

  /**
   * Writes a grapheme of width 1 or 2 at (x, y); the caller makes sure it fits
   * (x + width <= cols). A wide glyph that gets half overwritten leaves a blank in
   * the current style in its other half.
   */
  write(x: number, y: number, char: string, width: number, style: Readonly<CellStyle>): void {
    const row = y * this.cols;
    const i = row + x;
    if (x > 0 && this.widths[i] === 0) this.blankWith(i - 1, style);
    const after = x + width;
    if (after < this.cols && this.widths[row + after] === 0) this.blankWith(row + after, style);
    this.put(i, char, width, style.fg, style.bg, style.flags);
    if (width === 2) this.put(i + 1, '', 0, style.fg, style.bg, style.flags);
  }

  /** Adds a zero-width grapheme (combining mark) to the glyph left of column x. */
  join(x: number, y: number, mark: string): void {
    if (x <= 0) return;
    let i = y * this.cols + Math.min(x, this.cols) - 1;
    if (this.widths[i] === 0 && x >= 2) i -= 1;
    const current = this.chars[i] ?? ' ';
    // Bounded: a stream of combining marks cannot grow one cell without limit.
    if (current.length < 32) this.chars[i] = current + mark;
  }

  /** Erases columns [from, to) of row y with background `bg` (EL, ED, ECH). */
  erase(y: number, from: number, to: number, bg: number): void {
    const start = Math.max(0, from);
    const end = Math.min(this.cols, to);
    if (start >= end) return;
    const row = y * this.cols;
    if (start > 0 && this.widths[row + start] === 0) this.put(row + start - 1, ' ', 1, 0, bg, 0);
    if (end < this.cols && this.widths[row + end] === 0) this.put(row + end, ' ', 1, 0, bg, 0);
    for (let i = row + start; i < row + end; i++) this.put(i, ' ', 1, 0, bg, 0);
  }

  /** Moves rows [top, bottom] up by n, filling the freed rows at the bottom with erased cells. */
  scrollUp(n: number, bg: number, top = 0, bottom = this.rows - 1): void {
    const count = Math.min(n, bottom - top + 1);
    if (count <= 0) return;
    const cols = this.cols;
    const from = (top + count) * cols;
    const end = (bottom + 1) * cols;
    this.copyWithin(top * cols, from, end);
    for (let y = bottom - count + 1; y <= bottom; y++) this.erase(y, 0, cols, bg);
  }

  /** Moves rows [top, bottom] down by n, filling the freed rows at the top with erased cells. */
  scrollDown(n: number, bg: number, top = 0, bottom = this.rows - 1): void {
    const count = Math.min(n, bottom - top + 1);
    if (count <= 0) return;
    const cols = this.cols;
    this.copyWithin((top + count) * cols, top * cols, (bottom + 1 - count) * cols);
    for (let y = top; y < top + count; y++) this.erase(y, 0, cols, bg);
  }

  private copyWithin(target: number, start: number, end: number): void {
    this.chars.copyWithin(target, start, end);
    this.widths.copyWithin(target, start, end);
    this.fg.copyWithin(target, start, end);
    this.bg.copyWithin(target, start, end);
    this.flags.copyWithin(target, start, end);
  }

  clear(bg = 0): void {
    for (let y = 0; y < this.rows; y++) this.erase(y, 0, this.cols, bg);
  }

  sameCell(other: ScreenBuffer, i: number): boolean {
    return (
      this.chars[i] === other.chars[i] &&
      this.widths[i] === other.widths[i] &&
      this.fg[i] === other.fg[i] &&
      this.bg[i] === other.bg[i] &&
      this.flags[i] === other.flags[i]
    );
  }

  /** A blank that erase sequences (EL, ECH) can produce: ' ', default fg, no flags. */
  isErased(i: number): boolean {
    return this.chars[i] === ' ' && this.fg[i] === 0 && this.flags[i] === 0 && this.widths[i] === 1;
  }

  /** A blank in the default style (what ink trims from a row's end). */
  isDefaultBlank(i: number): boolean {
    return this.chars[i] === ' ' && this.fg[i] === 0 && this.bg[i] === 0 && this.flags[i] === 0;
  }

  clone(): ScreenBuffer {
    const copy = new ScreenBuffer(this.cols, this.rows);
    copy.copyFrom(this);
    return copy;
  }

  /** Copies another buffer of the same size into this one. */
  copyFrom(other: ScreenBuffer): void {
    if (other.cols !== this.cols || other.rows !== this.rows) throw new RangeError('buffer sizes differ');
    for (let i = 0; i < other.chars.length; i++) this.chars[i] = other.chars[i]!;
    this.widths.set(other.widths);
    this.fg.set(other.fg);
    this.bg.set(other.bg);
    this.flags.set(other.flags);
  }

  /** Copies the rows flagged in `rows` (non-zero) of another buffer of the same size into this one. */
  copyRows(other: ScreenBuffer, rows: Uint8Array): void {
    if (other.cols !== this.cols || other.rows !== this.rows) throw new RangeError('buffer sizes differ');
    this.copyRowsAt(other, 0, rows);
  }

  /**
   * Copies rows of `source` (as wide as this buffer) to rows `at` on, all of them or those
   * flagged in `rows` (non-zero).
   */
  copyRowsAt(source: CellRows, at: number, rows?: Uint8Array): void {
    const cols = this.cols;
    const count = source.widths.length / cols;
    for (let r = 0; r < count; r++) {
      if (rows !== undefined && rows[r] === 0) continue;
      copyCells(source, r * cols, this, (at + r) * cols, cols);
    }
  }

  /**
   * A new buffer of the given size holding this one's rows from `topRow` on, cut at
   * the right edge (a wide glyph split by the edge is erased, as a cropping terminal does).
   */
  resized(cols: number, rows: number, topRow = 0): ScreenBuffer {
    const next = new ScreenBuffer(cols, rows);
    const width = Math.min(this.cols, next.cols);
    for (let y = 0; y < next.rows && y + topRow < this.rows; y++) {
      const src = (y + topRow) * this.cols;
      const dst = y * next.cols;
      for (let x = 0; x < width; x++) {
        const i = src + x;
        next.put(dst + x, this.chars[i]!, this.widths[i]!, this.fg[i]!, this.bg[i]!, this.flags[i]!);
      }
      const last = dst + width - 1;
      if (next.widths[last] === 2) next.put(last, ' ', 1, 0, 0, 0);
    }
    return next;
  }

  /** The text of row y (wide glyphs once, right halves skipped). */
  rowText(y: number, trimEnd = true): string {
    let text = '';
    const row = y * this.cols;
    for (let x = 0; x < this.cols; x++) if (this.widths[row + x] !== 0) text += this.chars[row + x];
    return trimEnd ? text.trimEnd() : text;
  }

  lines(): string[] {
    const out: string[] = [];
    for (let y = 0; y < this.rows; y++) out.push(this.rowText(y));
    return out;
  }
}
