import { applySgr } from './applySgr.js';
import { BEL, CAN, ESC, MAX_PARAMS, MAX_SUBPARAMS, SUB } from './AnsiTokenizer.js';
import { defaultStyle, type CellStyle } from './cellStyle.js';
import { eachGlyph, graphemeWidth, hasJoining } from './graphemeWidth.js';

/**
 * One line of styled text (what ink's Text components produce: text with SGR
 * sequences, no newlines) cut into terminal cells, the way a terminal would draw it
 * from column 0 with the default style. A wide glyph takes two cells, the second a
 * width-0 right half whose char is ''. Anything but SGR is ignored, as ink's own
 * frame assembly ignores it.
 */
export interface StyledLine {
  /** Columns the line covers. */
  readonly cols: number;
  readonly chars: readonly string[];
  readonly widths: Uint8Array;
  readonly fg: Uint32Array;
  readonly bg: Uint32Array;
  readonly flags: Uint16Array;
}

/**
 * The cells of one line as they are cut, before they are copied out at their size: arrays
 * that grow as needed and are used again for the next line when the cells are kept by a
 * LineReader (a line's cells used to be five arrays grown cell by cell: a sixth of what the
 * renderer allocated).
 */
class LineCells {
  chars: string[] = [];
  widths = new Uint8Array(64);
  fg = new Uint32Array(64);
  bg = new Uint32Array(64);
  flags = new Uint16Array(64);
  n = 0;
  readonly style: CellStyle = defaultStyle();

  /** Empty, in the default style, for the next line. */
  reset(): this {
    this.n = 0;
    this.style.fg = 0;
    this.style.bg = 0;
    this.style.flags = 0;
    return this;
  }

  /** The cells cut so far, copied out at their size. */
  line(): StyledLine {
    const n = this.n;
    return { cols: n, chars: this.chars.slice(0, n), widths: this.widths.slice(0, n), fg: this.fg.slice(0, n), bg: this.bg.slice(0, n), flags: this.flags.slice(0, n) };
  }

  private push(char: string, width: number): void {
    const i = this.n;
    if (i === this.widths.length) this.grow();
    this.chars[i] = char;
    this.widths[i] = width;
    this.fg[i] = this.style.fg;
    this.bg[i] = this.style.bg;
    this.flags[i] = this.style.flags;
    this.n = i + 1;
  }

  private grow(): void {
    const size = this.widths.length * 2;
    const widths = new Uint8Array(size);
    const fg = new Uint32Array(size);
    const bg = new Uint32Array(size);
    const flags = new Uint16Array(size);
    widths.set(this.widths);
    fg.set(this.fg);
    bg.set(this.bg);
    flags.set(this.flags);
    this.widths = widths;
    this.fg = fg;
    this.bg = bg;
    this.flags = flags;
  }

  /**
   * The glyphs of `line` from `start` to `end`, as `eachGlyph` cuts them. With `glyphs`, a
   * table of one-unit glyphs by code, a glyph outside ASCII (box drawing, bars, arrows:
   * every row of a dashboard) is that table's string rather than a new one per cell.
   */
  text(line: string, start: number, end: number, glyphs?: Map<number, string>): void {
    let ascii = true;
    for (let i = start; i < end && ascii; i++) {
      const c = line.charCodeAt(i);
      ascii = c >= 0x20 && c <= 0x7e;
    }
    if (ascii) {
      for (let i = start; i < end; i++) this.push(line[i]!, 1);
      return;
    }
    const text = start === 0 && end === line.length ? line : line.slice(start, end);
    if (glyphs === undefined || hasJoining(text)) return eachGlyph(text, this.glyph);
    // No joining code point: every code point is a glyph (eachGlyph's own rule), a lone
    // surrogate included.
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let g: string;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
        g = text.slice(i, i + 2);
        i++;
      } else {
        let kept = glyphs.get(c);
        if (kept === undefined) {
          if (glyphs.size >= MAX_GLYPHS) glyphs.clear();
          kept = text[i]!;
          glyphs.set(c, kept);
        }
        g = kept;
      }
      this.glyph(g, graphemeWidth(g));
    }
  }

  private readonly glyph = (g: string, width: number): void => {
    if (width === 0) {
      // A mark joins the glyph before it; at the start of a line there is none.
      let i = this.n - 1;
      if (i >= 0 && this.widths[i] === 0) i -= 1;
      if (i >= 0 && this.chars[i]!.length < 32) this.chars[i] += g;
      return;
    }
    this.push(g, width);
    if (width === 2) this.push('', 0);
  };
}


