import { ANSI16, ansi16Name, parseHex } from './downgrade.js';

export type Rgb = readonly [number, number, number];

const CUBE = [0, 95, 135, 175, 215, 255] as const;

/**
 * xterm's default 256-colour palette: 0-15 the ANSI colours (ANSI16), 16-231 the
 * 6x6x6 cube, 232-255 the grey ramp 8, 18 ... 238.
 */
export function ansi256Rgb(n: number): Rgb {
  const i = Math.max(0, Math.min(255, Math.trunc(n)));
  if (i < 16) return ANSI16[i]!.slice(1) as unknown as Rgb;
  if (i >= 232) {
    const g = 8 + 10 * (i - 232);
    return [g, g, g];
  }
  const c = i - 16;
  return [CUBE[Math.floor(c / 36)]!, CUBE[Math.floor(c / 6) % 6]!, CUBE[c % 6]!];
}

/**
 * A colour in the forms a resolved theme hands ink ('#rrggbb', 'ansi256(n)', a 16-colour
 * name) as the RGB xterm shows by default; undefined for anything else.
 */
export function colorRgb(color: string): Rgb | undefined {
  const hex = parseHex(color);
  if (hex) return hex;
  const m = /^ansi256\((\d+)\)$/.exec(color);
  if (m) return ansi256Rgb(Number(m[1]));
  const name = ansi16Name(color);
  const entry = name ? ANSI16.find(([k]) => k === name) : undefined;
  return entry ? (entry.slice(1) as unknown as Rgb) : undefined;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance: 0 for black, 1 for white. */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.x contrast ratio, 1 (same luminance) to 21 (black on white); order does not matter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Faint text (SGR 2) as xterm.js draws it: the foreground half-way to the background.
 * Terminals differ here; half-way is a common middle.
 */
export function dimmed(fg: Rgb, bg: Rgb): Rgb {
  return [0, 1, 2].map((i) => Math.round((fg[i]! + bg[i]!) / 2)) as unknown as Rgb;
}
