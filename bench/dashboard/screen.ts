import xterm from '@xterm/headless';

/**
 * What a terminal shows, cell by cell: the character and everything that changes how it
 * looks (colours and attributes). Two screens that look the same compare equal: a blank
 * cell's foreground colour and bold/italic/dim/blink are invisible, so they are dropped.
 */
export const BOLD = 1;
export const DIM = 2;
export const ITALIC = 4;
export const UNDERLINE = 8;
export const BLINK = 16;
export const INVERSE = 32;
export const INVISIBLE = 64;
export const STRIKE = 128;
export const OVERLINE = 256;
/** Attributes that still show on a blank cell. */
const VISIBLE_ON_BLANK = UNDERLINE | INVERSE | STRIKE | OVERLINE;

/** Colour as xterm's mode bits (0 default, 1<<24 palette 16, 2<<24 palette 256, 3<<24 RGB) | value. */
export const CM_DEFAULT = 0;
export const CM_P16 = 0x1000000;
export const CM_P256 = 0x2000000;
export const CM_RGB = 0x3000000;

export interface Snapshot {
  cols: number;
  rows: number;
  /** One entry per cell; '' for the second half of a wide character. */
  chars: string[];
  /** 1, or 2 for a wide character's first cell, 0 for its second. */
  width: Uint8Array;
  fg: Int32Array;
  bg: Int32Array;
  flags: Uint16Array;
}

export function blankSnapshot(cols: number, rows: number): Snapshot {
  const n = cols * rows;
  return { cols, rows, chars: new Array<string>(n).fill(' '), width: new Uint8Array(n).fill(1), fg: new Int32Array(n), bg: new Int32Array(n), flags: new Uint16Array(n) };
}

type Term = InstanceType<typeof xterm.Terminal>;

/** xterm answers -1 as the colour of the default mode; the mode alone says "default". */
function color(mode: number, value: number): number {
  return mode === CM_DEFAULT ? CM_DEFAULT : mode | (value & 0xffffff);
}

export function snapshot(term: Term): Snapshot {
  const { cols, rows } = term;
  const s = blankSnapshot(cols, rows);
  const buf = term.buffer.active;
  const cell = buf.getNullCell();
  for (let y = 0; y < rows; y++) {
    const line = buf.getLine(buf.viewportY + y);
    if (!line) continue;
    for (let x = 0; x < cols; x++) {
      const i = y * cols + x;
      if (!line.getCell(x, cell)) continue;
      const w = cell.getWidth();
      const ch = cell.getChars();
      let flags =
        (cell.isBold() ? BOLD : 0) |
        (cell.isDim() ? DIM : 0) |
        (cell.isItalic() ? ITALIC : 0) |
        (cell.isUnderline() ? UNDERLINE : 0) |
        (cell.isBlink() ? BLINK : 0) |
        (cell.isInverse() ? INVERSE : 0) |
        (cell.isInvisible() ? INVISIBLE : 0) |
        (cell.isStrikethrough() ? STRIKE : 0) |
        (cell.isOverline() ? OVERLINE : 0);
      let fg = color(cell.getFgColorMode(), cell.getFgColor());
      const bg = color(cell.getBgColorMode(), cell.getBgColor());
      const blank = w !== 0 && (ch === '' || ch === ' ' || (flags & INVISIBLE) !== 0);
      if (blank) {
        flags &= VISIBLE_ON_BLANK;
        if ((flags & (UNDERLINE | STRIKE | OVERLINE | INVERSE)) === 0) fg = CM_DEFAULT;
      }
      s.chars[i] = w === 0 ? '' : blank ? ' ' : ch;
      s.width[i] = w;
      s.fg[i] = fg;
      s.bg[i] = bg;
      s.flags[i] = flags;
    }
  }
  return s;
}

export function sameCell(a: Snapshot, b: Snapshot, i: number): boolean {
  return a.chars[i] === b.chars[i] && a.width[i] === b.width[i] && a.fg[i] === b.fg[i] && a.bg[i] === b.bg[i] && a.flags[i] === b.flags[i];
}

/** Cells that differ, or -1 when the sizes differ. */
export function changedCells(a: Snapshot, b: Snapshot): number {
  if (a.cols !== b.cols || a.rows !== b.rows) return -1;
  let n = 0;
  for (let i = 0; i < a.chars.length; i++) if (!sameCell(a, b, i)) n++;
  return n;
}

/** The visible rows as text, right-trimmed. */
export function screenText(term: Term): string {
  const buf = term.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < term.rows; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
  return lines.join('\n');
}

export function newTerminal(cols: number, rows: number, scrollback = 0): Term {
  return new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback });
}

/** Resolves once everything written so far has been parsed. */
export function drain(term: Term): Promise<void> {
  return new Promise((resolve) => term.write('', resolve));
}

/** How long a reader waits for a synchronized update to end (xterm's own timeout is 1 s). */
const SYNC_TIMEOUT_MS = 1_000;

/**
 * Resolves once the output so far is parsed and no synchronized-output bracket
 * (CSI ? 2026 h ... l) is open, or after a terminal's timeout: a terminal shows nothing of a
 * frame until its bracket closes, so a reader of the screen must not either. `parse` hands
 * over whatever arrived meanwhile and resolves once it is parsed.
 */
export async function frameEnded(term: Term, parse: () => Promise<void>): Promise<void> {
  await parse();
  for (const until = Date.now() + SYNC_TIMEOUT_MS; term.modes.synchronizedOutputMode && Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 5));
    await parse();
  }
}