/** One-unit glyphs kept by code at most (a dashboard draws a few dozen). */
const MAX_GLYPHS = 1024;

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * One SGR sequence's parameters, reused from line to line: a line of a dashboard holds
 * a sequence per styled segment, and building arrays and strings for each (as the general
 * tokenizer does for the frame parser) was a third of what a calm dashboard allocated.
 */
const scratch: number[][] = Array.from({ length: MAX_PARAMS }, () => []);
const scratchView: number[][] = [];

function isControl(c: number): boolean {
  return c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f);
}

/**
 * Reads the escape sequence that starts at `at` (an ESC), applies it to `style` when it is
 * an SGR, and returns where the text goes on. What is not an SGR is skipped, as a terminal
 * drawing the line would skip it (AnsiTokenizer's rules: CAN or SUB abandons a sequence,
 * an ESC inside one starts the next, a C0 control inside a CSI does not end it).
 */
function escape(line: string, at: number, style: CellStyle, sgr?: SgrEffects): number {
  const n = line.length;
  let i = at + 1;
  let intermediates = false;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c === ESC) return i;
    if (c === CAN || c === SUB) return i + 1;
    if (c < 0x20) {
      i++;
      continue;
    }
    if (c >= 0x20 && c <= 0x2f) {
      intermediates = true;
      i++;
      continue;
    }
    if (!intermediates && c === 0x5b) return sgr === undefined ? csi(line, i + 1, style) : sgr.apply(line, i + 1, style);
    if (!intermediates && c === 0x5d) return stringEnd(line, i + 1, true);
    if (!intermediates && (c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f)) return stringEnd(line, i + 1, false);
    return i + 1;
  }
  return n;
}

/** After an OSC (ended by BEL or ST) or a DCS/SOS/PM/APC string (ended by ST). */
function stringEnd(line: string, from: number, osc: boolean): number {
  const n = line.length;
  for (let i = from; i < n; i++) {
    const c = line.charCodeAt(i);
    if (osc && c === BEL) return i + 1;
    if (c === CAN || c === SUB) return i + 1;
    if (c === ESC) {
      if (line.charCodeAt(i + 1) === 0x5c) return i + 2;
      // An OSC not ended by ST ends here and a new sequence begins; a string swallows it.
      if (osc) return i;
      i++;
    }
  }
  return n;
}

function csi(line: string, from: number, style: CellStyle): number {
  const n = line.length;
  let count = 0;
  let current = scratch[0]!;
  current.length = 1;
  current[0] = -1;
  let ignored = false;
  let prefix = false;
  let intermediates = false;
  let fresh = true;
  for (let i = from; i < n; i++) {
    const c = line.charCodeAt(i);
    if (c === ESC) return i;
    if (c === CAN || c === SUB) return i + 1;
    if (c < 0x20) continue;
    if (c >= 0x40 && c <= 0x7e) {
      if (ignored || c !== 0x6d || prefix || intermediates) return i + 1;
      if (count < MAX_PARAMS) count++;
      // A lone omitted parameter means "no parameters".
      const none = count === 1 && scratch[0]!.length === 1 && scratch[0]![0] === -1;
      scratchView.length = none ? 0 : count;
      for (let k = 0; k < scratchView.length; k++) scratchView[k] = scratch[k]!;
      applySgr(style, scratchView);
      return i + 1;
    }
    if (ignored) continue;
    if (c >= 0x30 && c <= 0x39) {
      if (intermediates) ignored = true;
      else {
        const last = current.length - 1;
        const value = current[last]!;
        current[last] = Math.min(99_999, (value < 0 ? 0 : value * 10) + (c - 0x30));
        fresh = false;
      }
      continue;
    }
    if (c === 0x3b) {
      if (intermediates) ignored = true;
      else {
        if (count < MAX_PARAMS) count++;
        // Parameters past the cap are read and dropped.
        current = count < MAX_PARAMS ? scratch[count]! : [];
        current.length = 1;
        current[0] = -1;
        fresh = false;
      }
      continue;
    }
    if (c === 0x3a) {
      if (intermediates) ignored = true;
      else if (current.length < MAX_SUBPARAMS) current.push(-1);
      fresh = false;
      continue;
    }
    if (c >= 0x3c && c <= 0x3f) {
      // Private markers (< = > ?) are only valid before the first parameter.
      if (!fresh || prefix || intermediates) ignored = true;
      else prefix = true;
      continue;
    }
    if (c >= 0x20 && c <= 0x2f) {
      intermediates = true;
      continue;
    }
    ignored = true;
  }
  return n;
}

