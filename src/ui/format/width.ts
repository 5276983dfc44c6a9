import stringWidth from '../../format/columnWidth.js';

/**
 * Terminal column widths. ink measures text with string-width, so cells measured the
 * same way line up with what ink lays out (wide CJK glyphs and emoji take 2 columns).
 */

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
// Built on first use: a segmenter costs ~20 ms to create, and ASCII never needs one.
let segmenter: Intl.Segmenter | undefined;

export type Align = 'left' | 'right' | 'center';

// string-width is slow on anything but ASCII, and the same bars, glyphs and borders are
// measured on every render; cleared when full, so memory stays bounded.
const WIDTH_CACHE_LIMIT = 2048;
const widths = new Map<string, number>();

export function textWidth(text: string): number {
  // Fast path: table cells are almost always plain ASCII and are measured every flush.
  if (ASCII_PRINTABLE.test(text)) return text.length;
  let width = widths.get(text);
  if (width === undefined) {
    width = stringWidth(text);
    if (widths.size >= WIDTH_CACHE_LIMIT) widths.clear();
    widths.set(text, width);
  }
  return width;
}

/** Cuts text to at most `width` columns, ending with `ellipsis` when something was cut. */
export function truncate(text: string, width: number, ellipsis = '…'): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  const markWidth = textWidth(ellipsis);
  if (markWidth >= width) return takeColumns(text, width);
  return takeColumns(text, width - markWidth) + ellipsis;
}

/**
 * Like truncate, but a cut that would fall inside a word goes back to the space before it,
 * so a message never ends in half a word (unless one word alone is wider than half the room).
 */
export function truncateAtWord(text: string, width: number, ellipsis = '…'): string {
  const cut = truncate(text, width, ellipsis);
  if (cut === text || !cut.endsWith(ellipsis)) return cut;
  const kept = cut.slice(0, cut.length - ellipsis.length);
  const next = text.charAt(kept.length);
  if (next === ' ' || next === '') return cut;
  const space = kept.lastIndexOf(' ');
  if (space <= 0 || textWidth(kept.slice(0, space)) < width / 2) return cut;
  return `${kept.slice(0, space).trimEnd()}${ellipsis}`;
}

/** The longest prefix of whole graphemes that fits in `width` columns. */
export function takeColumns(text: string, width: number): string {
  if (ASCII_PRINTABLE.test(text)) return text.slice(0, Math.max(0, width));
  let out = '';
  let used = 0;
  for (const { segment } of (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)) {
    const w = stringWidth(segment);
    if (used + w > width) break;
    out += segment;
    used += w;
  }
  return out;
}

/** Exactly `width` columns: truncated, then padded on the side opposite the alignment. */
export function fit(text: string, width: number, align: Align = 'left', ellipsis = '…'): string {
  if (width <= 0) return '';
  const cut = truncate(text, width, ellipsis);
  const gap = width - textWidth(cut);
  if (gap <= 0) return cut;
  if (align === 'right') return ' '.repeat(gap) + cut;
  if (align === 'center') {
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + cut + ' '.repeat(gap - left);
  }
  return cut + ' '.repeat(gap);
}
