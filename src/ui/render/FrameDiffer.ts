import { BLANK_VISIBLE, copyStyle, defaultStyle, isDefaultStyle, type CellStyle } from './cellStyle.js';
import { changedSegments, isPlainBlank } from './changedSegments.js';
import { cursorMove, cursorMoveBytes, moveBytes, type CursorPosition } from './cursorMove.js';
import { hasCertainWidth } from './graphemeWidth.js';
import { ScreenBuffer } from './ScreenBuffer.js';
import { PenOrder } from './penOrder.js';
import { sgrTransition } from './sgrTransition.js';
import { fitsPen, stylePieces, type Piece } from './stylePieces.js';

const CSI = '\x1b[';
export const BEGIN_SYNC = `${CSI}?2026h`;
export const END_SYNC = `${CSI}?2026l`;
export const HIDE_CURSOR = `${CSI}?25l`;
export const SHOW_CURSOR = `${CSI}?25h`;

/** Above this many pieces a frame is written in plain row-major order (cost stays linear). */
const MAX_REORDERED = 2000;
/** Above this many pieces times pens, too: the order looks at every pen for every piece. */
const MAX_ORDER_WORK = 40_000;
/** Pen ids kept before they are forgotten (with the SGR bytes between them). */
const MAX_STYLE_IDS = 8192;
/** Runs of plain blanks at least this long are considered for EL/ECH instead of spaces. */
const MIN_ERASE_RUN = 3;

export interface FrameCursor {
  x: number;
  y: number;
  visible: boolean;
}

export interface FrameDifferOptions {
  /** Wrap each frame in synchronized-output brackets (default true). */
  synchronized?: boolean;
  /**
   * Keep the SGR bytes between pens, within a frame and across frames (default true). With
   * false each is worked out again at every change of pen: the same bytes, more slowly (a
   * test's reference).
   */
  keepPenCosts?: boolean;
}

interface TerminalState extends CursorPosition {
  style: CellStyle;
}