/**
 * What SGR sequences do, kept by their text: a dashboard's lines repeat a few dozen colour
 * and attribute sequences, and reading the parameters of each again was most of what
 * parsing a line cost. An SGR sets colours and sets or clears attributes whatever the style
 * it meets, so its effect is the colours it leaves (or none) and the attributes it keeps and
 * adds; it is worked out once, on two probe styles, by the same reading as without the
 * cache. Only sequences of digits, `;` and `:` ending in `m` are kept, at most `limit`.
 */
export class SgrEffects {
  private readonly effects = new Map<string, { fg: number; bg: number; keep: number; add: number }>();
  private readonly probe: CellStyle = defaultStyle();

  constructor(private readonly limit = 512) {}

  /** As `csi(line, from, style)`: applies the sequence whose parameters start at `from` and returns where the text goes on. */
  apply(line: string, from: number, style: CellStyle): number {
    const n = line.length;
    let end = from;
    while (end < n) {
      const c = line.charCodeAt(end);
      if (c >= 0x30 && c <= 0x3b) end++;
      else break;
    }
    if (end >= n || line.charCodeAt(end) !== 0x6d || end - from > 64) return csi(line, from, style);
    const key = line.slice(from, end);
    let effect = this.effects.get(key);
    if (effect === undefined) {
      const probe = this.probe;
      probe.fg = UNTOUCHED;
      probe.bg = UNTOUCHED;
      probe.flags = 0;
      csi(line, from, probe);
      const { fg, bg, flags: add } = probe;
      probe.flags = ALL_FLAGS;
      csi(line, from, probe);
      effect = { fg, bg, keep: probe.flags, add };
      if (this.effects.size >= this.limit) this.effects.clear();
      this.effects.set(key, effect);
    }
    if (effect.fg !== UNTOUCHED) style.fg = effect.fg;
    if (effect.bg !== UNTOUCHED) style.bg = effect.bg;
    style.flags = (style.flags & effect.keep) | effect.add;
    return end + 1;
  }

  get size(): number {
    return this.effects.size;
  }
}

/** No colour has this value (the mode sits in bits 24-25), so a probe's colour left so was not set. */
const UNTOUCHED = 0xf0000000;
const ALL_FLAGS = 0xffff;

/**
 * What reading lines keeps from one line to the next: SGR effects (SgrEffects), one-unit
 * glyphs by code (LineCells.text), and the arrays a line is cut into.
 */
export class LineReader {
  readonly sgr: SgrEffects;
  readonly glyphs = new Map<number, string>();
  readonly cells = new LineCells();

  constructor(sgrLimit?: number) {
    this.sgr = new SgrEffects(sgrLimit);
  }
}

export function parseStyledLine(line: string, reader?: LineReader): StyledLine {
  const cells = reader?.cells.reset() ?? new LineCells();
  const sgr = reader?.sgr;
  const glyphs = reader?.glyphs;
  const n = line.length;
  let text = 0;
  let i = 0;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c !== ESC && !isControl(c)) {
      i++;
      continue;
    }
    if (i > text) cells.text(line, text, i, glyphs);
    i = c === ESC ? escape(line, i, cells.style, sgr) : i + 1;
    text = i;
  }
  if (n > text) cells.text(line, text, n, glyphs);
  return cells.line();
}

/**
 * Parsed lines kept across frames. A dashboard redraws mostly the same lines (borders,
 * headers, unchanged rows), so a line parsed for one frame is usually needed by the
 * next. Two generations bound the memory: a line not used during a whole frame is
 * dropped when the frame after it ends, whatever text the panes show over time.
 */
export class StyledLineCache {
  private current = new Map<string, StyledLine>();
  private previous = new Map<string, StyledLine>();
  /** What reading the lines parsed here keeps from one to the next. */
  readonly reader = new LineReader();
  /** Lines seen per frame are capped too, for a frame of thousands of distinct lines. */
  constructor(private readonly maxPerFrame = 4096) {}

  get(line: string): StyledLine {
    let parsed = this.current.get(line);
    if (parsed !== undefined) return parsed;
    parsed = this.previous.get(line) ?? parseStyledLine(line, this.reader);
    if (this.current.size >= this.maxPerFrame) this.endFrame();
    this.current.set(line, parsed);
    return parsed;
  }

  /** Call once per frame: lines not used since the last call become eligible for dropping. */
  endFrame(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }
}
