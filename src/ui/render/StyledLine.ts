import { applySgr, type CsiParams } from './applySgr.js';
import { AnsiTokenizer, type TokenSink } from './AnsiTokenizer.js';
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

class LineSink implements TokenSink {
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

  control(): void {}

  csi(prefix: string, params: CsiParams, intermediates: string, final: string): void {
    if (final === 'm' && prefix === '' && intermediates === '') applySgr(this.style, params);
  }

  esc(): void {}

  osc(): void {}
}

export function parseStyledLine(line: string): StyledLine {
  const sink = new LineSink();
  new AnsiTokenizer().feed(line, sink);
  return {
    cols: sink.chars.length,
    chars: sink.chars,
    widths: Uint8Array.from(sink.widths),
    fg: Uint32Array.from(sink.fg),
    bg: Uint32Array.from(sink.bg),
    flags: Uint16Array.from(sink.flags),
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
  /** Lines seen per frame are capped too, for a frame of thousands of distinct lines. */
  constructor(private readonly maxPerFrame = 4096) {}

  get(line: string): StyledLine {
    let parsed = this.current.get(line);
    if (parsed !== undefined) return parsed;
    parsed = this.previous.get(line) ?? parseStyledLine(line);
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
