import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { AnsiFrameParser } from '../../../src/ui/render/AnsiFrameParser.js';
import {
  BOLD,
  COLOR_P16,
  COLOR_P256,
  COLOR_RGB,
  DIM,
  INVERSE,
  ITALIC,
  STRIKETHROUGH,
  UNDERLINE,
} from '../../../src/ui/render/cellStyle.js';
import { createTerminal, firstBufferDifference, writeTerm } from './xtermScreen.js';

const E = '\x1b[';
const terminals: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const t of terminals.splice(0)) t.dispose();
});

function parse(input: string | string[], cols = 20, rows = 5): AnsiFrameParser {
  const parser = new AnsiFrameParser(cols, rows);
  for (const chunk of Array.isArray(input) ? input : [input]) parser.write(chunk);
  return parser;
}

/** Feeds the same bytes to xterm and to the parser; they must show the same cells. */
async function expectLikeXterm(input: string, cols = 20, rows = 5): Promise<AnsiFrameParser> {
  const term = createTerminal(cols, rows);
  terminals.push(term);
  await writeTerm(term, input);
  const parser = parse(input, cols, rows);
  expect(firstBufferDifference(term, parser.screen)).toBeNull();
  return parser;
}

function styleAt(p: AnsiFrameParser, x: number, y: number) {
  const i = p.screen.index(x, y);
  return { fg: p.screen.fg[i], bg: p.screen.bg[i], flags: p.screen.flags[i] };
}

describe('AnsiFrameParser text', () => {
  it('writes text from the top-left and treats \\n as CR LF (the tty onlcr)', async () => {
    const p = await expectLikeXterm('ab\ncd\r\nef');
    expect(p.screen.lines().slice(0, 3)).toEqual(['ab', 'cd', 'ef']);
    expect(p.cursor).toMatchObject({ x: 2, y: 2 });
  });

  it('wraps at the right edge only when the next glyph comes (pending wrap)', async () => {
    const p = await expectLikeXterm('0123456789\nx', 10, 3);
    expect(p.screen.lines()).toEqual(['0123456789', 'x', '']);
    await expectLikeXterm('01234567890123', 10, 3);
  });

  it('scrolls when writing past the bottom row', async () => {
    const p = await expectLikeXterm('1\n2\n3\n4', 5, 3);
    expect(p.screen.lines()).toEqual(['2', '3', '4']);
  });

  it('places wide glyphs in two cells and wraps one that does not fit', async () => {
    const p = await expectLikeXterm('中文', 5, 2);
    const s = p.screen;
    expect([s.widths[0], s.widths[1], s.chars[1]]).toEqual([2, 0, '']);
    expect(p.cursor.x).toBe(4);
    await expectLikeXterm('abcd中', 5, 2);
    await expectLikeXterm('🚀x😀', 6, 2);
  });

  it('blanks the other half of a wide glyph that is half overwritten', async () => {
    await expectLikeXterm(`中文${E}2Gx`, 6, 1);
    await expectLikeXterm(`中文${E}Gxy${E}31mz`, 6, 1);
    await expectLikeXterm(`a中b${E}2G${E}K`, 6, 1);
  });

  it('joins combining marks to the previous glyph', async () => {
    const p = await expectLikeXterm('e\u0301x');
    expect(p.screen.chars[0]).toBe('e\u0301');
    expect(p.screen.chars[1]).toBe('x');
  });

  it('handles tab, backspace and bell', async () => {
    await expectLikeXterm('a\tb\bc');
    const p = parse('\x07');
    expect(p.takePassthrough()).toBe('\x07');
  });
});

