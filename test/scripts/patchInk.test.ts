import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (it runs before anything is built)
import { EDITS, LIMIT, MARK, patchInk, patchSource } from '../../scripts/patchInk.mjs';

type Edit = [string, string, string];
const edits = EDITS as Edit[];
const dir = fileURLToPath(new URL('.', import.meta.resolve('ink')));
const files = [...new Set(edits.map(([f]) => f))];

/** ink's file as shipped: the installed (patched) file with every edit undone. */
function original(file: string): string {
  let text = readFileSync(`${dir}/${file}`, 'utf8');
  for (const [name, from, to] of edits) if (name === file) text = text.replace(to, from);
  return text;
}

describe('scripts/patchInk.mjs (postinstall)', () => {
  it('has bounded both caches of the installed ink', () => {
    expect(patchInk({ check: true, dir })).toEqual(files.map((file) => ({ file, status: 'already' })));
    for (const file of files) expect(readFileSync(`${dir}/${file}`, 'utf8')).toContain(MARK);
  });

  it("patches ink's shipped files, once, and leaves unknown ones alone", () => {
    for (const file of files) {
      const shipped = original(file);
      expect(shipped).not.toContain(MARK);
      const patched = patchSource(file, shipped);
      expect(patched.status).toBe('patched');
      expect(patched.source).toBe(readFileSync(`${dir}/${file}`, 'utf8'));
      expect(patchSource(file, patched.source).status).toBe('already');
      expect(patchSource(file, 'export default () => 1;\n').status).toBe('unknown');
    }
  });

  it('adds the edits an earlier version of the script did not make (an install patched before)', () => {
    for (const file of files) {
      const mine = edits.filter(([f]) => f === file);
      if (mine.length < 2) continue;
      // As the earlier script left it: every edit of the file but its last.
      let earlier = original(file);
      for (const [, from, to] of mine.slice(0, -1)) earlier = earlier.replace(from, to);
      expect(earlier).toContain(MARK);
      const r = patchSource(file, earlier);
      expect(r.status).toBe('patched');
      expect(r.source).toBe(readFileSync(`${dir}/${file}`, 'utf8'));
    }
  });

  it('keeps measuring correctly past the bound', async () => {
    const { default: measureText } = (await import(new URL('./measure-text.js', import.meta.resolve('ink')).href)) as {
      default: (text: string) => { width: number; height: number };
    };
    for (let i = 0; i < LIMIT * 3; i++) {
      const text = `price ${i}\n${'x'.repeat(i % 7)}`;
      expect(measureText(text)).toEqual({ width: Math.max(6 + String(i).length, i % 7), height: 2 });
    }
  });

  it('returns a text of plain text and SGR sequences unchanged without tokenizing it, and cleans anything else as ink does', async () => {
    const base = new URL('.', import.meta.resolve('ink')).href;
    const { default: sanitize } = (await import(`${base}sanitize-ansi.js`)) as { default: (t: string) => string };
    const { tokenizeAnsi } = (await import(`${base}ansi-tokenizer.js`)) as {
      tokenizeAnsi: (t: string) => { type: string; value: string; parameterString?: string; intermediateString?: string; finalCharacter?: string }[];
    };
    // ink's rule, read from its tokens: text and OSC strings stay, a CSI stays when it is an SGR.
    const byTokens = (t: string) =>
      tokenizeAnsi(t)
        .filter((k) => k.type === 'text' || k.type === 'osc' || (k.type === 'csi' && k.finalCharacter === 'm' && k.intermediateString === '' && /^[\d:;]*$/.test(k.parameterString ?? '')))
        .map((k) => k.value)
        .join('');
    const pieces = ['a', 'bc ', '中', '🚀', '\x1b[31m', '\x1b[m', '\x1b[1;38:2::1:2:3m', '\x1b[2J', '\x1b[?25l', '\x1b[1 m', '\x1b]8;;x\x07', '\x1b', '\x1b[', '\u009b1m', '\u0085', '\r', '\x1b(B', '\x1bP$q\x1b\\'];
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      let t = '';
      for (let n = Math.floor(next() * 8); n > 0; n--) t += pieces[Math.floor(next() * pieces.length)];
      expect(sanitize(t), JSON.stringify(t)).toBe(byTokens(t));
    }
  });

  it("colours a text as chalk's own hex styler does, at every colour level", async () => {
    const { default: colorize } = (await import(new URL('./colorize.js', import.meta.resolve('ink')).href)) as {
      default: (s: string, color: string, type: 'foreground' | 'background') => string;
    };
    const { default: chalk } = await import('chalk');
    const level = chalk.level;
    try {
      for (const l of [0, 1, 2, 3] as const) {
        chalk.level = l;
        for (const color of ['#ff8800', '#0a0b0c', '#FFFFFF'])
          for (const text of ['x', 'a\x1b[39mb', 'two\nlines']) {
            expect(colorize(text, color, 'foreground')).toBe(chalk.hex(color)(text));
            expect(colorize(text, color, 'background')).toBe(chalk.bgHex(color)(text));
          }
      }
    } finally {
      chalk.level = level;
    }
  });
});
