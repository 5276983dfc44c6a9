import stringWidth from 'string-width';

/**
 * Column widths of graphemes, measured with string-width because that is what ink
 * lays out with: a cell grid that disagreed with ink would misplace every glyph after
 * a wide one.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
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

export function graphemes(text: string): Iterable<string> {
  if (isPrintableAscii(text)) return text;
  return (function* () {
    for (const { segment } of segmenter.segment(text)) yield segment;
  })();
}

/**
 * True when every terminal agrees on this grapheme's width: ASCII, Latin, box
 * drawing, blocks and the East Asian wide blocks. Emoji and ambiguous-width symbols
 * differ between terminals, so after writing one the renderer stops trusting its
 * idea of where the cursor is.
 */
export function hasCertainWidth(grapheme: string): boolean {
  if (grapheme.length !== 1) return false;
  const code = grapheme.charCodeAt(0);
  if (code < 0x1100) return true;
  if (code >= 0x2500 && code <= 0x259f) return true; // box drawing, blocks
  if (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) return true; // CJK
  if (code >= 0xac00 && code <= 0xd7a3) return true; // Hangul syllables
  if (code >= 0xf900 && code <= 0xfaff) return true; // CJK compatibility ideographs
  if (code >= 0xff01 && code <= 0xff60) return true; // fullwidth forms
  return false;
}
