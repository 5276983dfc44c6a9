import { applySgr, type CsiParams } from './applySgr.js';
import { AnsiTokenizer, type TokenSink } from './AnsiTokenizer.js';
import { copyStyle, defaultStyle, type CellStyle } from './cellStyle.js';
import { eachGlyph } from './graphemeWidth.js';
import { ScreenBuffer } from './ScreenBuffer.js';

/**
 * A small terminal emulator for what ink writes: it applies ink's output (text,
 * newlines, SGR, cursor moves and erases, synchronized-output and cursor-visibility
 * modes) to an in-memory ScreenBuffer exactly where a terminal would put it, so the
 * buffer is what the user would see if ink wrote to the terminal directly.
 *
 * Behaviour follows xterm where terminals differ: pending wrap at the right edge,
 * erase with the current background, half-overwritten wide glyphs become blanks, a
 * newline also returns the carriage (the tty's onlcr), no scrollback.
 *
 * Sequences that do not draw (mouse, bracketed paste, keyboard protocol, titles,
 * queries) are collected for pass-through to the real terminal; sequences it cannot
 * model are ignored and counted.
 */
export interface ParserCursor {
  x: number;
  y: number;
  visible: boolean;
}

const MAX_PASSTHROUGH = 64;
const ALT_SCREEN_MODES = new Set([47, 1047, 1049]);

export class AnsiFrameParser implements TokenSink {
  private readonly tokenizer = new AnsiTokenizer();
  private buffer: ScreenBuffer;
  /** Column; equals cols while a wrap is pending after writing the last column. */
  private x = 0;
  private y = 0;
  private readonly style: CellStyle = defaultStyle();
  private saved: { x: number; y: number; style: CellStyle } | null = null;
  private cursorVisible = true;
  private autowrap = true;
  private sync = false;
  private passthrough: string[] = [];
  private repaint = false;
  /** Sequences that were recognised but cannot be modelled (ignored). */
  unknownSequences = 0;
  /** How many times synchronized output was switched off: each one ends a frame. */
  syncEnds = 0;

  constructor(cols: number, rows: number) {
    this.buffer = new ScreenBuffer(cols, rows);
  }

  get screen(): ScreenBuffer {
    return this.buffer;
  }

  get cols(): number {
    return this.buffer.cols;
  }

  get rows(): number {
    return this.buffer.rows;
  }

  /** True when nothing written is left unfinished (a sequence cut between two writes). */
  get idle(): boolean {
    return this.tokenizer.idle;
  }

  /** True between `ESC[?2026h` and `ESC[?2026l`: a frame is being written. */
  get synchronized(): boolean {
    return this.sync;
  }

  /** The cursor's row. */
  get cursorRow(): number {
    return this.y;
  }

  get cursor(): ParserCursor {
    return { x: Math.min(this.x, this.cols - 1), y: this.y, visible: this.cursorVisible };
  }

  write(chunk: string): void {
    this.tokenizer.feed(chunk, this);
  }

  /** Sequences to forward verbatim to the real terminal, oldest first. */
  takePassthrough(): string {
    const out = this.passthrough.join('');
    this.passthrough = [];
    return out;
  }

  /** True once after something replaced the whole screen (alternate screen, reset). */
  takeRepaintRequest(): boolean {
    const requested = this.repaint;
    this.repaint = false;
    return requested;
  }

  /**
   * Resizes like xterm's alternate screen: rows leave from the bottom while they
   * are below the cursor, then from the top; columns are cut or padded.
   */
  resize(cols: number, rows: number): void {
    const newCols = Math.max(1, Math.floor(cols) || 1);
    const newRows = Math.max(1, Math.floor(rows) || 1);
    if (newCols === this.cols && newRows === this.rows) return;
    let top = 0;
    let lines = this.rows;
    let y = this.y;
    while (lines > newRows) {
      if (y >= lines - 1) {
        top++;
        y--;
      }
      lines--;
    }
    this.buffer = this.buffer.resized(newCols, newRows, top);
    this.y = Math.max(0, Math.min(y, newRows - 1));
    this.x = Math.min(this.x, newCols - 1);
    if (this.saved) {
      this.saved.x = Math.min(this.saved.x, newCols - 1);
      this.saved.y = Math.min(this.saved.y, newRows - 1);
    }
  }