/**
 * Turns a sequence of screens into the bytes that take a terminal from one to the
 * next: the changed cells in pieces of one pen, each a cursor move (or the unchanged
 * cells before it rewritten, when shorter), an SGR only where the pen changes, and the
 * characters, blank stretches as ECH or EL. It remembers the last frame it emitted and
 * where it left the cursor and style. docs/performance.md ("Output bytes (issue 34)")
 * compares its bytes with the changed-cell floor.
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
  /** Bumped whenever state.style changes (the SGR costs of a frame's order depend on it). */
  private penVersion = 0;
  private cursorShown: boolean | null = null;
  /** A small number for each pen key seen (PenOrder's keys, and current pens as `fg,bg,flags`). */
  private readonly styleIds = new Map<string, number>();
  /** SGR bytes from one pen to another, by their ids (from * MAX_STYLE_IDS + to). */
  private readonly sgrBytes = new Map<number, number>();
  private readonly synchronized: boolean;
  private readonly keepPenCosts: boolean;
  fullRepaints = 0;

  constructor(options: FrameDifferOptions = {}) {
    this.synchronized = options.synchronized ?? true;
    this.keepPenCosts = options.keepPenCosts ?? true;
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

  /**
   * `rows`, when given, flags the rows of `next` that may differ from the last frame rendered;
   * the caller vouches that the others hold the same cells, and they are not compared.
   */
  render(next: ScreenBuffer, cursor: FrameCursor, rows?: Uint8Array): string {
    const prev = this.prev;
    let body: string;
    if (prev === null || prev.cols !== next.cols || prev.rows !== next.rows) {
      // Nothing is known of the screen, so nothing to compete with: written pen by pen.
      body = this.repaint(next, 'byPen');
    } else {
      const before = this.saveState();
      body = this.diffScreens(prev, next, rows);
      if (body.length > (next.cols * next.rows) >> 1) {
        const afterDiff = this.saveState();
        this.loadState(before);
        const full = this.repaint(next, 'cheapest');
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
        this.setStyle(defaultStyle());
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
    else if (rows !== undefined && rows.length === next.rows) prev.copyRows(next, rows);
    else prev.copyFrom(next);
    if (out === '') return '';
    return this.synchronized ? BEGIN_SYNC + out + END_SYNC : out;
  }

  private saveState(): TerminalState & { known: boolean; repaints: number } {
    return { x: this.state.x, y: this.state.y, style: copyStyle(this.state.style), known: this.styleKnown, repaints: this.fullRepaints };
  }

  private loadState(saved: TerminalState & { known: boolean; repaints: number }): void {
    this.state = { x: saved.x, y: saved.y, style: copyStyle(saved.style) };
    this.penVersion++;
    this.styleKnown = saved.known;
    this.fullRepaints = saved.repaints;
  }

  /**
   * The whole of `next` on an erased screen. `order` 'cheapest' searches the order of its
   * pieces as a diff does (diffScreens); 'byPen' writes them pen by pen, each pen's in
   * row-major order: every pen's SGR once, a move before most pieces, and none of the search's
   * work, which on a start's cold code was most of the first frame's ~25 ms in the renderer
   * (a first dashboard frame of 247 pieces in 25 pens: 6,290 bytes searched, 6,371 by pen;
   * plain row-major order would be 9,263).
   */
  private repaint(next: ScreenBuffer, order: 'cheapest' | 'byPen'): string {
    this.fullRepaints++;
    let out = this.styleKnown && isDefaultStyle(this.state.style) ? '' : `${CSI}m`;
    this.state.style = defaultStyle();
    this.penVersion++;
    this.styleKnown = true;
    out += `${CSI}H${CSI}2J`;
    this.state.x = 0;
    this.state.y = 0;
    if (this.blank === null || this.blank.cols !== next.cols || this.blank.rows !== next.rows) {
      this.blank = new ScreenBuffer(next.cols, next.rows);
    }
    return out + this.diffScreens(this.blank, next, undefined, order);
  }

  /**
   * Writes every changed cell, cut into pieces of one pen (stylePieces). Each next piece is
   * the cheapest to reach from where the cursor and pen are (its move plus its SGR) among
   * the first piece not yet written and, for every pen, the few pieces of that pen nearest
   * the cursor: a book repaints numbers in one style and bars in others, and switching
   * back and forth on every row costs more than the extra cursor moves. The work is linear
   * in the pieces times the pens (MAX_REORDERED, MAX_ORDER_WORK bound it).
   */
  private diffScreens(prev: ScreenBuffer, next: ScreenBuffer, rows?: Uint8Array, by: 'cheapest' | 'byPen' = 'cheapest'): string {
    const segments = changedSegments(prev, next, rows);
    if (segments.length === 0) return '';
    if (by === 'byPen') {
      const pieces = stylePieces(next, segments);
      let out = '';
      for (const k of new PenOrder(pieces, next.cols).byPen()) out += this.writePiece(next, pieces[k]!);
      return out;
    }
    if (this.styleIds.size > MAX_STYLE_IDS / 2) {
      // Kept bounded: a frame adds at most as many pens as it has pieces (MAX_REORDERED).
      this.styleIds.clear();
      this.sgrBytes.clear();
    }
    const pieces = stylePieces(next, segments);
    const order = new PenOrder(pieces, next.cols, pieces.length <= MAX_REORDERED);
    const reorder = order.pens > 0 && order.pens * pieces.length <= MAX_ORDER_WORK;
    // Each pen's SGR bytes from the current pen, and the pens in ascending order of them,
    // worked out once a frame for each current pen (a frame returns to the same few pens
    // again and again), each from bytes kept across frames by pen.
    const penIds = reorder ? order.keys.map((key) => this.styleId(key)) : [];
    const costsFrom = new Map<number, { sgr: Int32Array; byCost: Int32Array }>();
    const costs = (): { sgr: Int32Array; byCost: Int32Array } => {
      const { fg, bg, flags } = this.state.style;
      const from = this.styleId(`${fg},${bg},${flags}`);
      let c = this.keepPenCosts ? costsFrom.get(from) : undefined;
      if (c === undefined) {
        const sgr = new Int32Array(order.pens);
        const byCost = new Int32Array(order.pens);
        for (let pen = 0; pen < order.pens; pen++) {
          const key = from * MAX_STYLE_IDS + penIds[pen]!;
          let bytes = this.keepPenCosts ? this.sgrBytes.get(key) : undefined;
          if (bytes === undefined) {
            bytes = this.penFor(pieces[order.firstOf(pen)]!).sgr.length;
            this.sgrBytes.set(key, bytes);
          }
          sgr[pen] = bytes;
          byCost[pen] = pen;
        }
        byCost.sort((a, b) => sgr[a]! - sgr[b]! || a - b);
        c = { sgr, byCost };
        costsFrom.set(from, c);
      }
      return c;
    };
    const moveOf = (k: number): number => this.approachBytes(next, pieces[k]!);
    let out = '';
    let known = -1;
    let current: { sgr: Int32Array; byCost: Int32Array } | undefined;
    for (let written = 0; written < pieces.length; written++) {
      let pick: number;
      if (reorder) {
        if (known !== this.penVersion) {
          // The pen changed since the SGR costs were looked up.
          known = this.penVersion;
          current = costs();
        }
        pick = order.cheapest(this.state.x, this.state.y, moveOf, current!.sgr, current!.byCost);
      } else pick = order.first();
      order.take(pick);
      out += this.writePiece(next, pieces[pick]!);
    }
    return out;
  }

  private styleId(key: string): number {
    let id = this.styleIds.get(key);
    if (id === undefined) {
      id = this.styleIds.size;
      this.styleIds.set(key, id);
    }
    return id;
  }

  /** The pen a piece is written with from the current one, and the SGR that sets it. */
  private penFor(p: Piece): { style: CellStyle; sgr: string } {
    const current = this.state.style;
    if (p.blank) {
      if (current.bg === p.bg && (current.flags & BLANK_VISIBLE) === 0) return { style: current, sgr: '' };
      const style = { fg: current.fg, bg: p.bg, flags: current.flags & ~BLANK_VISIBLE };
      return { style, sgr: sgrTransition(current, style) };
    }
    return { style: p, sgr: sgrTransition(current, p) };
  }

  /**
   * Bytes to put the cursor at the start of `p`: a cursor move or, on the same row a few
   * columns on, the unchanged cells in between when they look the same in the current pen.
   */
  private approachBytes(next: ScreenBuffer, p: Piece): number {
    const move = cursorMoveBytes(this.state, p.s, p.y, next.cols);
    const text = this.gapText(next, p, move);
    return text === null ? move : Buffer.byteLength(text);
  }

  /** The cells between the cursor and `p` rewritten, when that is shorter than a move of `move` bytes; else null. */
  private gapText(next: ScreenBuffer, p: Piece, move: number): string | null {
    const { x, y } = this.state;
    if (y !== p.y || x < 0 || x >= p.s || p.s - x >= move) return null;
    const row = y * next.cols;
    let text = '';
    for (let c = x; c < p.s; c++) {
      const i = row + c;
      const ch = next.chars[i]!;
      if (next.widths[i] !== 1 || !hasCertainWidth(ch) || !fitsPen(next, i, this.state.style)) return null;
      text += ch;
    }
    return Buffer.byteLength(text) < move ? text : null;
  }

  private writePiece(next: ScreenBuffer, p: Piece): string {
    const move = cursorMove(this.state, p.s, p.y, next.cols);
    let out = this.gapText(next, p, moveBytes(move)) ?? move;
    this.state.x = p.s;
    this.state.y = p.y;
    const { style, sgr } = this.penFor(p);
    if (sgr !== '') {
      out += sgr;
      this.setStyle(style);
    }
    return out + this.cells(next, p.y, p.s, p.e);
  }

  private setStyle(style: Readonly<CellStyle>): void {
    this.state.style = copyStyle(style);
    this.penVersion++;
  }

  private moveTo(x: number, y: number, cols: number): string {
    const move = cursorMove(this.state, x, y, cols);
    this.state.x = x;
    this.state.y = y;
    return move;
  }

  /** Writes cells [from, to] of row y of `next`, the cursor being at (from, y) and the pen fitting them all. */
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
      if (isPlainBlank(next, idx)) {
        let j = i;
        while (j + 1 <= to && isPlainBlank(next, row + j + 1)) j++;
        if (j - i + 1 >= MIN_ERASE_RUN) {
          const erased = this.eraseRun(i, j, to, cols, y);
          if (erased !== null) {
            out += erased;
            i = j + 1;
            continue;
          }
        }
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
   * Blank cells [i, j] (of the pen's background) as EL when they reach the end of the row
   * or ECH, if that is shorter than spaces. Returns null to write spaces instead.
   */
  private eraseRun(i: number, j: number, to: number, cols: number, y: number): string | null {
    const n = j - i + 1;
    let erase: string;
    let x = i;
    if (j === cols - 1) erase = `${CSI}K`;
    else {
      erase = `${CSI}${n === 1 ? '' : n}X`;
      if (j < to) {
        erase += cursorMove({ x: i, y }, j + 1, y, cols);
        x = j + 1;
      }
    }
    if (erase.length >= n) return null;
    this.state.x = x;
    return erase;
  }
}
