import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../../startup/packageRoot.js';
import { adaptColor } from './downgrade.js';
import { FALLBACK_THEME } from './fallbackTheme.js';
import { parseThemeFile, type ThemeFile, type TokenStyle } from './themeFile.js';
import { OPTIONAL_TOKENS, THEME_TOKENS, type ColorLevel, type TextStyle, type Theme, type ThemeToken } from './tokens.js';

export const DEFAULT_THEME = 'dark';
/** Used for every theme when colour is off (NO_COLOR, --no-color, TERM=dumb). */
export const NO_COLOR_THEME = 'mono';

/**
 * The shipped themes/ folder. Found by walking up from this module to the package root,
 * so it works from src/ (tsx, vitest) and from dist/ (the published build) alike.
 */
export function themesDir(from: string = fileURLToPath(import.meta.url)): string {
  const root = packageRoot(from);
  return root === undefined ? resolve('themes') : join(root, 'themes');
}

/** Theme names available in the given folders (shipped first), without duplicates. */
export function listThemes(dirs: readonly string[] = [themesDir()]): string[] {
  const names: string[] = [];
  for (const dir of dirs) {
    let files: string[] = [];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of files.sort()) {
      const name = f.endsWith('.json') ? basename(f, '.json') : undefined;
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

export type ThemeResult = { ok: true; theme: Theme } | { ok: false; error: string };

export interface LoadThemeOptions {
  level?: ColorLevel;
  /** Folders searched in order; user theme folders go before the shipped one. */
  dirs?: readonly string[];
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function locate(name: string, dirs: readonly string[]): string | undefined {
  // A path (user theme outside the folders) is taken as given.
  if (name.includes('/') || name.includes('\\') || name.endsWith('.json')) return existsSync(name) ? name : undefined;
  if (!NAME_RE.test(name)) return undefined;
  for (const dir of dirs) {
    const file = join(dir, `${name}.json`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

function readThemeFile(name: string, dirs: readonly string[], chain: string[]): { file: ThemeFile } | { error: string } {
  const path = locate(name, dirs);
  if (!path) {
    const known = listThemes(dirs);
    return { error: `theme "${name}" not found${known.length ? ` (available: ${known.join(', ')})` : ''}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const why = e instanceof SyntaxError ? `not valid JSON (${e.message})` : 'cannot be read';
    return { error: `theme "${name}" (${path}): ${why}` };
  }
  const parsed = parseThemeFile(json);
  if (!parsed.ok) return { error: `theme "${name}" (${path}): ${parsed.errors.join('; ')}` };
  const parent = parsed.file.extends;
  if (!parent) return { file: parsed.file };
  if (chain.includes(parent) || chain.length > 4) {
    return { error: `theme "${name}": extends "${parent}" loops (${[...chain, parent].join(' -> ')})` };
  }
  const base = readThemeFile(parent, dirs, [...chain, parent]);
  if ('error' in base) return base;
  return { file: { ...parsed.file, tokens: { ...base.file.tokens, ...parsed.file.tokens } } };
}

function resolveStyle(style: TokenStyle, level: ColorLevel): TextStyle {
  const s = typeof style === 'string' ? { fg: style } : style;
  const out: TextStyle = {};
  const color = adaptColor(s.fg, level, s.fg16);
  const backgroundColor = adaptColor(s.bg, level, s.bg16);
  if (color) out.color = color;
  if (backgroundColor) out.backgroundColor = backgroundColor;
  if (s.bold) out.bold = true;
  if (s.dim) out.dimColor = true;
  if (s.italic) out.italic = true;
  if (s.underline) out.underline = true;
  if (s.inverse) out.inverse = true;
  return out;
}

/** A validated theme file as ink styles for the terminal's colour level. */
export function resolveTheme(file: ThemeFile, level: ColorLevel, name = file.name ?? 'custom'): ThemeResult {
  const missing = THEME_TOKENS.filter((t) => file.tokens[t] === undefined && !OPTIONAL_TOKENS.includes(t));
  if (missing.length > 0) {
    return { ok: false, error: `theme "${name}": missing tokens ${missing.join(', ')} (or add "extends": "dark")` };
  }
  const tokens = {} as Record<ThemeToken, TextStyle>;
  for (const t of THEME_TOKENS) tokens[t] = resolveStyle(file.tokens[t] ?? {}, level);
  return { ok: true, theme: { name, level, tokens } };
}

/**
 * Loads themes/<name>.json (or a user folder / path) for a colour level. Without colour
 * every theme becomes the mono theme: its bold/inverse/underline carry the meaning.
 */
export function loadTheme(name: string = DEFAULT_THEME, opts: LoadThemeOptions = {}): ThemeResult {
  const level = opts.level ?? 'truecolor';
  const dirs = opts.dirs ?? [themesDir()];
  const wanted = level === 'none' ? NO_COLOR_THEME : name;
  if (level === 'none' && name !== NO_COLOR_THEME) {
    // Still validate the chosen theme, so a broken config is reported even under NO_COLOR.
    const chosen = readThemeFile(name, dirs, [name]);
    if ('error' in chosen) return { ok: false, error: chosen.error };
  }
  const read = readThemeFile(wanted, dirs, [wanted]);
  if ('error' in read) return { ok: false, error: read.error };
  return resolveTheme(read.file, level, wanted);
}

/** loadTheme, or the built-in attribute theme with the reason when the file is unusable. */
export function loadThemeOrFallback(name?: string, opts: LoadThemeOptions = {}): { theme: Theme; error?: string } {
  const r = loadTheme(name, opts);
  return r.ok ? { theme: r.theme } : { theme: FALLBACK_THEME, error: r.error };
}

/** The theme after `current` in the list, for theme.cycle. */
export function nextThemeName(current: string, names: readonly string[]): string {
  if (names.length === 0) return current;
  const i = names.indexOf(current);
  return names[(i + 1) % names.length] ?? current;
}