describe('AnsiFrameParser SGR', () => {
  it('reads 16-colour, bright, 256 and truecolor foregrounds and backgrounds', async () => {
    const p = await expectLikeXterm(
      `${E}31ma${E}97mb${E}38;5;200mc${E}38;2;1;2;3md${E}39me` + `${E}42mf${E}105mg${E}48;5;17mh${E}48;2;9;8;7mi${E}49mj`,
    );
    expect(styleAt(p, 0, 0).fg).toBe(COLOR_P16 | 1);
    expect(styleAt(p, 1, 0).fg).toBe(COLOR_P16 | 15);
    expect(styleAt(p, 2, 0).fg).toBe(COLOR_P256 | 200);
    expect(styleAt(p, 3, 0).fg).toBe(COLOR_RGB | 0x010203);
    expect(styleAt(p, 4, 0).fg).toBe(0);
    expect(styleAt(p, 5, 0).bg).toBe(COLOR_P16 | 2);
    expect(styleAt(p, 6, 0).bg).toBe(COLOR_P16 | 13);
    expect(styleAt(p, 7, 0).bg).toBe(COLOR_P256 | 17);
    expect(styleAt(p, 8, 0).bg).toBe(COLOR_RGB | 0x090807);
    expect(styleAt(p, 9, 0).bg).toBe(0);
  });

  it('reads the colon forms', async () => {
    const p = await expectLikeXterm(`${E}38:5:9ma${E}38:2::10:20:30mb${E}48:5:3mc`);
    expect(styleAt(p, 0, 0).fg).toBe(COLOR_P256 | 9);
    expect(styleAt(p, 1, 0).fg).toBe(COLOR_RGB | 0x0a141e);
    expect(styleAt(p, 2, 0).bg).toBe(COLOR_P256 | 3);
  });

  it('sets and resets bold, dim, italic, underline, inverse and strikethrough', async () => {
    const p = await expectLikeXterm(
      `${E}1;2;3;4;7;9ma${E}22mb${E}23mc${E}24md${E}27me${E}29mf${E}1;31mg${E}0mh${E}1mi${E}mj`,
    );
    expect(styleAt(p, 0, 0).flags).toBe(BOLD | DIM | ITALIC | UNDERLINE | INVERSE | STRIKETHROUGH);
    expect(styleAt(p, 1, 0).flags).toBe(ITALIC | UNDERLINE | INVERSE | STRIKETHROUGH);
    expect(styleAt(p, 5, 0).flags).toBe(0);
    expect(styleAt(p, 6, 0)).toEqual({ fg: COLOR_P16 | 1, bg: 0, flags: BOLD });
    expect(styleAt(p, 7, 0)).toEqual({ fg: 0, bg: 0, flags: 0 });
    expect(styleAt(p, 9, 0)).toEqual({ fg: 0, bg: 0, flags: 0 });
  });
});

describe('AnsiFrameParser cursor and erase sequences', () => {
  it('moves up with ESC[nA and to a column with ESC[G / ESC[nG', async () => {
    const p = await expectLikeXterm(`aaaa\nbbbb\ncccc${E}2A${E}GX${E}3GY${E}AZ`);
    expect(p.screen.lines().slice(0, 3)).toEqual(['XaYZ', 'bbbb', 'cccc']);
  });

  it('erases lines with ESC[2K the way ink erases its previous frame', async () => {
    const p = await expectLikeXterm(`one\ntwo\nthree\n${E}2K${E}1A${E}2K${E}1A${E}2K${E}1A${E}2K${E}Gnew`);
    expect(p.screen.lines()).toEqual(['new', '', '', '', '']);
  });

  it('erases with the current background', async () => {
    const p = await expectLikeXterm(`abcdef${E}44m${E}3G${E}K`);
    expect(styleAt(p, 4, 0)).toEqual({ fg: 0, bg: COLOR_P16 | 4, flags: 0 });
    expect(p.screen.rowText(0)).toBe('ab');
  });

  it('positions with ESC[H and ESC[row;colH and clears with ESC[J, ESC[0J, ESC[2J, ESC[3J', async () => {
    await expectLikeXterm(`11111\n22222\n33333${E}2;3H${E}J`, 5, 3);
    await expectLikeXterm(`11111\n22222\n33333${E}2;3H${E}0J`, 5, 3);
    const p = await expectLikeXterm(`11111\n22222${E}2J${E}3J${E}Hx`, 5, 3);
    expect(p.screen.lines()).toEqual(['x', '', '']);
    await expectLikeXterm(`11111\n22222\n33333${E}2;3H${E}1J${E}1K`, 5, 3);
  });

  it('erases characters with ESC[nX and moves with B, C, D, E, F, d', async () => {
    await expectLikeXterm(`abcdefgh${E}3G${E}3X${E}2B${E}3Cz${E}2Dy${E}Eq${E}Fw${E}2dv`, 10, 4);
  });

  it('saves and restores the cursor with its style', async () => {
    const p = await expectLikeXterm(`${E}31m\x1b7ab${E}0m\x1b8c${E}su${E}3G${E}uv`);
    expect(styleAt(p, 0, 0).fg).toBe(COLOR_P16 | 1);
  });

  it('tracks cursor visibility and synchronized output', () => {
    const p = parse(`${E}?25l${E}?2026hx`);
    expect(p.cursor.visible).toBe(false);
    expect(p.synchronized).toBe(true);
    p.write(`${E}?2026l${E}?25h`);
    expect(p.synchronized).toBe(false);
    expect(p.syncEnds).toBe(1);
    expect(p.cursor.visible).toBe(true);
  });

  it('handles ink clearing the terminal for a frame as tall as the screen', async () => {
    const p = await expectLikeXterm(`a\nb\nc${E}2J${E}3J${E}Hx\ny\nz`, 4, 3);
    expect(p.screen.lines()).toEqual(['x', 'y', 'z']);
  });
});

