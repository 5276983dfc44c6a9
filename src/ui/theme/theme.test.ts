import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectColorLevel } from './colorLevel.js';
import { adaptColor, hexToAnsi16, hexToAnsi256 } from './downgrade.js';
import { FALLBACK_THEME } from './fallbackTheme.js';
import { listThemes, loadTheme, loadThemeOrFallback, nextThemeName, themesDir } from './loadTheme.js';
import { parseThemeFile } from './themeFile.js';
import { THEME_TOKENS } from './tokens.js';

describe('detectColorLevel', () => {
  it('honours NO_COLOR, --no-color and dumb terminals', () => {
    expect(detectColorLevel({ NO_COLOR: '1', COLORTERM: 'truecolor' }, [])).toBe('none');
    expect(detectColorLevel({ COLORTERM: 'truecolor' }, ['node', 'cli', '--no-color'])).toBe('none');
    expect(detectColorLevel({ TERM: 'dumb' }, [])).toBe('none');
    // An empty NO_COLOR does not disable colour (no-color.org).
    expect(detectColorLevel({ NO_COLOR: '', COLORTERM: '24bit' }, [])).toBe('truecolor');
  });
  it('reads COLORTERM and TERM', () => {
    expect(detectColorLevel({ COLORTERM: 'truecolor', TERM: 'xterm' }, [])).toBe('truecolor');
    expect(detectColorLevel({ TERM: 'xterm-256color' }, [])).toBe('256');
    expect(detectColorLevel({ TERM: 'screen' }, [])).toBe('16');
    expect(detectColorLevel({}, [])).toBe('16');
  });
  it('lets --color= force a level', () => {
    expect(detectColorLevel({ TERM: 'dumb' }, ['--color=256'])).toBe('256');
    expect(detectColorLevel({ COLORTERM: 'truecolor' }, ['--color=16'])).toBe('16');
  });
});

describe('downgrade', () => {
  it('maps hex to the xterm cube and grey ramp', () => {
    expect(hexToAnsi256([255, 0, 0])).toBe(196);
    expect(hexToAnsi256([0, 0, 0])).toBe(16);
    expect(hexToAnsi256([128, 128, 128])).toBe(244);
    expect(hexToAnsi256([95, 135, 175])).toBe(67);
  });
  it('maps hex to the nearest of 16 colours', () => {
    expect(hexToAnsi16([250, 10, 10])).toBe('redBright');
    expect(hexToAnsi16([0, 190, 0])).toBe('green');
    expect(hexToAnsi16([20, 20, 20])).toBe('black');
  });
  it('adapts per level and prefers the theme’s own 16-colour pick', () => {
    expect(adaptColor('#26a69a', 'truecolor')).toBe('#26a69a');
    expect(adaptColor('#abc', 'truecolor')).toBe('#aabbcc');
    expect(adaptColor('#26a69a', '256')).toMatch(/^ansi256\(\d+\)$/);
    expect(adaptColor('#26a69a', '16')).toBe('cyan');
    expect(adaptColor('#26a69a', '16', 'green')).toBe('green');
    expect(adaptColor('#26a69a', 'none')).toBeUndefined();
    expect(adaptColor('gray', '256')).toBe('blackBright');
  });
});

describe('shipped themes', () => {
  it('are found from the package root', () => {
    expect(listThemes()).toEqual(expect.arrayContaining(['dark', 'light', 'high-contrast', 'mono']));
    expect(themesDir().endsWith('themes')).toBe(true);
  });
  for (const name of ['dark', 'light', 'high-contrast', 'mono']) {
    for (const level of ['truecolor', '256', '16', 'none'] as const) {
      it(`${name} resolves every token at ${level}`, () => {
        const r = loadTheme(name, { level });
        expect(r.ok, r.ok ? '' : r.error).toBe(true);
        if (!r.ok) return;
        expect(Object.keys(r.theme.tokens).sort()).toEqual([...THEME_TOKENS].sort());
        for (const style of Object.values(r.theme.tokens)) {
          if (level === 'none') {
            expect(style.color).toBeUndefined();
            expect(style.backgroundColor).toBeUndefined();
          }
          if (level === '256' && style.color?.startsWith('#')) throw new Error('hex left at 256 colours');
          if (level === '16' && style.color) expect(style.color).toMatch(/^[a-z]+(Bright)?$/);
        }
      });
    }
  }
  it('keep selection, focus and frozen visible without colour', () => {
    const r = loadTheme('dark', { level: 'none' });
    if (!r.ok) throw new Error(r.error);
    expect(r.theme.name).toBe('mono');
    expect(r.theme.tokens.selection.inverse).toBe(true);
    expect(r.theme.tokens.borderFocused.bold).toBe(true);
    expect(r.theme.tokens.frozen.inverse).toBe(true);
  });
  it('uses no colour at all in mono, even on a truecolor terminal', () => {
    const r = loadTheme('mono', { level: 'truecolor' });
    if (!r.ok) throw new Error(r.error);
    for (const s of Object.values(r.theme.tokens)) expect(s.color ?? s.backgroundColor).toBeUndefined();
  });
  it('cycle in order', () => {
    expect(nextThemeName('dark', ['dark', 'light', 'mono'])).toBe('light');
    expect(nextThemeName('mono', ['dark', 'light', 'mono'])).toBe('dark');
  });
});

