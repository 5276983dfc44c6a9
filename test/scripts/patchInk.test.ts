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
});
