import type { Column } from '../components/Table.js';
import { textWidth } from '../format/width.js';

/** A column's width from its title and the values it will show, within [min, max]. */
export function widthFor(title: string, values: Iterable<string>, min = 1, max = 40): number {
  let w = Math.max(min, textWidth(title));
  for (const v of values) w = Math.max(w, textWidth(v));
  return Math.min(max, w);
}

/**
 * An empty last column that takes the spare width, so right-aligned numbers stay next to
 * their neighbours instead of the last one drifting to the far edge. First to go when narrow.
 */
export function filler<T>(): Column<T> {
  return { key: '_fill', title: '', width: 0, priority: -1, grow: true, cell: () => '' };
}
