import type { ColorLevel } from './tokens.js';

/** The 16 ANSI colours by the names chalk (and so ink) understands, with xterm's default RGB. */
export const ANSI16: ReadonlyArray<readonly [string, number, number, number]> = [
  ['black', 0, 0, 0],
  ['red', 205, 0, 0],
  ['green', 0, 205, 0],
  ['yellow', 205, 205, 0],
  ['blue', 0, 0, 238],
  ['magenta', 205, 0, 205],
  ['cyan', 0, 205, 205],
  ['white', 229, 229, 229],
  ['blackBright', 127, 127, 127],
  ['redBright', 255, 0, 0],
  ['greenBright', 0, 255, 0],
  ['yellowBright', 255, 255, 0],
  ['blueBright', 92, 92, 255],
  ['magentaBright', 255, 0, 255],
  ['cyanBright', 0, 255, 255],
  ['whiteBright', 255, 255, 255],
];

const NAME_ALIASES: Record<string, string> = { gray: 'blackBright', grey: 'blackBright' };

/** A 16-colour name in chalk's spelling, or undefined. */
export function ansi16Name(name: string): string | undefined {
  const n = NAME_ALIASES[name] ?? name;
  return ANSI16.some(([k]) => k === n) ? n : undefined;
}

export function parseHex(color: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m) return undefined;
  let hex = m[1] ?? '';
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function isColor(value: string): boolean {
  return parseHex(value) !== undefined || ansi16Name(value) !== undefined;
}

const dist = (a: readonly number[], b: readonly number[]): number =>
  (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2 + (a[2]! - b[2]!) ** 2;

const CUBE = [0, 95, 135, 175, 215, 255];

/** Nearest xterm-256 index: the 6x6x6 cube or the 24-step grey ramp, whichever is closer. */
export function hexToAnsi256(rgb: readonly [number, number, number]): number {
  const idx = rgb.map((c) => {
    let best = 0;
    for (let i = 1; i < CUBE.length; i++) if (Math.abs(CUBE[i]! - c) < Math.abs(CUBE[best]! - c)) best = i;
    return best;
  });
  const cube = idx.map((i) => CUBE[i]!);
  const cubeIndex = 16 + 36 * idx[0]! + 6 * idx[1]! + idx[2]!;
  const avg = (rgb[0] + rgb[1] + rgb[2]) / 3;
  const g = Math.max(0, Math.min(23, Math.round((avg - 8) / 10)));
  const grey = 8 + 10 * g;
  return dist(rgb, [grey, grey, grey]) < dist(rgb, cube) ? 232 + g : cubeIndex;
}

export function hexToAnsi16(rgb: readonly [number, number, number]): string {
  let best = ANSI16[0]!;
  for (const entry of ANSI16) if (dist(rgb, entry.slice(1) as number[]) < dist(rgb, best.slice(1) as number[])) best = entry;
  return best[0];
}

/**
 * A theme colour as ink should receive it at `level`: '#rrggbb' (truecolor),
 * 'ansi256(n)' (256) or a 16-colour name; undefined when colour is off.
 * `fallback16` is the theme's own pick for 16-colour terminals, when it gave one.
 */
export function adaptColor(color: string | undefined, level: ColorLevel, fallback16?: string): string | undefined {
  if (!color || level === 'none') return undefined;
  const named = ansi16Name(color);
  if (named) return named;
  const rgb = parseHex(color);
  if (!rgb) return undefined;
  if (level === 'truecolor') return color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  if (level === '256') return `ansi256(${hexToAnsi256(rgb)})`;
  return (fallback16 && ansi16Name(fallback16)) || hexToAnsi16(rgb);
}
