import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import columnWidth, { ONE_COLUMN_RANGES, TWO_COLUMN_EXCEPTIONS } from './columnWidth.js';

describe('columnWidth', () => {
  it('counts one column exactly where string-width does, code point by code point', () => {
    const exceptions = new Set(TWO_COLUMN_EXCEPTIONS);
    const wrong: string[] = [];
    for (const [first, last] of ONE_COLUMN_RANGES) {
      for (let code = first; code <= last; code++) {
        const ch = String.fromCharCode(code);
        const expected = exceptions.has(code) ? 2 : 1;
        if (stringWidth(ch) !== expected || columnWidth(ch) !== expected) wrong.push(code.toString(16));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives string-width the strings it does not know, and its answer', () => {
    const samples = ['', 'SOL1 ● live', '⏸ stale', '日本語', 'e\u0301', '👍🏽 ok', '⌚', '\u001b[31mred\u001b[0m', 'a\tb', '\u00ad', '─┼─ ⠿ ▲▼ …', 'Ωμέγα'];
    for (const s of samples) expect(columnWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
    const styled = ['\u001b[48;5;233m\u001b[38;5;60m╭─ \u001b[39m\u001b[49mTrades\u001b[1m …\u001b[22m', '\u001b[mplain\u001b[0m', '\u001b[38;2;1;2;3m日\u001b[0m', '\u001b]8;;http://x\u0007link\u001b]8;;\u0007', '\u001b[2Kx', '\u001b[', 'x\u001b'];
    for (const s of styled) expect(columnWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
    expect(columnWidth('\u001b[31mred', { countAnsiEscapeCodes: true })).toBe(stringWidth('\u001b[31mred', { countAnsiEscapeCodes: true }));
  });
});
