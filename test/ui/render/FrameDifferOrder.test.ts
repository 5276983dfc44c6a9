/**
 * The encoding choices of issue 34 (output against the changed-cell floor): pieces of one
 * pen written in the cheapest order rather than row by row, blanks in whatever pen is on,
 * ECH and EL for blanks of any invisible foreground, backspaces and VPA among the moves,
 * a line feed costed as the CR LF a tty sends. Each is replayed into a headless xterm.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import { BLANK_VISIBLE, BOLD, INVERSE, UNDERLINE, defaultStyle, p16, rgb, type CellStyle } from '../../../src/ui/render/cellStyle.js';
import { changedSegments } from '../../../src/ui/render/changedSegments.js';
import { cursorMove, cursorMoveBytes, moveBytes } from '../../../src/ui/render/cursorMove.js';
import { BEGIN_SYNC, END_SYNC, FrameDiffer } from '../../../src/ui/render/FrameDiffer.js';
import { ScreenBuffer } from '../../../src/ui/render/ScreenBuffer.js';
import { fitsPen, stylePieces } from '../../../src/ui/render/stylePieces.js';
import { createTerminal, firstBufferDifference, writeTerm } from './xtermScreen.js';

const E = '\x1b[';
const HIDDEN_CURSOR = { x: 0, y: 0, visible: false };
const terminals: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const t of terminals.splice(0)) t.dispose();
});

const BG = rgb(17, 21, 28);
const TEXT: CellStyle = { fg: rgb(208, 212, 220), bg: BG, flags: 0 };
const ASK: CellStyle = { fg: rgb(239, 83, 80), bg: BG, flags: 0 };
const BID: CellStyle = { fg: rgb(38, 166, 154), bg: BG, flags: 0 };
const DIM_TEXT: CellStyle = { fg: rgb(107, 114, 128), bg: BG, flags: BOLD };
const PANEL: CellStyle = { fg: p16(7), bg: rgb(22, 27, 36), flags: 0 };
const LINED: CellStyle = { fg: p16(3), bg: BG, flags: UNDERLINE };
const STYLES = [TEXT, ASK, BID, DIM_TEXT, PANEL, LINED, { fg: p16(1), bg: 0, flags: INVERSE }, defaultStyle()];
const GLYPHS = ['1', '2', '7', '.', '║', '┃', '─', '▲', '█', ' ', ' ', ' ', '中'];

function sgrCount(out: string): number {
  return out.match(/\x1b\[[0-9;]*m/g)?.length ?? 0;
}

/** A dashboard-like screen: a background everywhere, columns of numbers and bars in a few pens. */
function bookScreen(seed: number, cols: number, rows: number, base?: ScreenBuffer): ScreenBuffer {
  const rng = mulberry32(seed);
  const buf = base ? base.clone() : new ScreenBuffer(cols, rows);
  if (!base) for (let y = 0; y < rows; y++) buf.erase(y, 0, cols, BG);
  const writes = base ? 1 + Math.floor(rng() * cols * 2) : cols * rows;
  for (let n = 0; n < writes; n++) {
    const x = Math.floor(rng() * cols);
    const y = Math.floor(rng() * rows);
    // Pens by column band, as panes have; now and then any pen.
    const style = rng() < 0.85 ? STYLES[Math.floor((x / cols) * 4)]! : STYLES[Math.floor(rng() * STYLES.length)]!;
    const r = rng();
    if (r < 0.05) buf.erase(y, x, x + 1 + Math.floor(rng() * 12), rng() < 0.8 ? BG : 0);
    else {
      const g = GLYPHS[Math.floor(rng() * GLYPHS.length)]!;
      if (g === '中') {
        if (x < cols - 1) buf.write(x, y, g, 2, style);
      } else buf.write(x, y, g, 1, style);
    }
  }
  return buf;
}

