import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import { COLOR_P16, defaultStyle, p16, p256, rgb, type CellStyle } from '../../../src/ui/render/cellStyle.js';
import { cursorMove } from '../../../src/ui/render/cursorMove.js';
import { BEGIN_SYNC, END_SYNC, FrameDiffer, HIDE_CURSOR, SHOW_CURSOR } from '../../../src/ui/render/FrameDiffer.js';
import { ScreenBuffer } from '../../../src/ui/render/ScreenBuffer.js';
import { sgrTransition } from '../../../src/ui/render/sgrTransition.js';
import { createTerminal, firstBufferDifference, writeTerm } from './xtermScreen.js';

const E = '\x1b[';
const HIDDEN_CURSOR = { x: 0, y: 0, visible: false };
const terminals: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const t of terminals.splice(0)) t.dispose();
});

function screen(cols: number, rows: number, lines: string[], style: CellStyle = defaultStyle()): ScreenBuffer {
  const buf = new ScreenBuffer(cols, rows);
  lines.forEach((line, y) => {
    let x = 0;
    for (const ch of line) {
      const width = /[\u4e00-\u9fff]/.test(ch) ? 2 : 1;
      buf.write(x, y, ch, width, style);
      x += width;
    }
  });
  return buf;
}

/** Renders `first` then `second`; returns the second frame's bytes. */
function secondFrame(first: ScreenBuffer, second: ScreenBuffer): string {
  const differ = new FrameDiffer();
  differ.render(first, HIDDEN_CURSOR);
  return differ.render(second, HIDDEN_CURSOR);
}