  /**
   * A frame's cells (cellFrames.ts), as writing its rows from the cursor would draw them on
   * lines just erased: every cell of rows y .. y + rows - 1 replaced. The cursor stays at
   * the frame's first cell; the line breaks that follow the frame's token move it as the
   * text's would. True when it could: the frame is as wide as the screen, the cursor at the
   * start of a line and the frame fits below it (otherwise the caller writes the text).
   */
  placeFrame(cells: ScreenBuffer): boolean {
    if (this.x !== 0 || cells.cols !== this.cols || this.y + cells.rows > this.rows) return false;
    const at = this.y * this.cols;
    for (let i = 0; i < cells.chars.length; i++) this.buffer.chars[at + i] = cells.chars[i]!;
    this.buffer.widths.set(cells.widths, at);
    this.buffer.fg.set(cells.fg, at);
    this.buffer.bg.set(cells.bg, at);
    this.buffer.flags.set(cells.flags, at);
    Object.assign(this.style, defaultStyle());
    return true;
  }

  /**
   * Where a frame lands after ink's `eraseLines(erased)` (ansi-escapes: EL 2 then CUU 1,
   * `erased` times, the last without the CUU, then CHA 1): the row the cursor ends on.
   */
  eraseLinesTop(erased: number): number {
    return erased > 0 ? Math.max(0, this.y - (erased - 1)) : this.y;
  }

  /**
   * ink's `eraseLines(erased)` and then a frame's cells, drawn as writing the sequence and
   * placing the frame (`placeFrame`) would draw them, without reading the sequence: the rows
   * the erase clears that the frame does not cover are erased, the frame's rows replaced.
   * `changed`, when given, flags the frame's rows that may differ from what the screen shows
   * there (the caller knows the others hold these cells already); only those are copied.
   * False, with nothing done, when the frame cannot simply be placed or the tokenizer is in
   * the middle of a sequence (the caller then writes the text).
   */
  eraseLinesAndPlace(cells: ScreenBuffer, erased: number, changed?: Uint8Array): boolean {
    if (!this.tokenizer.idle || (erased === 0 && this.x !== 0)) return false;
    const top = this.eraseLinesTop(erased);
    if (cells.cols !== this.cols || top + cells.rows > this.rows) return false;
    const bg = this.style.bg;
    for (let y = top + cells.rows; y <= this.y; y++) this.buffer.erase(y, 0, this.cols, bg);
    this.x = 0;
    this.y = top;
    this.buffer.copyRowsAt(cells, top, changed);
    this.style.fg = 0;
    this.style.bg = 0;
    this.style.flags = 0;
    return true;
  }

  /**
   * `count` line feeds that stay above the bottom row (no scrolling): the cursor moves down
   * and back to the line's start, as writing them would. False, with nothing done, otherwise.
   */
  lineFeeds(count: number): boolean {
    if (!this.tokenizer.idle || this.y + count > this.rows - 1) return false;
    this.x = 0;
    this.y += count;
    return true;
  }

  /** Replaces the screen content (used to fall back to the last good frame). */
  restore(screen: ScreenBuffer): void {
    this.buffer = screen.cols === this.cols && screen.rows === this.rows ? screen.clone() : screen.resized(this.cols, this.rows);
    this.x = Math.min(this.x, this.cols - 1);
    this.y = Math.min(this.y, this.rows - 1);
  }

  // TokenSink

  text(text: string): void {
    eachGlyph(text, this.glyph);
  }

  private readonly glyph = (g: string, width: number): void => {
    if (width === 0) this.buffer.join(this.x, this.y, g);
    else this.print(g, width);
  };

