import { takeColumns, textWidth } from '../format/width.js';

/**
 * Word-wraps one line to `width` columns: a confirm step or an exchange answer must be read
 * whole, never cut at the border. Words longer than the width (addresses, paths) are split.
 */
export function wrapText(text: string, width: number): string[] {
  if (width <= 0) return [];
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let w = word;
      const sep = line === '' ? '' : ' ';
      if (textWidth(line) + textWidth(sep) + textWidth(w) <= width) {
        line += sep + w;
        continue;
      }
      if (line !== '') out.push(line);
      line = '';
      while (textWidth(w) > width) {
        // A glyph wider than the whole line still has to go somewhere.
        const head = takeColumns(w, width) || [...w][0]!;
        out.push(head);
        w = w.slice(head.length);
      }
      line = w;
    }
    out.push(line);
  }
  return out;
}
