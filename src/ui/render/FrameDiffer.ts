import { copyStyle, defaultStyle, isDefaultStyle, type CellStyle } from './cellStyle.js';
import { changedSegments, type Segment } from './changedSegments.js';
import { cursorMove, type CursorPosition } from './cursorMove.js';
import { hasCertainWidth } from './graphemeWidth.js';
import { ScreenBuffer } from './ScreenBuffer.js';
import { sgrTransition } from './sgrTransition.js';

const CSI = '\x1b[';
export const BEGIN_SYNC = `${CSI}?2026h`;
export const END_SYNC = `${CSI}?2026l`;
export const HIDE_CURSOR = `${CSI}?25l`;
export const SHOW_CURSOR = `${CSI}?25h`;

/** Above this many segments a frame is written in plain row-major order (cost stays linear). */
const MAX_REORDERED = 2000;
/** Runs of erased cells at least this long are considered for EL/ECH instead of spaces. */
const MIN_ERASE_RUN = 3;

export interface FrameCursor {
  x: number;
  y: number;
  visible: boolean;
}

export interface FrameDifferOptions {
  /** Wrap each frame in synchronized-output brackets (default true). */
  synchronized?: boolean;
}

interface TerminalState extends CursorPosition {
  style: CellStyle;
}

/**
 * Turns a sequence of screens into the bytes that take a terminal from one to the
 * next: for each changed run of cells a cursor move, SGR changes only where the
 * style differs from the terminal's current one, and the characters. It remembers
 * the last frame it emitted and where it left the cursor and style.
 *
 * The first frame, a size change and invalidate() produce a full repaint (home,
 * erase screen, every non-blank cell). A diff that would be longer than a repaint is
 * replaced by one. Identical frames produce nothing.
 */
export class FrameDiffer {
  private prev: ScreenBuffer | null = null;
  private blank: ScreenBuffer | null = null;
  private state: TerminalState = { x: -1, y: -1, style: defaultStyle() };
  private styleKnown = false;
  private cursorShown: boolean | null = null;
  private readonly synchronized: boolean;
  fullRepaints = 0;

  constructor(options: FrameDifferOptions = {}) {
    this.synchronized = options.synchronized ?? true;
  }

  /** The frame the terminal shows after the last render(), or null before the first. */
  get lastFrame(): ScreenBuffer | null {
    return this.prev;
  }

  /** Makes the next render() a full repaint (after a resize or foreign output). */
  invalidate(): void {
    this.prev = null;
    this.state.x = -1;
    this.state.y = -1;
    this.styleKnown = false;
    this.cursorShown = null;
  }

  /**
   * A full repaint of the last frame for a terminal that starts showing this differ's output
   * late (a viewer joining screens that share frames), which leaves that terminal in the state
   * this differ assumes its terminals are in, so the frames rendered after apply to it as well.
   * Empty before the first frame.
   */
  catchUp(): string {
    const prev = this.prev;
    if (prev === null) return '';
    const shown = this.cursorShown === true;
    const fresh = new FrameDiffer({ synchronized: this.synchronized });
    // Both end in the default style with the cursor shown or hidden alike; where the cursor
    // is may differ (and a pending wrap is terminal-specific), so the next frame starts from
    // an absolute move for every terminal.
    const out = fresh.render(prev, { x: this.state.x, y: this.state.y, visible: shown });
    this.state.x = -1;
    this.state.y = -1;
    return out;
  }

  render(next: ScreenBuffer, cursor: FrameCursor): string {
    const prev = this.prev;
    let body: string;
    if (prev === null || prev.cols !== next.cols || prev.rows !== next.rows) {
      body = this.repaint(next);
    } else {
      const before = this.saveState();
      body = this.diffScreens(prev, next);
      if (body.length > (next.cols * next.rows) >> 1) {
        const afterDiff = this.saveState();
        this.loadState(before);
        const full = this.repaint(next);
        if (full.length < body.length) body = full;
        else this.loadState(afterDiff);
      }
    }

    let out = '';
    if (body !== '') {
      if (this.cursorShown !== false) out += HIDE_CURSOR;
      this.cursorShown = false;
      out += body;
      if (!isDefaultStyle(this.state.style)) {
        // Leave the terminal in the default style, in case anyone else writes to it.
        out += `${CSI}m`;
        this.state.style = defaultStyle();
      }
    }
    if (cursor.visible) {
      const x = Math.max(0, Math.min(next.cols - 1, cursor.x));
      const y = Math.max(0, Math.min(next.rows - 1, cursor.y));
      out += this.moveTo(x, y, next.cols);
      if (this.cursorShown !== true) out += SHOW_CURSOR;
      this.cursorShown = true;
    } else if (this.cursorShown !== false) {
      out += HIDE_CURSOR;
      this.cursorShown = false;
    }

    if (prev === null || prev.cols !== next.cols || prev.rows !== next.rows) this.prev = next.clone();
    else prev.copyFrom(next);
    if (out === '') return '';
    return this.synchronized ? BEGIN_SYNC + out + END_SYNC : out;
  }

  private saveState(): TerminalState & { known: boolean; repaints: number } {
    return { x: this.state.x, y: this.state.y, style: copyStyle(this.state.style), known: this.styleKnown, repaints: this.fullRepaints };
  }

  private loadState(saved: TerminalState & { known: boolean; repaints: number }): void {
    this.state = { x: saved.x, y: saved.y, style: copyStyle(saved.style) };
    this.styleKnown = saved.known;
    this.fullRepaints = saved.repaints;
  }