describe('FrameDiffer', () => {
  it('repaints the first frame in full inside synchronized output, cursor hidden', () => {
    const out = new FrameDiffer().render(screen(10, 3, ['hi']), HIDDEN_CURSOR);
    expect(out.startsWith(BEGIN_SYNC + HIDE_CURSOR)).toBe(true);
    expect(out).toContain(`${E}H${E}2J`);
    expect(out).toContain('hi');
    expect(out.endsWith(END_SYNC)).toBe(true);
  });

  it('writes nothing for an identical frame', () => {
    const a = screen(20, 4, ['hello', 'world']);
    expect(secondFrame(a, a.clone())).toBe('');
  });

  it('writes one changed cell as a cursor move and the character', () => {
    const a = screen(80, 24, ['hello']);
    const b = screen(80, 24, ['hello']);
    b.write(2, 5, 'X', 1, defaultStyle());
    expect(secondFrame(a, b)).toBe(`${BEGIN_SYNC}${E}6;3HX${END_SYNC}`);
  });

  it('changes only the style when only the style changed, and resets it after', () => {
    const a = screen(20, 2, ['price 101']);
    const b = screen(20, 2, ['price 101']);
    b.write(6, 0, '1', 1, { fg: p16(1), bg: 0, flags: 0 });
    const out = secondFrame(a, b);
    // From the end of "price 101" back to its "1": three backspaces are shorter than CHA.
    expect(out).toBe(`${BEGIN_SYNC}\b\b\b${E}31m1${E}m${END_SYNC}`);
  });

  it('rewrites a short unchanged gap instead of moving when that is shorter', () => {
    const a = screen(20, 1, ['abcde']);
    const b = screen(20, 1, ['XbcdY']);
    expect(secondFrame(a, b)).toBe(`${BEGIN_SYNC}\rXbcdY${END_SYNC}`);
    const c = screen(20, 1, ['abcdefghijklmn']);
    const d = screen(20, 1, ['Xbcdefghijklmz']);
    expect(secondFrame(c, d)).toBe(`${BEGIN_SYNC}\rX${E}14Gz${END_SYNC}`);
  });

  it('clears the rest of a row that got shorter with EL', () => {
    const a = screen(40, 2, ['hello wonderful world']);
    const b = screen(40, 2, ['hello']);
    expect(secondFrame(a, b)).toBe(`${BEGIN_SYNC}${E}7G${E}K${END_SYNC}`);
  });

  it('repaints a wide glyph whole when either half changes, and its neighbour when split', () => {
    const a = screen(10, 1, ['a中b']);
    const b = screen(10, 1, ['a文b']);
    expect(secondFrame(a, b)).toBe(`${BEGIN_SYNC}\b\b\b文${END_SYNC}`);
    const c = screen(10, 1, ['axyb']);
    expect(secondFrame(a, c)).toBe(`${BEGIN_SYNC}\b\b\bxy${END_SYNC}`);
    const d = screen(10, 1, ['ax中']);
    // The new wide glyph starts on the right half of the old one: both columns of each are rewritten.
    expect(secondFrame(a, d)).toBe(`${BEGIN_SYNC}\b\b\bx中${END_SYNC}`);
  });

  it('repaints in full after a size change and after invalidate()', () => {
    const differ = new FrameDiffer();
    differ.render(screen(10, 2, ['a']), HIDDEN_CURSOR);
    expect(differ.render(screen(12, 3, ['a']), HIDDEN_CURSOR)).toContain(`${E}2J`);
    differ.invalidate();
    expect(differ.render(screen(12, 3, ['a']), HIDDEN_CURSOR)).toContain(`${E}2J`);
    expect(differ.fullRepaints).toBe(3);
  });

  it('shows the cursor where the frame has it, and hides it while drawing', () => {
    const differ = new FrameDiffer();
    differ.render(screen(10, 3, ['ab']), { x: 2, y: 0, visible: true });
    const out = differ.render(screen(10, 3, ['abc']), { x: 3, y: 0, visible: true });
    expect(out).toBe(`${BEGIN_SYNC}${HIDE_CURSOR}c${SHOW_CURSOR}${END_SYNC}`);
    expect(differ.render(screen(10, 3, ['abc']), { x: 1, y: 2, visible: true })).toBe(`${BEGIN_SYNC}${E}3;2H${END_SYNC}`);
    expect(differ.render(screen(10, 3, ['abc']), HIDDEN_CURSOR)).toBe(`${BEGIN_SYNC}${HIDE_CURSOR}${END_SYNC}`);
  });

  it('can leave out the synchronized-output brackets', () => {
    const differ = new FrameDiffer({ synchronized: false });
    differ.render(screen(10, 1, ['a']), HIDDEN_CURSOR);
    expect(differ.render(screen(10, 1, ['b']), HIDDEN_CURSOR)).toBe('\rb');
  });
});

describe('sgrTransition and cursorMove', () => {
  it('emits only the attributes that change, or a reset when shorter', () => {
    const red = { fg: p16(1), bg: 0, flags: 0 };
    expect(sgrTransition(defaultStyle(), red)).toBe(`${E}31m`);
    expect(sgrTransition(red, red)).toBe('');
    expect(sgrTransition(red, defaultStyle())).toBe(`${E}m`);
    expect(sgrTransition({ fg: rgb(1, 2, 3), bg: p256(9), flags: 1 | 4 }, { fg: p16(9), bg: 0, flags: 0 })).toBe(`${E}0;91m`);
    expect(sgrTransition({ fg: p16(1), bg: 0, flags: 1 }, red)).toBe(`${E}22m`);
    expect(sgrTransition({ fg: p16(1), bg: 0, flags: 1 | 2 }, { fg: p16(1), bg: 0, flags: 2 })).toBe(`${E}22;2m`);
    expect(sgrTransition(defaultStyle(), { fg: COLOR_P16 | 12, bg: p256(200), flags: 0 })).toBe(`${E}94;48;5;200m`);
  });

  it('picks the shortest cursor move', () => {
    expect(cursorMove({ x: 5, y: 3 }, 5, 3, 80)).toBe('');
    expect(cursorMove({ x: 5, y: 3 }, 0, 3, 80)).toBe('\r');
    expect(cursorMove({ x: 5, y: 3 }, 4, 3, 80)).toBe('\b');
    expect(cursorMove({ x: 5, y: 3 }, 9, 3, 80)).toBe(`${E}4C`);
    expect(cursorMove({ x: 5, y: 3 }, 0, 4, 80)).toBe('\r\n');
    expect(cursorMove({ x: -1, y: -1 }, 0, 0, 80)).toBe(`${E}H`);
    expect(cursorMove({ x: 80, y: 3 }, 79, 3, 80)).toBe(`${E}80G`);
    expect(cursorMove({ x: 10, y: 20 }, 40, 2, 80)).toBe(`${E}3;41H`);
  });
});

