import type { Segment } from '../components/Tone.js';
import { takeColumns, textWidth } from '../format/width.js';

/** Segments cut or padded to exactly `width` columns, so no line can wrap or overflow. */
export function clipSegments(segments: readonly Segment[], width: number): Segment[] {
  const out: Segment[] = [];
  let used = 0;
  for (const s of segments) {
    if (used >= width) break;
    const w = textWidth(s.text);
    if (used + w <= width) {
      out.push(s);
      used += w;
    } else {
      const text = takeColumns(s.text, width - used);
      out.push({ ...s, text });
      used += textWidth(text);
    }
  }
  if (used < width) out.push({ text: ' '.repeat(width - used) });
  return out;
}

export function segmentsText(segments: readonly Segment[]): string {
  return segments.map((s) => s.text).join('');
}