  private repaint(next: ScreenBuffer): string {
    this.fullRepaints++;
    let out = this.styleKnown && isDefaultStyle(this.state.style) ? '' : `${CSI}m`;
    this.state.style = defaultStyle();
    this.styleKnown = true;
    out += `${CSI}H${CSI}2J`;
    this.state.x = 0;
    this.state.y = 0;
    if (this.blank === null || this.blank.cols !== next.cols || this.blank.rows !== next.rows) {
      this.blank = new ScreenBuffer(next.cols, next.rows);
    }
    return out + this.diffScreens(this.blank, next);
  }

  /**
   * Writes every changed segment. Segments go in row-major order, except that a
   * later segment starting in the style the terminal is already in goes first when
   * that saves bytes: a book repaints numbers in one style and bars in another, and
   * switching back and forth on every row costs more than the extra cursor moves.
   */
  private diffScreens(prev: ScreenBuffer, next: ScreenBuffer): string {
    const segments = changedSegments(prev, next);
    if (segments.length === 0) return '';
    const cols = next.cols;
    const styleKey = (seg: Segment): string => {
      const i = seg.y * cols + seg.s;
      return `${next.fg[i]}:${next.bg[i]}:${next.flags[i]}`;
    };
    const buckets = new Map<string, number[]>();
    const bucketPos = new Map<string, number>();
    if (segments.length <= MAX_REORDERED) {
      segments.forEach((seg, k) => {
        const key = styleKey(seg);
        const list = buckets.get(key);
        if (list) list.push(k);
        else buckets.set(key, [k]);
      });
    }
    const done = new Uint8Array(segments.length);
    let first = 0;
    let out = '';
    for (let written = 0; written < segments.length; written++) {
      while (done[first]) first++;
      let pick = first;
      const key = `${this.state.style.fg}:${this.state.style.bg}:${this.state.style.flags}`;
      const list = buckets.get(key);
      if (list) {
        let pos = bucketPos.get(key) ?? 0;
        while (pos < list.length && done[list[pos]!]) pos++;
        bucketPos.set(key, pos);
        const same = list[pos];
        if (same !== undefined && same !== first && this.cheaperFirst(next, segments[same]!, segments[first]!)) pick = same;
      }
      done[pick] = 1;
      const seg = segments[pick]!;
      out += this.moveTo(seg.s, seg.y, cols) + this.cells(next, seg.y, seg.s, seg.e);
    }
    return out;
  }

  /** True when going to `same` (already in its style) costs fewer bytes than going to `other`. */
  private cheaperFirst(next: ScreenBuffer, same: Segment, other: Segment): boolean {
    const i = other.y * next.cols + other.s;
    const style = { fg: next.fg[i]!, bg: next.bg[i]!, flags: next.flags[i]! };
    const otherCost = cursorMove(this.state, other.s, other.y, next.cols).length + sgrTransition(this.state.style, style).length;
    return cursorMove(this.state, same.s, same.y, next.cols).length < otherCost;
  }

  private moveTo(x: number, y: number, cols: number): string {
    const move = cursorMove(this.state, x, y, cols);
    this.state.x = x;
    this.state.y = y;
    return move;
  }

  /** Writes cells [from, to] of row y of `next`, the cursor being at (from, y). */
  private cells(next: ScreenBuffer, y: number, from: number, to: number): string {
    const cols = next.cols;
    const row = y * cols;
    let out = '';
    let i = from;
    while (i <= to) {
      const idx = row + i;
      const width = next.widths[idx]!;
      if (width === 0) {
        i++;
        continue;
      }
      // Re-anchor after a glyph of uncertain width.
      out += this.moveTo(i, y, cols);
      if (next.isErased(idx)) {
        const bg = next.bg[idx]!;
        let j = i;
        while (j + 1 <= to && next.isErased(row + j + 1) && next.bg[row + j + 1] === bg) j++;
        if (j - i + 1 >= MIN_ERASE_RUN) {
          const erased = this.eraseRun(i, j, to, bg, cols, y);
          if (erased !== null) {
            out += erased;
            i = j + 1;
            continue;
          }
        }
      }
      const current = this.state.style;
      const fg = next.fg[idx]!;
      const bg = next.bg[idx]!;
      const flags = next.flags[idx]!;
      if (current.fg !== fg || current.bg !== bg || current.flags !== flags) {
        const style = { fg, bg, flags };
        out += sgrTransition(current, style);
        this.state.style = style;
      }
      const char = next.chars[idx]!;
      out += char;
      this.state.x = Math.min(cols, i + width);
      if (!hasCertainWidth(char)) this.state.x = -1;
      i += width;
    }
    return out;
  }

  /**
   * Erased cells [i, j] as EL (when they reach the end of the row) or ECH, if that
   * is shorter than spaces. Returns null to write spaces instead.
   */
  private eraseRun(i: number, j: number, to: number, bg: number, cols: number, y: number): string | null {
    const n = j - i + 1;
    const current = this.state.style;
    const spaces = sgrTransition(current, { fg: 0, bg, flags: 0 }).length + n;
    // Erasing uses only the background of the current style.
    const target = { fg: current.fg, bg, flags: current.flags };
    let erase = sgrTransition(current, target);
    let x = i;
    if (j === cols - 1) erase += `${CSI}K`;
    else {
      erase += `${CSI}${n === 1 ? '' : n}X`;
      if (j < to) {
        erase += cursorMove({ x: i, y }, j + 1, y, cols);
        x = j + 1;
      }
    }
    if (erase.length >= spaces) return null;
    this.state.style = target;
    this.state.x = x;
    return erase;
  }
}