describe('FrameDiffer order and pens on a real terminal', () => {
  it('takes xterm through dashboard-like frames with many pieces and pens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom([12, 4], [40, 8], [120, 12]), fc.boolean(), async (seed, [cols, rows], cursorShown) => {
        const term = createTerminal(cols!, rows!);
        terminals.push(term);
        const differ = new FrameDiffer();
        let frame = bookScreen(seed, cols!, rows!);
        for (let step = 0; step < 6; step++) {
          const cursor = cursorShown ? { x: (seed + step) % cols!, y: step % rows!, visible: true } : HIDDEN_CURSOR;
          await writeTerm(term, differ.render(frame, cursor));
          expect(firstBufferDifference(term, frame)).toBeNull();
          if (cursorShown) expect([term.buffer.active.cursorX, term.buffer.active.cursorY]).toEqual([cursor.x, cursor.y]);
          frame = bookScreen(seed + step + 1, cols!, rows!, frame);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('writes a frame of more pieces than it reorders in row-major order, still exactly', async () => {
    const cols = 200;
    const rows = 30;
    const term = createTerminal(cols, rows);
    terminals.push(term);
    const differ = new FrameDiffer();
    const blank = new ScreenBuffer(cols, rows);
    await writeTerm(term, differ.render(blank, HIDDEN_CURSOR));
    // Every cell its own piece: 6,000 pieces, above MAX_REORDERED.
    const checker = blank.clone();
    for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) checker.write(x, y, x % 3 === 0 ? ' ' : '▌', 1, STYLES[(x + y) % 4]!);
    const out = differ.render(checker, HIDDEN_CURSOR);
    await writeTerm(term, out);
    expect(firstBufferDifference(term, checker)).toBeNull();
  });

  it('writes each pen once when rows alternate between pens', () => {
    const cols = 30;
    const a = new ScreenBuffer(cols, 6);
    for (let y = 0; y < 6; y++) a.erase(y, 0, cols, BG);
    const b = a.clone();
    for (let y = 0; y < 6; y++) {
      b.write(2, y, '1', 1, TEXT);
      b.write(10, y, '║', 1, ASK);
      b.write(12, y, '┃', 1, BID);
    }
    const differ = new FrameDiffer();
    differ.render(a, HIDDEN_CURSOR);
    const out = differ.render(b, HIDDEN_CURSOR);
    // Three pens and the reset at the end: row by row it would be 3 per row.
    expect(sgrCount(out)).toBe(4);
  });

  it('repaints pen by pen: each pen set once, on the first frame, after invalidate() and after a resize, exactly', async () => {
    const cols = 120;
    const rows = 12;
    /** Pens a repaint needs at most: the styles of the cells an erase does not leave (a plain blank's by its background). */
    const pensOf = (buf: ScreenBuffer) => {
      const keys = new Set<string>();
      for (let i = 0; i < buf.chars.length; i++) {
        if (buf.widths[i] === 0) continue;
        const plain = buf.chars[i] === ' ' && (buf.flags[i]! & BLANK_VISIBLE) === 0;
        if (plain && buf.bg[i] === 0) continue;
        keys.add(plain ? `b${buf.bg[i]}` : `${buf.fg[i]},${buf.bg[i]},${buf.flags[i]}`);
      }
      return keys.size;
    };
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      // ~150 pens of few colours meeting again with other flags, over a book.
      const screen = (n: number, c: number) => manyPens(seed + n, bookScreen(seed + n, c, rows), 600, true);
      const frame = screen(0, cols);
      const differ = new FrameDiffer();
      const repaints: Array<[ScreenBuffer, string]> = [];
      repaints.push([frame, differ.render(frame, HIDDEN_CURSOR)]);
      const other = screen(100, cols);
      differ.invalidate();
      repaints.push([other, differ.render(other, HIDDEN_CURSOR)]);
      const wider = screen(200, cols + 8);
      repaints.push([wider, differ.render(wider, HIDDEN_CURSOR)]);
      for (const [k, [buf, out]] of repaints.entries()) {
        expect(out).toContain(`${E}2J`);
        // Its pens, the reset before the erase and the one at the end. In a diff's order
        // (row-major here: pens times pieces is over what it searches) ~4x as many.
        expect(sgrCount(out), `seed ${seed}`).toBeLessThanOrEqual(pensOf(buf) + 2);
        const term = createTerminal(buf.cols, rows);
        terminals.push(term);
        // Whatever pen and cells a terminal has before a first frame or invalidate(); after a resize, the pen the frame before left.
        await writeTerm(term, k < 2 ? `${E}31;44mjunk${out}` : `junk${out}`);
        expect(firstBufferDifference(term, buf)).toBeNull();
      }
    }
  });

  it('writes a blank in the pen that is on when its background matches', () => {
    const a = new ScreenBuffer(20, 1);
    a.erase(0, 0, 20, BG);
    const b = a.clone();
    b.write(3, 0, '7', 1, ASK);
    // A space of another foreground, then a glyph of the same pen: one SGR for all three.
    b.write(4, 0, ' ', 1, TEXT);
    a.write(4, 0, 'x', 1, TEXT);
    b.write(5, 0, '1', 1, ASK);
    const differ = new FrameDiffer();
    differ.render(a, HIDDEN_CURSOR);
    const out = differ.render(b, HIDDEN_CURSOR);
    expect(out).toBe(`${BEGIN_SYNC}\b\b${E}38;2;239;83;80;48;2;17;21;28m7 1${E}m${END_SYNC}`);
  });

  it('erases blanks of a coloured foreground with ECH and EL', () => {
    const a = new ScreenBuffer(40, 2);
    for (const y of [0, 1]) for (let x = 0; x < 40; x++) a.write(x, y, 'x', 1, TEXT);
    const b = a.clone();
    for (let x = 5; x < 25; x++) b.write(x, 0, ' ', 1, TEXT);
    for (let x = 10; x < 40; x++) b.write(x, 1, ' ', 1, ASK);
    const differ = new FrameDiffer();
    differ.render(a, HIDDEN_CURSOR);
    const out = differ.render(b, HIDDEN_CURSOR);
    expect(out).toContain(`${E}20X`);
    expect(out).toContain(`${E}K`);
    expect(out).not.toContain('          ');
  });
});