/** A random screen: styled narrow and wide glyphs, blanks, erased runs with backgrounds. */
function randomScreen(seed: number, cols: number, rows: number, base?: ScreenBuffer): ScreenBuffer {
  const rng = mulberry32(seed);
  const buf = base ? base.clone() : new ScreenBuffer(cols, rows);
  const styles: CellStyle[] = [
    defaultStyle(),
    { fg: p16(1), bg: 0, flags: 0 },
    { fg: p256(200), bg: p16(4), flags: 1 },
    { fg: rgb(10, 20, 30), bg: rgb(200, 100, 0), flags: 8 | 32 },
    { fg: 0, bg: p16(2), flags: 0 },
  ];
  const writes = base ? 1 + Math.floor(rng() * 12) : cols * rows;
  for (let n = 0; n < writes; n++) {
    const x = Math.floor(rng() * cols);
    const y = Math.floor(rng() * rows);
    const style = styles[Math.floor(rng() * styles.length)]!;
    const r = rng();
    if (r < 0.1) buf.erase(y, x, x + 1 + Math.floor(rng() * cols), style.bg);
    else if (r < 0.25 && x < cols - 1) buf.write(x, y, rng() < 0.5 ? '中' : '🚀', 2, style);
    else buf.write(x, y, rng() < 0.3 ? ' ' : String.fromCharCode(97 + Math.floor(rng() * 26)), 1, style);
  }
  return buf;
}

describe('FrameDiffer on a real terminal', () => {
  it('takes xterm from any frame to any next frame (random screens and small edits)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom([8, 3], [30, 6], [80, 5]), async (seed, [cols, rows]) => {
        const term = createTerminal(cols!, rows!);
        terminals.push(term);
        const differ = new FrameDiffer();
        let frame = randomScreen(seed, cols!, rows!);
        for (let step = 0; step < 6; step++) {
          await writeTerm(term, differ.render(frame, HIDDEN_CURSOR));
          expect(firstBufferDifference(term, frame)).toBeNull();
          frame = step % 3 === 2 ? randomScreen(seed + step, cols!, rows!) : randomScreen(seed + step, cols!, rows!, frame);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('FrameDiffer.catchUp (a terminal that joins a shared screen late)', () => {
  it('draws a late terminal so that the frames after apply to it as to the first (random screens)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom([8, 3], [30, 6], [80, 5]), fc.integer({ min: 0, max: 4 }), async (seed, [cols, rows], joinAt) => {
        const first = createTerminal(cols!, rows!);
        const late = createTerminal(cols!, rows!);
        terminals.push(first, late);
        const differ = new FrameDiffer();
        let frame = randomScreen(seed, cols!, rows!);
        for (let step = 0; step < 6; step++) {
          if (step === joinAt) await writeTerm(late, differ.catchUp());
          const out = differ.render(frame, HIDDEN_CURSOR);
          await writeTerm(first, out);
          if (step >= joinAt) await writeTerm(late, out);
          expect(firstBufferDifference(first, frame)).toBeNull();
          if (step >= joinAt) expect(firstBufferDifference(late, frame)).toBeNull();
          frame = randomScreen(seed + step, cols!, rows!, frame);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('is empty before the first frame', () => {
    expect(new FrameDiffer().catchUp()).toBe('');
  });
});
