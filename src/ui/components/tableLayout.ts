import type { Align } from '../format/width.js';

export interface ColumnSpec {
  key: string;
  title: string;
  /** Preferred width; the column is never narrower, unless it has a `short` form. */
  width: number;
  align?: Align;
  /** Higher survives longer when the table is narrow; ties drop the rightmost first. */
  priority?: number;
  /** Takes the width left over once the kept columns fit. */
  grow?: boolean;
  /**
   * A narrower form, taken before any column is dropped: a shorter title and the width the
   * column's values need ("Contract" over values like "SOL1").
   */
  short?: { title: string; width: number };
}

export interface FittedColumn<C extends ColumnSpec> {
  column: C;
  width: number;
  /** The title to show: the column's own, or its short form's. */
  title: string;
}

/**
 * The columns that fit in `width` with `gap` spaces between them, in their original order.
 * When they do not all fit, columns with a short form take it first (the least important
 * first), then the lowest-priority columns are dropped; what dropping frees gives the full
 * forms back (the most important first). Leftover width goes to the grow column (or the
 * last one), so a row is exactly `width` columns wide.
 */
export function fitColumns<C extends ColumnSpec>(columns: readonly C[], width: number, gap = 1): FittedColumn<C>[] {
  const kept = columns.map((c, i) => ({ c, i, short: false }));
  const w = (k: (typeof kept)[number]) => (k.short && k.c.short ? k.c.short.width : k.c.width);
  const total = () => kept.reduce((a, k) => a + w(k), 0) + gap * Math.max(0, kept.length - 1);
  // Least important first: lower priority, and of equal ones the rightmost.
  const rank = (a: (typeof kept)[number], b: (typeof kept)[number]) => (a.c.priority ?? 0) - (b.c.priority ?? 0) || b.i - a.i;
  if (total() > width) {
    for (const k of [...kept].sort(rank)) {
      if (total() <= width) break;
      if (k.c.short && k.c.short.width < k.c.width) k.short = true;
    }
  }
  while (kept.length > 1 && total() > width) {
    let drop = 0;
    for (let j = 1; j < kept.length; j++) {
      if ((kept[j]!.c.priority ?? 0) <= (kept[drop]!.c.priority ?? 0)) drop = j;
    }
    kept.splice(drop, 1);
  }
  for (const k of [...kept].sort(rank).reverse()) {
    if (!k.short) continue;
    k.short = false;
    if (total() > width) k.short = true;
  }
  if (kept.length === 0) return [];
  const widths = kept.map(w);
  let spare = width - total();
  if (spare < 0) {
    // Only one column left and it is too wide: it gets all there is.
    widths[0] = Math.max(0, width);
    spare = 0;
  }
  const growIndex = kept.findIndex((k) => k.c.grow);
  widths[growIndex >= 0 ? growIndex : widths.length - 1]! += spare;
  return kept.map((k, j) => ({ column: k.c, width: widths[j]!, title: k.short && k.c.short ? k.c.short.title : k.c.title }));
}

/**
 * The first visible row for a list of `count` rows in `height` lines with `selected`
 * kept in view. Scrolls as little as possible from `prevStart`, like a pager.
 */
export function scrollStart(count: number, height: number, selected: number | undefined, prevStart = 0): number {
  if (height <= 0 || count <= height) return 0;
  const maxStart = count - height;
  let start = Math.min(Math.max(0, prevStart), maxStart);
  if (selected === undefined) return start;
  const sel = Math.min(Math.max(0, selected), count - 1);
  if (sel < start) start = sel;
  else if (sel >= start + height) start = sel - height + 1;
  return start;
}
