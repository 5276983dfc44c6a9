/**
 * Headless xterm terminals for screen tests: one fed ink's raw output, one fed the
 * renderer's diff, then compared cell by cell (character, width, colours and every
 * attribute). Widths come from string-width, as in modern terminals with Unicode 11+
 * tables (xterm.js alone still uses Unicode 6, where emoji are one column).
 */
import xterm from '@xterm/headless';
import stringWidth from 'string-width';
import type { ScreenBuffer } from '../../../src/ui/render/ScreenBuffer.js';

type Terminal = InstanceType<typeof xterm.Terminal>;

const widthCache = new Map<number, 0 | 1 | 2>();

function codepointWidth(cp: number): 0 | 1 | 2 {
  let w = widthCache.get(cp);
  if (w === undefined) {
    const measured = cp < 0x20 ? 0 : stringWidth(String.fromCodePoint(cp));
    w = measured >= 2 ? 2 : measured <= 0 ? 0 : 1;
    widthCache.set(cp, w);
  }
  return w;
}

const stringWidthProvider = {
  version: 'string-width',
  wcwidth: codepointWidth,
  charProperties(codepoint: number, preceding: number): number {
    let width: number = codepointWidth(codepoint);
    let join = width === 0 && preceding !== 0;
    if (join) {
      const before = (preceding >> 1) & 3;
      if (before === 0) join = false;
      else if (before > width) width = before;
    }
    return ((width & 3) << 1) | (join ? 1 : 0);
  },
};

export function createTerminal(cols: number, rows: number): Terminal {
  // convertEol stands in for the tty's onlcr: "\n" returns the carriage as well.
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, convertEol: true, scrollback: 0 });
  term.unicode.register(stringWidthProvider);
  term.unicode.activeVersion = 'string-width';
  // The dashboard runs in the alternate screen.
  term.write('\x1b[?1049h\x1b[H');
  return term;
}

/**
 * Resizes like a terminal that crops: xterm.js keeps the cells of a narrowed
 * alternate screen out of sight and shows them again when it widens, which no
 * program output put there. Those cells are erased first (cursor and style kept).
 */
export async function resizeCropping(term: Terminal, cols: number, rows: number): Promise<void> {
  if (cols < term.cols) {
    let erase = '\x1b7\x1b[m';
    for (let y = 1; y <= term.rows; y++) erase += `\x1b[${y};${cols + 1}H\x1b[K`;
    await writeTerm(term, erase + '\x1b8');
  }
  term.resize(cols, rows);
}

export function writeTerm(term: Terminal, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

export interface CellView {
  ch: string;
  width: number;
  fg: string;
  bg: string;
  attrs: string;
}

/** Every cell. An erased cell ('') and a space look the same, so both read ' '. */
export function visibleCells(term: Terminal): CellView[][] {
  const buf = term.buffer.active;
  const rows: CellView[][] = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buf.getLine(buf.viewportY + y);
    const row: CellView[] = [];
    for (let x = 0; x < term.cols; x++) {
      const cell = line?.getCell(x);
      if (!cell) {
        row.push({ ch: ' ', width: 1, fg: 'default', bg: 'default', attrs: '' });
        continue;
      }
      const attrs = [
        cell.isBold() ? 'bold' : '',
        cell.isDim() ? 'dim' : '',
        cell.isItalic() ? 'italic' : '',
        cell.isUnderline() ? 'underline' : '',
        cell.isBlink() ? 'blink' : '',
        cell.isInverse() ? 'inverse' : '',
        cell.isInvisible() ? 'hidden' : '',
        cell.isStrikethrough() ? 'strike' : '',
        cell.isOverline() ? 'overline' : '',
      ]
        .filter(Boolean)
        .join(',');
      const chars = cell.getChars();
      row.push({
        ch: chars === '' && cell.getWidth() === 1 ? ' ' : chars,
        width: cell.getWidth(),
        fg: `${cell.getFgColorMode()}:${cell.getFgColor()}`,
        bg: `${cell.getBgColorMode()}:${cell.getBgColor()}`,
        attrs,
      });
    }
    rows.push(row);
  }
  return rows;
}