describe('user themes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpdesk-themes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, body: unknown) => writeFileSync(join(dir, `${name}.json`), JSON.stringify(body));

  it('can extend a shipped theme and override a token', () => {
    write('mine', { name: 'mine', extends: 'dark', tokens: { bid: '#00ff00' } });
    const r = loadTheme('mine', { level: 'truecolor', dirs: [dir, themesDir()] });
    if (!r.ok) throw new Error(r.error);
    expect(r.theme.tokens.bid.color).toBe('#00ff00');
    expect(r.theme.tokens.ask.color).toBe('#ef5350');
  });
  it('loads a full theme without a surface (written before it existed) on the terminal background; extends passes it on', () => {
    // mono sets every token but the surface.
    const mono = JSON.parse(readFileSync(join(themesDir(), 'mono.json'), 'utf8')) as { tokens: Record<string, unknown> };
    expect(mono.tokens['surface']).toBeUndefined();
    write('older', { tokens: { ...mono.tokens, text: '#222222' } });
    const r = loadTheme('older', { level: 'truecolor', dirs: [dir] });
    if (!r.ok) throw new Error(r.error);
    expect(r.theme.tokens.surface).toEqual({});
    expect(r.theme.tokens.text.color).toBe('#222222');
    write('onDark', { extends: 'dark', tokens: { text: '#eeeeee' } });
    const d = loadTheme('onDark', { level: 'truecolor', dirs: [dir, themesDir()] });
    if (!d.ok) throw new Error(d.error);
    expect(d.theme.tokens.surface.backgroundColor).toBe('#11151c');
  });
  it('names the bad token in the message', () => {
    write('bad', { extends: 'dark', tokens: { bid: '#12' } });
    const r = loadTheme('bad', { dirs: [dir, themesDir()] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/token bid: "#12" is not a colour/);
  });
  it('names unknown tokens and style keys', () => {
    expect(parseThemeFile({ tokens: { bidd: '#ffffff' } })).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^token bidd: unknown token/)],
    });
    const r = parseThemeFile({ tokens: { ask: { fg: '#ffffff', blink: true } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join()).toMatch(/token ask\.blink: unknown style key "blink"/);
    const r2 = parseThemeFile({ tokens: { ask: { fg: 'purple' } } });
    if (!r2.ok) expect(r2.errors.join()).toMatch(/token ask\.fg: "purple" is not a colour/);
    else throw new Error('purple accepted');
  });
  it('reports missing tokens, bad JSON, loops and unknown names', () => {
    write('partial', { tokens: { bid: 'green' } });
    const partial = loadTheme('partial', { dirs: [dir] });
    expect(partial.ok ? '' : partial.error).toMatch(/missing tokens text, muted/);
    writeFileSync(join(dir, 'broken.json'), '{ nope');
    const broken = loadTheme('broken', { dirs: [dir] });
    expect(broken.ok ? '' : broken.error).toMatch(/not valid JSON/);
    write('a', { extends: 'b', tokens: {} });
    write('b', { extends: 'a', tokens: {} });
    const loop = loadTheme('a', { dirs: [dir] });
    expect(loop.ok ? '' : loop.error).toMatch(/loops/);
    const unknown = loadTheme('../etc/passwd', { dirs: [dir] });
    expect(unknown.ok).toBe(false);
    const none = loadTheme('nosuch', { dirs: [dir] });
    expect(none.ok ? '' : none.error).toMatch(/theme "nosuch" not found \(available: /);
  });
  it('falls back to the built-in theme with the reason', () => {
    const r = loadThemeOrFallback('nosuch', { dirs: [dir] });
    expect(r.theme).toBe(FALLBACK_THEME);
    expect(r.error).toMatch(/not found/);
  });
});
