import { applySgr } from './applySgr.js';
import { BEL, CAN, ESC, MAX_PARAMS, MAX_SUBPARAMS, SUB } from './AnsiTokenizer.js';
import { defaultStyle, type CellStyle } from './cellStyle.js';
import { eachGlyph } from './graphemeWidth.js';

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

/** The cells of one line as they are cut, before they are packed into typed arrays. */
class LineCells {
  chars: string[] = [];
  widths: number[] = [];
  fg: number[] = [];
  bg: number[] = [];
  flags: number[] = [];
  readonly style: CellStyle = defaultStyle();

  private push(char: string, width: number): void {
    const { fg, bg, flags } = this.style;
    this.chars.push(char);
    this.widths.push(width);
    this.fg.push(fg);
    this.bg.push(bg);
    this.flags.push(flags);
  }

  text(text: string): void {
    eachGlyph(text, this.glyph);
  }

  private readonly glyph = (g: string, width: number): void => {
    if (width === 0) {
      // A mark joins the glyph before it; at the start of a line there is none.
      let i = this.chars.length - 1;
      if (i >= 0 && this.widths[i] === 0) i -= 1;
      if (i >= 0 && this.chars[i]!.length < 32) this.chars[i] += g;
      return;
    }
    this.push(g, width);
    if (width === 2) this.push('', 0);
  };
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

export function parseStyledLine(line: string, sgr?: SgrEffects): StyledLine {
  const cells = new LineCells();
  const n = line.length;
  let text = 0;
  let i = 0;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c !== ESC && !isControl(c)) {
      i++;
      continue;
    }
    if (i > text) cells.text(line.slice(text, i));
    i = c === ESC ? escape(line, i, cells.style, sgr) : i + 1;
    text = i;
  }
  if (n > text) cells.text(text === 0 ? line : line.slice(text));
  return {
    cols: cells.chars.length,
    chars: cells.chars,
    widths: Uint8Array.from(cells.widths),
    fg: Uint32Array.from(cells.fg),
    bg: Uint32Array.from(cells.bg),
    flags: Uint16Array.from(cells.flags),
  };
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
  /** SGR sequences' effects, shared by the lines parsed here. */
  readonly sgr = new SgrEffects();
  /** Lines seen per frame are capped too, for a frame of thousands of distinct lines. */
  constructor(private readonly maxPerFrame = 4096) {}

  get(line: string): StyledLine {
    let parsed = this.current.get(line);
    if (parsed !== undefined) return parsed;
    parsed = this.previous.get(line) ?? parseStyledLine(line, this.sgr);
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
