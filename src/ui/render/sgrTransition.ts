import {
  BLINK,
  BOLD,
  COLOR_MODE_MASK,
  COLOR_P16,
  COLOR_P256,
  COLOR_RGB,
  COLOR_VALUE_MASK,
  DIM,
  HIDDEN,
  INVERSE,
  ITALIC,
  OVERLINE,
  STRIKETHROUGH,
  UNDERLINE,
  isDefaultStyle,
  type CellStyle,
} from './cellStyle.js';

const ESC = '\x1b';

const ON_CODES: ReadonlyArray<readonly [number, string]> = [
  [BOLD, '1'],
  [DIM, '2'],
  [ITALIC, '3'],
  [UNDERLINE, '4'],
  [BLINK, '5'],
  [INVERSE, '7'],
  [HIDDEN, '8'],
  [STRIKETHROUGH, '9'],
  [OVERLINE, '53'],
];

// Bold and dim share one "off" code (22), handled separately.
const OFF_CODES: ReadonlyArray<readonly [number, string]> = [
  [ITALIC, '23'],
  [UNDERLINE, '24'],
  [BLINK, '25'],
  [INVERSE, '27'],
  [HIDDEN, '28'],
  [STRIKETHROUGH, '29'],
  [OVERLINE, '55'],
];

/** The SGR parameter that selects `color` as foreground (`base` 30) or background (`base` 40). */
export function colorCode(color: number, base: 30 | 40): string {
  const mode = color & COLOR_MODE_MASK;
  const value = color & COLOR_VALUE_MASK;
  if (mode === COLOR_P16) return String(value < 8 ? base + value : base + 60 + value - 8);
  if (mode === COLOR_P256) return `${base + 8};5;${value}`;
  if (mode === COLOR_RGB) return `${base + 8};2;${(value >> 16) & 255};${(value >> 8) & 255};${value & 255}`;
  return String(base + 9);
}

function flagCodes(flags: number, out: string[]): void {
  for (const [flag, code] of ON_CODES) if (flags & flag) out.push(code);
}

/** Parameters that build `to` from a reset terminal (without the leading 0). */
function absoluteParams(to: Readonly<CellStyle>): string[] {
  const out: string[] = [];
  flagCodes(to.flags, out);
  if (to.fg !== 0) out.push(colorCode(to.fg, 30));
  if (to.bg !== 0) out.push(colorCode(to.bg, 40));
  return out;
}

function relativeParams(from: Readonly<CellStyle>, to: Readonly<CellStyle>): string[] {
  const out: string[] = [];
  const removed = from.flags & ~to.flags;
  let added = to.flags & ~from.flags;
  if (removed & (BOLD | DIM)) {
    out.push('22');
    // 22 clears both, so whichever of the two stays on is switched on again.
    added |= to.flags & (BOLD | DIM);
  }
  for (const [flag, code] of OFF_CODES) if (removed & flag) out.push(code);
  flagCodes(added, out);
  if (from.fg !== to.fg) out.push(colorCode(to.fg, 30));
  if (from.bg !== to.bg) out.push(colorCode(to.bg, 40));
  return out;
}

/**
 * The shortest SGR sequence that turns the terminal's current style `from` into
 * `to`: either the changed attributes only, or a reset followed by everything `to`
 * needs. Empty when nothing changes.
 */
export function sgrTransition(from: Readonly<CellStyle>, to: Readonly<CellStyle>): string {
  if (from.fg === to.fg && from.bg === to.bg && from.flags === to.flags) return '';
  if (isDefaultStyle(to)) return `${ESC}[m`;
  const relative = relativeParams(from, to).join(';');
  const absolute = ['0', ...absoluteParams(to)].join(';');
  return `${ESC}[${relative.length <= absolute.length ? relative : absolute}m`;
}