  control(code: number): void {
    switch (code) {
      case 0x0a: // LF, VT, FF: the tty's onlcr turns them into CR LF
      case 0x0b:
      case 0x0c:
        this.x = 0;
        this.index();
        return;
      case 0x0d:
        this.x = 0;
        return;
      case 0x08:
        this.x = Math.min(this.x, this.cols - 1);
        if (this.x > 0) this.x--;
        return;
      case 0x09:
        if (this.x < this.cols) this.x = Math.min(this.cols - 1, (Math.floor(this.x / 8) + 1) * 8);
        return;
      case 0x07:
        this.pass('\x07');
        return;
      default:
        return;
    }
  }

  csi(prefix: string, params: CsiParams, intermediates: string, final: string, raw: string): void {
    if (prefix === '?' && intermediates === '' && (final === 'h' || final === 'l')) return this.privateModes(params, final === 'h', raw);
    if (prefix !== '' || intermediates !== '') return this.foreignCsi(final, raw);
    const n = count(params, 0);
    const cols = this.cols;
    switch (final) {
      case 'A':
        return this.moveTo(this.x, this.y - n);
      case 'B':
      case 'e':
        return this.moveTo(this.x, this.y + n);
      case 'C':
      case 'a':
        return this.moveTo(Math.min(this.x, cols - 1) + n, this.y);
      case 'D':
        return this.moveTo(Math.min(this.x, cols - 1) - n, this.y);
      case 'E':
        return this.moveTo(0, this.y + n);
      case 'F':
        return this.moveTo(0, this.y - n);
      case 'G':
      case '`':
        return this.moveTo(n - 1, this.y);
      case 'd':
        return this.moveTo(this.x, n - 1);
      case 'H':
      case 'f':
        return this.moveTo(count(params, 1) - 1, n - 1);
      case 'J':
        return this.eraseDisplay(value(params, 0));
      case 'K':
        return this.eraseLine(value(params, 0));
      case 'X': {
        this.x = Math.min(this.x, cols - 1);
        this.buffer.erase(this.y, this.x, this.x + n, this.style.bg);
        return;
      }
      case 'm':
        applySgr(this.style, params);
        return;
      case 's':
        if (params.length === 0) this.saveCursor();
        return;
      case 'u':
        if (params.length === 0) return this.restoreCursor();
        return this.foreignCsi(final, raw);
      case 'n':
      case 'c':
      case 't':
        return this.foreignCsi(final, raw);
      default:
        this.unknownSequences++;
        return;
    }
  }

  esc(intermediates: string, final: string, raw: string): void {
    if (intermediates !== '') return; // charset designations: ink writes UTF-8 only
    switch (final) {
      case '7':
        return this.saveCursor();
      case '8':
        return this.restoreCursor();
      case 'D':
        return this.index();
      case 'E':
        this.x = 0;
        return this.index();
      case 'M':
        if (this.y === 0) this.buffer.scrollDown(1, this.style.bg);
        else this.y--;
        return;
      case 'c':
        return this.hardReset();
      case '=':
      case '>':
        return this.pass(raw);
      case '\\':
        return;
      default:
        this.unknownSequences++;
        return;
    }
  }

  osc(data: string, raw: string): void {
    // Hyperlinks (OSC 8) do not change what a cell shows; dropping them keeps the
    // diff cell-based. Titles and the like go through.
    if (data.startsWith('8;') || raw === '') return;
    this.pass(raw);
  }

  // Internals

  private print(g: string, width: number): void {
    const cols = this.cols;
    if (width > cols) return;
    if (this.x + width > cols) {
      if (!this.autowrap) {
        if (width === 2) return;
        this.x = cols - 1;
      } else {
        // The cells left over at the end of the row get blanks in the current style.
        for (let c = this.x; c < cols; c++) this.buffer.write(c, this.y, ' ', 1, this.style);
        this.x = 0;
        this.index();
      }
    }
    this.buffer.write(this.x, this.y, g, width, this.style);
    this.x += width;
  }

  private index(): void {
    if (this.y >= this.rows - 1) {
      this.y = this.rows - 1;
      this.buffer.scrollUp(1, this.style.bg);
    } else {
      this.y++;
    }
  }

