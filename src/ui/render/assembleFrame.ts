import { defaultStyle, type CellStyle } from './cellStyle.js';
import { ScreenBuffer } from './ScreenBuffer.js';
import { sgrTransition } from './sgrTransition.js';
import { resolveClip, type Bounds, type InkClip, type RegionOperation } from './regionCache.js';

import type { StyledLineCache } from './StyledLine.js';

/**
 * ink's frame assembly (what its `Output.get()` does) done on a cell grid: the write,
 * clip and unclip operations ink recorded while walking the laid-out tree are applied
 * to a ScreenBuffer, and the buffer is turned into the frame string ink goes on to
 * write. The result draws the same cells as ink's own assembly; it is cheaper because
 * lines are parsed once and kept across frames (StyledLineCache) instead of being
 * tokenized again, character objects and all, on every render.
 */

export type InkOperation =
  | { type: 'write'; x: number; y: number; text: string; transformers: ReadonlyArray<(line: string, index: number) => string> }
  | { type: 'clip'; clip: InkClip }
  | { type: 'unclip' }
  | RegionOperation;

/**
 * The operations drawn on a fresh grid of width x height; `into`, a buffer of that size,
 * is reset and drawn on instead of allocating one (the frame is the same).
 */
export function applyOperations(width: number, height: number, operations: readonly InkOperation[], cache: StyledLineCache, into?: ScreenBuffer): ScreenBuffer {
  const cols = Math.max(1, width);
  const rows = Math.max(1, height);
  let buffer: ScreenBuffer;
  if (into !== undefined && into.cols === cols && into.rows === rows) {
    into.reset();
    buffer = into;
  } else buffer = new ScreenBuffer(cols, rows);
  const full: Bounds = { x1: 0, x2: width, y1: 0, y2: height };
  const clips: Bounds[] = [];
  const style = defaultStyle();
  for (const op of operations) {
    if (op.type === 'clip') {
      // ink clips to the innermost box only; an inner box is always inside its parents here.
      const c = op.clip;
      clips.push(resolveClip(c, width, height));
      continue;
    }
    if (op.type === 'unclip') {
      clips.pop();
      continue;
    }
    if (op.type === 'blit') {
      op.entry.blit(buffer);
      continue;
    }
    if (op.type === 'capture') {
      op.entry.capture(buffer);
      continue;
    }
    const clip = clips.at(-1) ?? full;
    const x1 = Math.max(0, clip.x1);
    const x2 = Math.min(width, clip.x2);
    const lines = op.text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const y = op.y + index;
      if (y < clip.y1 || y >= clip.y2 || y < 0 || y >= height) continue;
      let line = lines[index]!;
      for (const transform of op.transformers) line = transform(line, index);
      const cells = cache.get(line);
      for (let i = 0; i < cells.cols; i++) {
        const w = cells.widths[i]!;
        if (w === 0) continue;
        const x = op.x + i;
        if (x < x1 || x + w > x2) continue;
        style.fg = cells.fg[i]!;
        style.bg = cells.bg[i]!;
        style.flags = cells.flags[i]!;
        buffer.write(x, y, cells.chars[i]!, w, style);
      }
    }
  }
  return buffer;
}

/**
 * Row y as a frame line: it starts and ends in the default style, trailing default
 * blanks dropped (as ink trims its lines). A row depends on its own cells only.
 */
function rowString(buffer: ScreenBuffer, y: number, current: CellStyle, next: CellStyle): string {
  const start = y * buffer.cols;
  let end = start + buffer.cols;
  while (end > start && buffer.isDefaultBlank(end - 1)) end--;
  let row = '';
  let run = '';
  for (let i = start; i < end; i++) {
    if (buffer.widths[i] === 0) continue;
    next.fg = buffer.fg[i]!;
    next.bg = buffer.bg[i]!;
    next.flags = buffer.flags[i]!;
    const sgr = sgrTransition(current, next);
    if (sgr !== '') {
      row += run + sgr;
      run = '';
      current.fg = next.fg;
      current.bg = next.bg;
      current.flags = next.flags;
    }
    run += buffer.chars[i]!;
  }
  row += run;
  if (current.fg !== 0 || current.bg !== 0 || current.flags !== 0) {
    row += '\x1b[m';
    current.fg = 0;
    current.bg = 0;
    current.flags = 0;
  }
  return row;
}

/** Rows joined by '\n', each starting and ending in the default style, trailing default blanks dropped. */
export function frameString(buffer: ScreenBuffer): string {
  const rows: string[] = [];
  const current: CellStyle = defaultStyle();
  const next: CellStyle = defaultStyle();
  for (let y = 0; y < buffer.rows; y++) rows.push(rowString(buffer, y, current, next));
  return rows.join('\n');
}

interface SizeState {
  /** The last frame assembled at this size and its rows as strings. */
  shown: ScreenBuffer;
  rows: string[];
  /** The buffer the next frame is drawn on (the one before last, reused). */
  spare: ScreenBuffer | undefined;
}

/**
 * `applyOperations` then `frameString`, without the per-frame garbage: the grid of the
 * frame before last is reset and drawn on, and a row whose cells equal the last frame's
 * keeps its string. A dashboard frame changes a few rows, so a 500x200 screen no longer
 * allocates 100,000 cells and strings a frame. The frame string is the same as
 * `frameString(applyOperations(...))`. State is kept per screen size, for the few last
 * sizes used (screens of one process share the assembler), so memory stays bounded.
 */
export class FrameAssembler {
  private readonly sizes = new Map<string, SizeState>();
  private readonly current: CellStyle = defaultStyle();
  private readonly next: CellStyle = defaultStyle();

  constructor(private readonly maxSizes = 4) {}

  assemble(width: number, height: number, operations: readonly InkOperation[], cache: StyledLineCache): string {
    const cols = Math.max(1, width);
    const rowCount = Math.max(1, height);
    const key = `${cols}x${rowCount}`;
    const state = this.sizes.get(key);
    const buffer = applyOperations(cols, rowCount, operations, cache, state?.spare);
    const rows: string[] = state?.rows ?? new Array<string>(rowCount);
    for (let y = 0; y < rowCount; y++) {
      if (state !== undefined && buffer.sameRow(state.shown, y)) continue;
      rows[y] = rowString(buffer, y, this.current, this.next);
    }
    // Most recently used last: the first key is the one to drop.
    this.sizes.delete(key);
    this.sizes.set(key, { shown: buffer, rows, spare: state?.shown });
    if (this.sizes.size > this.maxSizes) this.sizes.delete(this.sizes.keys().next().value!);
    return rows.join('\n');
  }
}