describe('AnsiFrameParser pass-through and robustness', () => {
  it('ignores OSC 8 hyperlinks but keeps their text', () => {
    // (xterm.js underlines linked cells itself, so this one is not compared with it.)
    const p = parse('\x1b]8;;https://example.com\x07link\x1b]8;;\x07!');
    expect(p.screen.rowText(0)).toBe('link!');
    expect(p.takePassthrough()).toBe('');
    expect(p.screen.flags[0]).toBe(0);
    const q = parse('\x1b]8;;https://a.b\x1b\\x\x1b]8;;\x1b\\y');
    expect(q.screen.rowText(0)).toBe('xy');
  });

  it('forwards modes and titles it does not draw, and asks for a repaint on the alternate screen', () => {
    const p = parse(`${E}?2004h${E}?25;1000h\x1b]0;title\x07${E}>1u${E}?1049h`);
    expect(p.takePassthrough()).toBe(`${E}?2004h${E}?1000h\x1b]0;title\x07${E}>1u${E}?1049h`);
    expect(p.takeRepaintRequest()).toBe(true);
    expect(p.takeRepaintRequest()).toBe(false);
    expect(p.cursor.visible).toBe(true);
  });

  it('completes sequences and surrogate pairs cut between writes', () => {
    const whole = parse(`${E}38;2;1;2;3mab🚀c${E}2;5Hd`);
    const cut = parse(['\x1b', '[38;2', ';1;2;3', 'ma', 'b\ud83d', '\ude80c\x1b[2;', '5Hd']);
    expect(cut.screen.lines()).toEqual(whole.screen.lines());
    expect(styleAt(cut, 0, 0)).toEqual(styleAt(whole, 0, 0));
  });

  it('drops an endless OSC instead of keeping or forwarding it', () => {
    const p = parse(`\x1b]0;${'x'.repeat(100_000)}\x07ok`);
    expect(p.takePassthrough()).toBe('');
    expect(p.screen.rowText(0)).toBe('ok');
  });

  it('counts what it cannot model instead of failing', () => {
    const p = parse(`${E}5;10r${E}4hab${E}2@`);
    expect(p.unknownSequences).toBe(3);
    expect(p.screen.rowText(0)).toBe('ab');
  });

  it('never throws and keeps wide glyphs whole on any input', () => {
    const pieces = ['\x1b', '[', ']', '?', ';', ':', '8', '2', '38', 'm', 'H', 'J', 'K', 'A', 'G', 'X', '\n', '\r', '\b', '\t', 'a', '中', '🚀', '\u0301', '\x07', '\\', 'P', '\x18', ' '];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 200 }), fc.integer({ min: 1, max: 12 }), (parts, cols) => {
        const p = parse(parts.join(''), cols, 4);
        const s = p.screen;
        for (let i = 0; i < s.widths.length; i++) {
          const x = i % s.cols;
          if (s.widths[i] === 2) expect(x < s.cols - 1 && s.widths[i + 1] === 0).toBe(true);
          if (s.widths[i] === 0) expect(x > 0 && s.widths[i - 1] === 2).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('resizes like xterm: rows below the cursor go first, then rows from the top', () => {
    const p = parse('1\n2\n3\n4\n5', 3, 5);
    p.resize(3, 3);
    expect(p.screen.lines()).toEqual(['3', '4', '5']);
    expect(p.cursor.y).toBe(2);
    const q = parse(`1\n2\n3\n4\n5${E}2;1H`, 3, 5);
    q.resize(2, 3);
    expect(q.screen.lines()).toEqual(['1', '2', '3']);
    expect(q.cursor.y).toBe(1);
  });
});