  private moveTo(x: number, y: number): void {
    this.x = Math.max(0, Math.min(this.cols - 1, x));
    this.y = Math.max(0, Math.min(this.rows - 1, y));
  }

  private eraseDisplay(mode: number): void {
    const x = Math.min(this.x, this.cols);
    const bg = this.style.bg;
    if (mode === 0) {
      this.buffer.erase(this.y, x, this.cols, bg);
      for (let y = this.y + 1; y < this.rows; y++) this.buffer.erase(y, 0, this.cols, bg);
    } else if (mode === 1) {
      this.buffer.erase(this.y, 0, x + 1, bg);
      for (let y = 0; y < this.y; y++) this.buffer.erase(y, 0, this.cols, bg);
    } else if (mode === 2) {
      this.buffer.clear(bg);
    }
    // 3 clears scrollback, which this screen does not have.
  }

  private eraseLine(mode: number): void {
    const x = Math.min(this.x, this.cols);
    const bg = this.style.bg;
    if (mode === 0) this.buffer.erase(this.y, x, this.cols, bg);
    else if (mode === 1) this.buffer.erase(this.y, 0, x + 1, bg);
    else if (mode === 2) this.buffer.erase(this.y, 0, this.cols, bg);
  }

  private privateModes(params: CsiParams, on: boolean, raw: string): void {
    const foreign: number[] = [];
    for (const param of params) {
      const mode = param[0] ?? -1;
      if (mode === 25) this.cursorVisible = on;
      else if (mode === 2026) {
        if (this.sync && !on) this.syncEnds++;
        this.sync = on;
      }
      else if (mode === 7) this.autowrap = on;
      else if (ALT_SCREEN_MODES.has(mode)) {
        this.pass(`\x1b[?${mode}${on ? 'h' : 'l'}`);
        this.buffer.clear();
        this.repaint = true;
      } else if (mode >= 0) foreign.push(mode);
    }
    if (foreign.length === params.length && params.length > 0) this.pass(raw);
    else if (foreign.length > 0) this.pass(`\x1b[?${foreign.join(';')}${on ? 'h' : 'l'}`);
  }

  /** Keyboard protocol, cursor shape, queries, window ops: forwarded untouched. */
  private foreignCsi(final: string, raw: string): void {
    if (final === 'u' || final === 'q' || final === 'n' || final === 'c' || final === 't' || final === 'p') this.pass(raw);
    else this.unknownSequences++;
  }

  private pass(sequence: string): void {
    // Bounded: if nobody flushes, only the newest sequences are kept.
    if (this.passthrough.length >= MAX_PASSTHROUGH) this.passthrough.shift();
    this.passthrough.push(sequence);
  }

  private saveCursor(): void {
    this.saved = { x: Math.min(this.x, this.cols - 1), y: this.y, style: copyStyle(this.style) };
  }

  private restoreCursor(): void {
    const saved = this.saved ?? { x: 0, y: 0, style: defaultStyle() };
    this.moveTo(saved.x, saved.y);
    this.style.fg = saved.style.fg;
    this.style.bg = saved.style.bg;
    this.style.flags = saved.style.flags;
  }

  private hardReset(): void {
    this.buffer = new ScreenBuffer(this.cols, this.rows);
    this.x = 0;
    this.y = 0;
    this.style.fg = 0;
    this.style.bg = 0;
    this.style.flags = 0;
    this.saved = null;
    this.cursorVisible = true;
    this.autowrap = true;
    this.sync = false;
    this.repaint = true;
  }
}

/** Parameter i as a count or position: omitted or 0 means 1. */
function count(params: CsiParams, i: number): number {
  const v = params[i]?.[0] ?? -1;
  return v <= 0 ? 1 : v;
}

/** Parameter i as a selector: omitted means 0. */
function value(params: CsiParams, i: number): number {
  const v = params[i]?.[0] ?? -1;
  return v < 0 ? 0 : v;
}
