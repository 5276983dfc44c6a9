import {
  BLINK,
  BOLD,
  COLOR_DEFAULT,
  DIM,
  HIDDEN,
  INVERSE,
  ITALIC,
  OVERLINE,
  STRIKETHROUGH,
  UNDERLINE,
  p16,
  p256,
  rgb,
  type CellStyle,
} from './cellStyle.js';

/**
 * CSI parameters as the tokenizer hands them over: one array per `;`-separated
 * parameter, holding the value and its `:`-separated sub-parameters. An omitted
 * value is -1.
 */
export type CsiParams = number[][];

const FLAG_ON: Record<number, number> = { 1: BOLD, 2: DIM, 3: ITALIC, 5: BLINK, 7: INVERSE, 8: HIDDEN, 9: STRIKETHROUGH, 53: OVERLINE };
const FLAG_OFF: Record<number, number> = {
  22: BOLD | DIM,
  23: ITALIC,
  24: UNDERLINE,
  25: BLINK,
  27: INVERSE,
  28: HIDDEN,
  29: STRIKETHROUGH,
  55: OVERLINE,
};

function num(v: number | undefined): number {
  return v === undefined || v < 0 ? 0 : v;
}

/** Applies one SGR sequence to `style` in place, the way xterm does. */
export function applySgr(style: CellStyle, params: CsiParams): void {
  if (params.length === 0) {
    reset(style);
    return;
  }
  for (let i = 0; i < params.length; i++) {
    const param = params[i]!;
    const p = num(param[0]);
    if (p === 0) reset(style);
    else if (p >= 30 && p <= 37) style.fg = p16(p - 30);
    else if (p >= 40 && p <= 47) style.bg = p16(p - 40);
    else if (p >= 90 && p <= 97) style.fg = p16(p - 90 + 8);
    else if (p >= 100 && p <= 107) style.bg = p16(p - 100 + 8);
    else if (p === 39) style.fg = COLOR_DEFAULT;
    else if (p === 49) style.bg = COLOR_DEFAULT;
    else if (p === 4) {
      // 4:0 is "no underline"; every other underline style counts as underline.
      if (param.length > 1 && param[1] === 0) style.flags &= ~UNDERLINE;
      else style.flags |= UNDERLINE;
    } else if (p === 21) style.flags |= UNDERLINE;
    else if (p === 38 || p === 48 || p === 58) {
      const parsed = param.length > 1 ? colorFromSubParams(param) : colorFromParams(params, i);
      i += parsed.consumed;
      if (parsed.color === undefined || p === 58) continue; // underline colour is not modelled
      if (p === 38) style.fg = parsed.color;
      else style.bg = parsed.color;
    } else if (FLAG_ON[p] !== undefined) style.flags |= FLAG_ON[p];
    else if (FLAG_OFF[p] !== undefined) style.flags &= ~FLAG_OFF[p];
    // Anything else (6 rapid blink, 59, fonts...) leaves the style unchanged.
  }
}

function reset(style: CellStyle): void {
  style.fg = COLOR_DEFAULT;
  style.bg = COLOR_DEFAULT;
  style.flags = 0;
}

interface ParsedColor {
  color: number | undefined;
  consumed: number;
}

/** `38;5;n` and `38;2;r;g;b`: the colour spreads over the following parameters. */
function colorFromParams(params: CsiParams, at: number): ParsedColor {
  const mode = num(params[at + 1]?.[0]);
  if (mode === 5) {
    if (at + 2 >= params.length) return { color: undefined, consumed: params.length - at - 1 };
    return { color: p256(num(params[at + 2]![0])), consumed: 2 };
  }
  if (mode === 2) {
    if (at + 4 >= params.length) return { color: undefined, consumed: params.length - at - 1 };
    return { color: rgb(num(params[at + 2]![0]), num(params[at + 3]![0]), num(params[at + 4]![0])), consumed: 4 };
  }
  return { color: undefined, consumed: at + 1 < params.length ? 1 : 0 };
}

/** `38:5:n`, `38:2::r:g:b` (with colour-space slot) and `38:2:r:g:b`. */
function colorFromSubParams(param: number[]): ParsedColor {
  const mode = num(param[1]);
  if (mode === 5) return { color: p256(num(param[2])), consumed: 0 };
  if (mode === 2) {
    const base = param.length >= 6 ? 3 : 2;
    return { color: rgb(num(param[base]), num(param[base + 1]), num(param[base + 2])), consumed: 0 };
  }
  return { color: undefined, consumed: 0 };
}
