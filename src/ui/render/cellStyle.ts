/**
 * The style of one terminal cell: foreground, background and attribute flags, the
 * state an SGR sequence (`ESC[...m`) sets. Colours keep the form they arrived in
 * (16-colour code, 256-colour index, truecolor) because terminals treat `31` and
 * `38;5;1` as different attributes, and re-emitting the short form saves bytes.
 */

/** Colour encoding: 0 is the terminal default, otherwise (mode << 24) | value. */
export const COLOR_DEFAULT = 0;
/** 30-37 / 90-97 (value 0-15). */
export const COLOR_P16 = 1 << 24;
/** 38;5;n (value 0-255). */
export const COLOR_P256 = 2 << 24;
/** 38;2;r;g;b (value 0xRRGGBB). */
export const COLOR_RGB = 3 << 24;
export const COLOR_MODE_MASK = 3 << 24;
export const COLOR_VALUE_MASK = 0xffffff;

export const BOLD = 1;
export const DIM = 2;
export const ITALIC = 4;
export const UNDERLINE = 8;
export const BLINK = 16;
export const INVERSE = 32;
export const HIDDEN = 64;
export const STRIKETHROUGH = 128;
export const OVERLINE = 256;

/** Attributes that show on a blank cell; the others (bold, italic, colour...) only change glyphs. */
export const BLANK_VISIBLE = UNDERLINE | INVERSE | STRIKETHROUGH | OVERLINE;

export interface CellStyle {
  fg: number;
  bg: number;
  flags: number;
}

export function defaultStyle(): CellStyle {
  return { fg: COLOR_DEFAULT, bg: COLOR_DEFAULT, flags: 0 };
}

export function copyStyle(style: Readonly<CellStyle>): CellStyle {
  return { fg: style.fg, bg: style.bg, flags: style.flags };
}

export function isDefaultStyle(s: Readonly<CellStyle>): boolean {
  return s.fg === COLOR_DEFAULT && s.bg === COLOR_DEFAULT && s.flags === 0;
}

export function p16(n: number): number {
  return COLOR_P16 | (n & 15);
}

export function p256(n: number): number {
  return COLOR_P256 | (n & 255);
}

export function rgb(r: number, g: number, b: number): number {
  return COLOR_RGB | ((r & 255) << 16) | ((g & 255) << 8) | (b & 255);
}
