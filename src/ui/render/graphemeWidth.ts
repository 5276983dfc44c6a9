import stringWidth from '../../format/columnWidth.js';

/**
 * Column widths of graphemes, measured with string-width because that is what ink
 * lays out with: a cell grid that disagreed with ink would misplace every glyph after
 * a wide one.
 */

// Built on first use: a segmenter costs ~20 ms to create, and ASCII never needs one.
let segmenter: Intl.Segmenter | undefined;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

// Dashboards repeat the same few box-drawing glyphs and symbols every frame; the
// cache is cleared when full so memory stays bounded.
const CACHE_LIMIT = 4096;
const cache = new Map<string, number>();

/** 0 (joins the previous cell), 1 or 2 columns. */
export function graphemeWidth(grapheme: string): number {
  if (grapheme.length === 1) {
    const code = grapheme.charCodeAt(0);
    if (code >= 0x20 && code < 0x7f) return 1;
  }
  let width = cache.get(grapheme);
  if (width === undefined) {
    width = Math.min(2, Math.max(0, stringWidth(grapheme)));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(grapheme, width);
  }
  return width;
}

export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}

/**
 * Calls `glyph` for each grapheme of `text` with its width (0 for a mark that joins the
 * glyph before it). Plain ASCII, the common case, skips the segmenter.
 */
export function eachGlyph(text: string, glyph: (g: string, width: number) => void): void {
  if (isPrintableAscii(text)) {
    for (let i = 0; i < text.length; i++) glyph(text[i]!, 1);
    return;
  }
  for (const g of graphemes(text)) glyph(g, graphemeWidth(g));
}

// Code points that can join their neighbours into one grapheme: marks (combining,
// variation selectors), ZWJ, Hangul jamo, regional indicators, skin tones, tags.
const JOINING = /[\p{M}\u200d\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e007f}]/u;

/** True when `text` holds a code point that can join its neighbours into one grapheme. */
export function hasJoining(text: string): boolean {
  return JOINING.test(text);
}

export function graphemes(text: string): Iterable<string> {
  if (isPrintableAscii(text)) return text;
  // Without joining code points every code point is its own grapheme, and iterating
  // a string by code point is much cheaper than the segmenter.
  if (!JOINING.test(text)) return text;
  return (function* () {
    for (const { segment } of (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)) yield segment;
  })();
}

/**
 * True when terminals agree on this grapheme's width, so the renderer may keep
 * counting columns after writing it. Emoji and the symbol blocks with emoji
 * variants are drawn one or two columns wide depending on the terminal's Unicode
 * tables; after one of those the renderer positions the next cell absolutely.
 */
export function hasCertainWidth(grapheme: string): boolean {
  if (grapheme.length !== 1) return false;
  const code = grapheme.charCodeAt(0);
  if (code < 0x2300) return true;
  if (code <= 0x23ff || (code >= 0x2600 && code <= 0x27bf) || (code >= 0x2b00 && code <= 0x2bff)) return false;
  if (code < 0x2e80) return true;
  if (code <= 0xa4cf) return code !== 0x303d && code !== 0x3030; // CJK (two emoji live here)
  if (code >= 0xac00 && code <= 0xd7a3) return true; // Hangul syllables
  if (code >= 0xf900 && code <= 0xfaff) return true; // CJK compatibility ideographs
  if (code >= 0xff01 && code <= 0xffe6) return true; // fullwidth and halfwidth forms
  return code >= 0xa4d0 && code < 0xac00;
}