describe('cursorMove', () => {
  it('costs what cursorMoveBytes says, and lands where asked on xterm (any start, pending wrap included)', async () => {
    const cols = 50;
    const rows = 12;
    const term = createTerminal(cols, rows);
    terminals.push(term);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -1, max: cols }),
        fc.integer({ min: 0, max: rows - 1 }),
        fc.integer({ min: 0, max: cols - 1 }),
        fc.integer({ min: 0, max: rows - 1 }),
        async (fx, fy, x, y) => {
          const from = { x: fx, y: fy };
          const move = cursorMove(from, x, y, cols);
          expect(cursorMoveBytes(from, x, y, cols)).toBe(moveBytes(move));
          // Put the cursor at the start: somewhere on row fy when x is unknown, a pending wrap at cols.
          const start = fx === cols ? `${E}${fy + 1};${cols}H#` : `${E}${fy + 1};${(fx < 0 ? 7 : fx) + 1}H`;
          await writeTerm(term, `${E}2J${start}${move}`);
          expect([term.buffer.active.cursorX, term.buffer.active.cursorY]).toEqual([x, y]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('counts a line feed as the CR LF a tty sends, and uses backspaces and VPA', () => {
    expect(moveBytes('\r\n')).toBe(3);
    expect(cursorMove({ x: 10, y: 3 }, 8, 3, 80)).toBe('\b\b');
    expect(cursorMove({ x: 105, y: 3 }, 100, 3, 120)).toBe(`${E}5D`);
    // Down one to column 10 from column 10: CUD beats CR LF plus a column move.
    expect(cursorMove({ x: 10, y: 3 }, 10, 4, 80)).toBe(`${E}B`);
    expect(cursorMove({ x: 4, y: 30 }, 4, 2, 80)).toBe(`${E}3d`);
  });
});

describe('stylePieces', () => {
  it('cuts changed runs into pieces whose cells all fit the piece pen, covering the runs exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const a = bookScreen(seed, 40, 6);
        const b = bookScreen(seed + 1, 40, 6, a);
        const segments = changedSegments(a, b);
        const pieces = stylePieces(b, segments);
        const covered = (list: readonly { y: number; s: number; e: number }[]) => list.flatMap((p) => Array.from({ length: p.e - p.s + 1 }, (_, k) => p.y * 40 + p.s + k));
        expect(covered(pieces)).toEqual(covered(segments));
        for (const p of pieces) {
          for (let x = p.s; x <= p.e; x++) {
            const i = p.y * 40 + x;
            if (b.widths[i] === 0) continue;
            const pen = p.blank ? { fg: 0, bg: p.bg, flags: 0 } : p;
            expect(fitsPen(b, i, pen)).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * `base` with `cells` cells written in pens of random colours and flags: from a few colours
 * (`few`), so that pens meet again with other flags and backgrounds, or from any.
 */
function manyPens(seed: number, base: ScreenBuffer, cells: number, few: boolean): ScreenBuffer {
  const rng = mulberry32(seed);
  const buf = base.clone();
  const colour = () => (few ? rgb(Math.floor(rng() * 3) * 60, 90, Math.floor(rng() * 2) * 70) : rgb(Math.floor(rng() * 256), Math.floor(rng() * 256), Math.floor(rng() * 256)));
  for (let n = 0; n < cells; n++) {
    const x = Math.floor(rng() * buf.cols);
    const y = Math.floor(rng() * buf.rows);
    const flags = [0, 0, BOLD, UNDERLINE, INVERSE, BOLD | UNDERLINE][Math.floor(rng() * 6)]!;
    if (rng() < 0.15) buf.erase(y, x, x + 1 + Math.floor(rng() * 6), rng() < 0.5 ? BG : colour());
    else {
      const g = GLYPHS[Math.floor(rng() * GLYPHS.length)]!;
      buf.write(x, y, g === '中' ? 'x' : g, 1, { fg: rng() < 0.2 ? 0 : colour(), bg: rng() < 0.6 ? BG : colour(), flags });
    }
  }
  return buf;
}

describe('FrameDiffer keeps SGR costs across frames', () => {
  it('writes the bytes of a differ that works every cost out again, after thousands of other pens and while it forgets them', () => {
    const cols = 120;
    const rows = 12;
    for (const seed of [1, 2, 3, 4]) {
      // `seasoned` has seen thousands of pens (more than it keeps) before the frames compared.
      const seasoned = new FrameDiffer();
      let junk = new ScreenBuffer(cols, rows);
      for (let i = 0; i < 60; i++) {
        junk = manyPens(seed * 1000 + i, junk, 150, i % 2 === 0);
        seasoned.render(junk, HIDDEN_CURSOR);
      }
      seasoned.invalidate();
      const fresh = new FrameDiffer({ keepPenCosts: false });
      let frame = bookScreen(seed, cols, rows);
      for (let step = 0; step < 40; step++) {
        const cursor = { x: (seed * 7 + step) % cols, y: step % rows, visible: step % 3 === 0 };
        expect(seasoned.render(frame, cursor), `seed ${seed}, step ${step}`).toBe(fresh.render(frame, cursor));
        frame = step % 3 === 2 ? bookScreen(seed + step, cols, rows, frame) : manyPens(seed * 100 + step, frame, 20 + step * 4, step % 2 === 0);
      }
    }
  });
});