export function screenText(term: Terminal): string[] {
  return visibleCells(term).map((row) =>
    row
      .filter((c) => c.width !== 0)
      .map((c) => c.ch)
      .join('')
      .trimEnd(),
  );
}

const FLAG_NAMES: ReadonlyArray<readonly [number, string]> = [
  [1, 'bold'],
  [2, 'dim'],
  [4, 'italic'],
  [8, 'underline'],
  [16, 'blink'],
  [32, 'inverse'],
  [64, 'hidden'],
  [128, 'strike'],
  [256, 'overline'],
];

function colorView(color: number): string {
  // The renderer's colour encoding uses xterm's mode bits, so the views line up.
  return color === 0 ? '0:-1' : `${color & 0x3000000}:${color & 0xffffff}`;
}

/** The renderer's in-memory screen in the same shape as visibleCells(). */
export function bufferCells(buffer: ScreenBuffer): CellView[][] {
  const rows: CellView[][] = [];
  for (let y = 0; y < buffer.rows; y++) {
    const row: CellView[] = [];
    for (let x = 0; x < buffer.cols; x++) {
      const i = buffer.index(x, y);
      const flags = buffer.flags[i]!;
      row.push({
        ch: buffer.chars[i]!,
        width: buffer.widths[i]!,
        fg: colorView(buffer.fg[i]!),
        bg: colorView(buffer.bg[i]!),
        attrs: FLAG_NAMES.filter(([bit]) => flags & bit)
          .map(([, name]) => name)
          .join(','),
      });
    }
    rows.push(row);
  }
  return rows;
}

const LINES_OR_INVERSE = /underline|inverse|strike|overline/;

/**
 * What a cell looks like: a blank without a line or inverse shows only its
 * background, whatever its foreground, bold or italic say.
 */
export function look(cell: CellView): CellView {
  if (cell.ch !== ' ' || cell.width !== 1 || LINES_OR_INVERSE.test(cell.attrs)) return cell;
  return { ch: ' ', width: 1, fg: '-', bg: cell.bg, attrs: '' };
}

/** The first cell where two snapshots differ, described for a failure message, or null; `names` label the two sides. */
export function firstCellDifference(a: CellView[][], b: CellView[][], names: [string, string] = ['expected', 'actual']): string | null {
  if (a.length !== b.length) return `rows ${a.length} vs ${b.length}`;
  for (let y = 0; y < a.length; y++) {
    for (let x = 0; x < a[y]!.length; x++) {
      const ea = look(a[y]![x]!);
      const raw = b[y]?.[x];
      const eb = raw ? look(raw) : undefined;
      if (!eb || ea.ch !== eb.ch || ea.width !== eb.width || ea.fg !== eb.fg || ea.bg !== eb.bg || ea.attrs !== eb.attrs) {
        const text = (rows: CellView[][]) => rows[y]?.filter((c) => c.width !== 0).map((c) => c.ch).join('').trimEnd();
        return (
          `cell (${x},${y}): ${names[0]} ${JSON.stringify(ea)}, ${names[1]} ${JSON.stringify(eb)}\n` +
          `${names[0]} row: ${JSON.stringify(text(a))}\n${names[1]} row: ${JSON.stringify(text(b))}`
        );
      }
    }
  }
  return null;
}

/** The first cell where a terminal and the renderer's screen differ, or null. */
export function firstBufferDifference(expected: Terminal, actual: ScreenBuffer): string | null {
  if (expected.cols !== actual.cols || expected.rows !== actual.rows) {
    return `size ${expected.cols}x${expected.rows} vs ${actual.cols}x${actual.rows}`;
  }
  return firstCellDifference(visibleCells(expected), bufferCells(actual));
}

/** The first cell where two terminals differ, described for a failure message, or null. */
export function firstDifference(expected: Terminal, actual: Terminal): string | null {
  if (expected.cols !== actual.cols || expected.rows !== actual.rows) {
    return `size ${expected.cols}x${expected.rows} vs ${actual.cols}x${actual.rows}`;
  }
  return firstCellDifference(visibleCells(expected), visibleCells(actual));
}

