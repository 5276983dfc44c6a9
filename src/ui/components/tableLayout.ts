import type { Align } from '../format/width.js';

export interface ColumnSpec {
  key: string;
  title: string;
  /** Preferred width; the column is never narrower. */
  width: number;
  align?: Align;
  /** Higher survives longer when the table is narrow; ties drop the rightmost first. */
  priority?: number;
  /** Takes the width left over once the kept columns fit. */
  grow?: boolean;
}

export interface FittedColumn<C extends ColumnSpec> {
  column: C;
  width: number;
}

/**
 * The columns that fit in `width` with `gap` spaces between them, in their original order.
 * Lowest-priority columns are dropped first; leftover width goes to the grow column (or
 * the last one), so a row is exactly `width` columns wide.
 */
export function fitColumns<C extends ColumnSpec>(columns: readonly C[], width: number, gap = 1): FittedColumn<C>[] {
  const kept = columns.map((c, i) => ({ c, i }));
  const total = () => kept.reduce((a, k) => a + k.c.width, 0) + gap * Math.max(0, kept.length - 1);
  while (kept.length > 1 && total() > width) {
    let drop = 0;
    for (let j = 1; j < kept.length; j++) {
      if ((kept[j]!.c.priority ?? 0) <= (kept[drop]!.c.priority ?? 0)) drop = j;
    }
    kept.splice(drop, 1);
  }
  if (kept.length === 0) return [];
  const widths = kept.map((k) => k.c.width);
  let spare = width - total();
  if (spare < 0) {
    // Only one column left and it is too wide: it gets all there is.
    widths[0] = Math.max(0, width);
    spare = 0;
  }
  const growIndex = kept.findIndex((k) => k.c.grow);
  widths[growIndex >= 0 ? growIndex : widths.length - 1]! += spare;
  return kept.map((k, j) => ({ column: k.c, width: widths[j]! }));
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
