import { createRequire } from 'node:module';
import type stringWidth from 'string-width';

/**
 * Terminal columns of a string, exactly as string-width (the measure ink lays out with)
 * counts them, without paying for it on the text a dashboard shows.
 *
 * string-width builds its emoji regular expression as it loads and a grapheme segmenter on
 * its first non-ASCII string: about 100 ms on these machines, on the path to the first
 * frame. Almost everything perpdesk draws is ASCII, Latin, Greek, punctuation, arrows, box
 * drawing, blocks, shapes, braille (charts), dingbats and symbols: one column per code
 * point, no joining marks, and the colour sequences ink puts into the text it measures.
 * Those strings are answered here; anything else (CJK, emoji, combining marks, other
 * escapes) goes to string-width itself.
 * `columnWidth.test.ts` checks every code point of the ranges below against string-width,
 * so the two cannot drift apart on an upgrade.
 *
 * The bundled build (scripts/build.mjs) gives ink and its helpers this function in place of
 * string-width, so one answer serves every caller.
 */

/** Inclusive [first, last] ranges of BMP code points string-width counts as one column. */
export const ONE_COLUMN_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0x2ff],
  [0x370, 0x3ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x20a0, 0x20c0],
  [0x2190, 0x22ff],
  [0x2300, 0x23ff],
  [0x2500, 0x27bf],
  [0x2800, 0x2bff],
];

/** Inside the ranges above, the code points string-width counts as two columns (emoji). */
export const TWO_COLUMN_EXCEPTIONS: readonly number[] = [
  0x231a, 0x231b, 0x2329, 0x232a, 0x23e9, 0x23ea, 0x23eb, 0x23ec, 0x23f0, 0x23f3, 0x25fd, 0x25fe,
  0x2614, 0x2615, 0x2630, 0x2631, 0x2632, 0x2633, 0x2634, 0x2635, 0x2636, 0x2637, 0x2648, 0x2649,
  0x264a, 0x264b, 0x264c, 0x264d, 0x264e, 0x264f, 0x2650, 0x2651, 0x2652, 0x2653, 0x267f, 0x268a,
  0x268b, 0x268c, 0x268d, 0x268e, 0x268f, 0x2693, 0x26a1, 0x26aa, 0x26ab, 0x26bd, 0x26be, 0x26c4,
  0x26c5, 0x26ce, 0x26d4, 0x26ea, 0x26f2, 0x26f3, 0x26f5, 0x26fa, 0x26fd, 0x2705, 0x270a, 0x270b,
  0x2728, 0x274c, 0x274e, 0x2753, 0x2754, 0x2755, 0x2757, 0x2795, 0x2796, 0x2797, 0x27b0, 0x27bf,
  0x2b1b, 0x2b1c, 0x2b50, 0x2b55,
];

const TABLE_END = 0x2c00;
let oneColumn: Uint8Array | undefined;

function table(): Uint8Array {
  if (oneColumn) return oneColumn;
  const t = new Uint8Array(TABLE_END);
  for (const [first, last] of ONE_COLUMN_RANGES) t.fill(1, first, last + 1);
  for (const code of TWO_COLUMN_EXCEPTIONS) t[code] = 0;
  oneColumn = t;
  return t;
}

const ESC = 0x1b;
const BRACKET = 0x5b;
const SEMICOLON = 0x3b;
const M = 0x6d;

/**
 * Columns when every code point is one of the one-column ones, else -1. SGR sequences
 * (`ESC [ digits;... m`, the colours ink puts into the text it measures) take no columns,
 * as string-width strips them; any other escape goes to string-width.
 */
function oneColumnLength(text: string): number {
  const t = table();
  let columns = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === ESC) {
      if (text.charCodeAt(i + 1) !== BRACKET) return -1;
      let j = i + 2;
      for (let c = text.charCodeAt(j); (c >= 0x30 && c <= 0x39) || c === SEMICOLON; c = text.charCodeAt(++j));
      if (text.charCodeAt(j) !== M) return -1;
      i = j;
      continue;
    }
    if (code >= TABLE_END || t[code] === 0) return -1;
    columns++;
  }
  return columns;
}

type StringWidth = typeof stringWidth;
type Options = Parameters<StringWidth>[1];

let real: StringWidth | undefined;
/**
 * string-width itself, loaded on first need: its module builds its emoji expression as it
 * loads (~45 ms), which the text perpdesk draws never needs. (require of an ES module: Node
 * >= 20.19; the bundle leaves a require through createRequire alone.)
 */
function realStringWidth(): StringWidth {
  real ??= (createRequire(import.meta.url)('string-width') as { default: StringWidth }).default;
  return real;
}

/** string-width's signature and answer; the fast path only with its default options. */
export default function columnWidth(text: string, options?: Options): number {
  if (typeof text === 'string' && text.length > 0 && options === undefined) {
    const n = oneColumnLength(text);
    if (n >= 0) return n;
  }
  return realStringWidth()(text, options);
}
