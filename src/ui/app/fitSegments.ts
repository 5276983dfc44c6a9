import { textWidth, truncate, truncateAtWord } from '../format/width.js';
import type { Segment } from '../components/Tone.js';

/**
 * A one-line bar (header, status bar) built from groups of segments. When the groups do
 * not fit, groups switch to their narrower variants (least important first), then the least
 * important are dropped (highest `priority` number), never cut mid-word; a group marked
 * `fill` takes whatever room is left, truncated with an ellipsis at a word boundary.
 */
export interface SegmentGroup {
  segments: readonly Segment[];
  /** 0 is never dropped; larger numbers go first. */
  priority: number;
  /** Takes the remaining width (at most one group should). */
  fill?: boolean;
  /** Least width a fill group needs to be worth showing (default 8). */
  minWidth?: number;
  /** Never dropped (only narrowed), whatever its priority. */
  keep?: boolean;
  /** Shorter variants, tried in order before the group is dropped. */
  narrower?: readonly (readonly Segment[])[];
}

export const SEPARATOR: Segment = { text: ' │ ', token: 'muted' };

function widthOf(segments: readonly Segment[]): number {
  let w = 0;
  for (const s of segments) w += textWidth(s.text);
  return w;
}

function total(chosen: readonly (readonly Segment[] | undefined)[], sepWidth: number): number {
  const present = chosen.filter((c): c is readonly Segment[] => c !== undefined && c.length > 0);
  return present.reduce((a, c) => a + widthOf(c), 0) + Math.max(0, present.length - 1) * sepWidth;
}

/** The segments to draw within `width` columns (never wider). */
export function fitSegments(groups: readonly SegmentGroup[], width: number, separator: Segment = SEPARATOR): Segment[] {
  const sepWidth = textWidth(separator.text);
  // Current variant per group: 0 = full, 1.. = narrower, undefined = dropped.
  const variant: (number | undefined)[] = groups.map(() => 0);
  const pick = (i: number): readonly Segment[] | undefined => {
    const v = variant[i];
    const g = groups[i]!;
    if (v === undefined) return undefined;
    if (g.fill) return []; // measured separately
    return v === 0 ? g.segments : g.narrower?.[v - 1];
  };
  const minFill = (i: number) => {
    const g = groups[i]!;
    if (!g.fill || variant[i] === undefined) return 0;
    return Math.min(widthOf(g.segments), g.minWidth ?? 8);
  };
  const need = () => {
    const fixed = total(groups.map((_, i) => pick(i)), sepWidth);
    const fills = groups.reduce((a, _, i) => a + minFill(i) + (minFill(i) > 0 && fixed > 0 ? sepWidth : 0), 0);
    return fixed + fills;
  };
  // Least important level first: narrow its groups, then drop them, then the next level.
  const levels = [...new Set(groups.map((g) => g.priority))].sort((a, b) => b - a);
  for (const level of levels) {
    const members = groups.map((g, i) => ({ g, i })).filter((x) => x.g.priority === level).reverse();
    for (const { g, i } of members) {
      const variants = g.narrower?.length ?? 0;
      while (need() > width && variant[i]! < variants) variant[i] = variant[i]! + 1;
    }
    for (const { g, i } of members) {
      if (need() <= width) break;
      if (level > 0 && !g.keep) variant[i] = undefined;
    }
    if (need() <= width) break;
  }
  const out: Segment[] = [];
  let used = 0;
  const fixedWidth = total(groups.map((_, i) => pick(i)), sepWidth);
  groups.forEach((g, i) => {
    if (variant[i] === undefined) return;
    let segs: readonly Segment[] | undefined = pick(i);
    if (g.fill) {
      const room = width - fixedWidth - (fixedWidth > 0 ? sepWidth : 0);
      if (room <= 0 || widthOf(g.segments) === 0) return;
      const cut: Segment[] = [];
      let left = room;
      for (const s of g.segments) {
        if (left <= 0) break;
        const text = truncateAtWord(s.text, left);
        cut.push({ ...s, text });
        left -= textWidth(text);
      }
      segs = cut;
    }
    if (!segs || segs.length === 0) return;
    if (used > 0) {
      out.push(separator);
      used += sepWidth;
    }
    out.push(...segs);
    used += widthOf(segs);
  });
  // Last guard: priority-0 groups alone can still be too wide on a tiny screen.
  return clip(out, width);
}

function clip(segments: readonly Segment[], width: number): Segment[] {
  const out: Segment[] = [];
  let left = width;
  for (const s of segments) {
    if (left <= 0) break;
    const text = truncate(s.text, left);
    out.push({ ...s, text });
    left -= textWidth(text);
  }
  return out;
}
