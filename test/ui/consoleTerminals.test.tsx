import { afterEach, describe, expect, it } from 'vitest';
import { prepare } from '../../src/ui/main.js';
import { glyphSetFor, NON_VGA_GLYPHS, toVga, vgaStream } from '../../src/ui/theme/consoleGlyphs.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * Issue 38: terminals that cannot draw what a modern one does. TERM=dumb gets a pointer to the
 * command line, not an alternate screen; TERM=linux (the Linux console, VGA fonts) gets glyphs
 * its fonts have.
 */

describe('TERM=dumb', () => {
  it('refuses the dashboard with one line pointing to the command line, exit code 2', () => {
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((c: string) => (written.push(String(c)), true)) as typeof process.stderr.write;
    let code: unknown;
    try {
      code = prepare([], { ...process.env, TERM: 'dumb' });
    } finally {
      process.stderr.write = write;
    }
    expect(code).toBe(2);
    expect(written.join('')).toBe('perpdesk: TERM=dumb: this terminal cannot draw the dashboard; use the command line (perpdesk help lists its commands, perpdesk --help the options)\n');
  });
});

describe('TERM=linux', () => {
  it('selects the VGA-safe glyph set', () => {
    expect(glyphSetFor({ TERM: 'linux' })).toBe('vga');
    expect(glyphSetFor({ TERM: 'linux-16color' })).toBe('vga');
    expect(glyphSetFor({ TERM: 'xterm-256color' })).toBe('unicode');
    expect(glyphSetFor({})).toBe('unicode');
    expect(toVga('▁▂▃▄▅▆▇█ ✓ ◐ ◌ ✕ ⏸ ★ ╭─╮ ┃x┃')).toBe('__▄▄▄███ + ~ . x = * ┌─┐ │x│');
  });

  let app: RenderedApp | undefined;
  afterEach(() => app?.unmount());

  it('draws the whole dashboard without a glyph the console fonts lack', async () => {
    app = renderApp({ cols: 120, rows: 40, stdout: vgaStream });
    const screen = await app.vt.waitFor('Book SOL1');
    // The fixtures draw depth bars, sparklines, stale marks and the focused pane's heavy border.
    expect(screen).toContain('SOL1');
    const drawn = NON_VGA_GLYPHS.filter((g) => screen.includes(g));
    expect(drawn).toEqual([]);
    expect(screen).toMatch(/[┌─┐│]/);
  });
});
