import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/exchange/engine/prng.js';
import { AnsiTokenizer, type TokenSink } from '../../../src/ui/render/AnsiTokenizer.js';
import { applySgr, type CsiParams } from '../../../src/ui/render/applySgr.js';
import { defaultStyle } from '../../../src/ui/render/cellStyle.js';
import { eachGlyph } from '../../../src/ui/render/graphemeWidth.js';
import { LineReader, parseStyledLine, type StyledLine } from '../../../src/ui/render/StyledLine.js';
import { randomLine, type Rng } from './randomFrames.js';

/**
 * parseStyledLine reads SGR sequences straight from the line (no tokens, no arrays per
 * sequence). The reference here is the general tokenizer the frame parser uses, with SGR
 * applied and everything else skipped: both must cut every line into the same cells,
 * including lines with sequences no Text component writes (other CSIs, OSC and DCS
 * strings, cut sequences, CAN, controls inside a CSI, too many parameters).
 */
function reference(line: string): StyledLine {
  const style = defaultStyle();
  const chars: string[] = [];
  const widths: number[] = [];
  const fg: number[] = [];
  const bg: number[] = [];
  const flags: number[] = [];
  const push = (g: string, w: number) => {
    chars.push(g);
    widths.push(w);
    fg.push(style.fg);
    bg.push(style.bg);
    flags.push(style.flags);
  };
  const sink: TokenSink = {
    text: (t) =>
      eachGlyph(t, (g, w) => {
        if (w === 0) {
          let i = chars.length - 1;
          if (i >= 0 && widths[i] === 0) i -= 1;
          if (i >= 0 && chars[i]!.length < 32) chars[i] += g;
          return;
        }
        push(g, w);
        if (w === 2) push('', 0);
      }),
    control: () => {},
    csi: (prefix: string, params: CsiParams, intermediates: string, final: string) => {
      if (final === 'm' && prefix === '' && intermediates === '') applySgr(style, params);
    },
    esc: () => {},
    osc: () => {},
  };
  new AnsiTokenizer().feed(line, sink);
  return { cols: chars.length, chars, widths: Uint8Array.from(widths), fg: Uint32Array.from(fg), bg: Uint32Array.from(bg), flags: Uint16Array.from(flags) };
}

const PIECES = [
  '\x1b[m',
  '\x1b[0m',
  '\x1b[1;31m',
  '\x1b[38;5;208m',
  '\x1b[48;2;10;20;30m',
  '\x1b[38:2::1:2:3m',
  '\x1b[4:0m',
  '\x1b[;1m',
  '\x1b[?25l',
  '\x1b[>1m',
  '\x1b[1 m',
  '\x1b[2J',
  '\x1b]8;;http://x\x07',
  '\x1b]0;title\x1b\\',
  '\x1b]0;cut\x1b[1m',
  '\x1bP1$r\x1b\\',
  '\x1b_apc\x1bx\x1b\\',
  '\x1b(B',
  '\x1b[3\x18m',
  '\x1b[1\nm',
  '\x1b[1\x1b[2m',
  '\x1b',
  '\x1b[',
  `\x1b[${Array.from({ length: 40 }, (_, i) => i % 9).join(';')}m`,
  `\x1b[1${':5'.repeat(12)}m`,
  '\x1b[999999m',
  '\x7f',
  '\u0085',
  '\r',
  '中',
  'e\u0301',
  '🚀',
  'abc',
  ' ',
];

function noisyLine(rng: Rng): string {
  let out = '';
  const n = Math.floor(rng() * 14);
  for (let i = 0; i < n; i++) out += rng() < 0.35 ? randomLine(rng, 12) : PIECES[Math.floor(rng() * PIECES.length)]!;
  return out;
}

function plain(l: StyledLine) {
  return { cols: l.cols, chars: [...l.chars], widths: [...l.widths], fg: [...l.fg], bg: [...l.bg], flags: [...l.flags] };
}

describe('parseStyledLine', () => {
  it('cuts lines into the cells the tokenizer-based reading gives, over seeded random lines', () => {
    const seed = Number(process.env['PERPDESK_FUZZ_SEED'] ?? 34);
    const rng = mulberry32(seed);
    for (let i = 0; i < 3000; i++) {
      const line = rng() < 0.5 ? randomLine(rng, 40) : noisyLine(rng);
      const got = plain(parseStyledLine(line));
      const want = plain(reference(line));
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ seed, i, line: JSON.stringify(line), got }).toEqual({ seed, i, line: JSON.stringify(line), got: want });
    }
  });

  it('cuts them into the same cells read by one LineReader (SGR effects in a small cache emptied as it fills, glyphs, arrays used again)', () => {
    const seed = Number(process.env['PERPDESK_FUZZ_SEED'] ?? 34) + 1;
    const rng = mulberry32(seed);
    const reader = new LineReader(24);
    for (let i = 0; i < 3000; i++) {
      const line = rng() < 0.5 ? randomLine(rng, 40) : noisyLine(rng);
      const got = plain(parseStyledLine(line, reader));
      const want = plain(reference(line));
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ seed, i, line: JSON.stringify(line), got }).toEqual({ seed, i, line: JSON.stringify(line), got: want });
    }
    expect(reader.sgr.size).toBeGreaterThan(0);
    expect(reader.sgr.size).toBeLessThanOrEqual(24);
    expect(reader.glyphs.size).toBeGreaterThan(0);
  });

  it('keeps no state between lines: a sequence cut at the end of one line does not style the next', () => {
    parseStyledLine('\x1b[1;3');
    expect([...parseStyledLine('a').flags]).toEqual([0]);
    parseStyledLine('\x1b[31mred');
    expect([...parseStyledLine('b').fg]).toEqual([0]);
  });
});
