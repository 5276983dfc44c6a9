import type { Column } from '../components/Table.js';
import { textWidth } from '../format/width.js';

/** A column's width from its title and the values it will show, within [min, max]. */
export function widthFor(title: string, values: Iterable<string>, min = 1, max = 40): number {
  let w = Math.max(min, textWidth(title));
  for (const v of values) w = Math.max(w, textWidth(v));
  return Math.min(max, w);
}

const FILLER = '_fill';

/**
 * An empty last column that takes the spare width, so right-aligned numbers stay next to
 * their neighbours instead of the last one drifting to the far edge. First to go when narrow.
 */
export function filler<T>(): Column<T> {
  return { key: FILLER, title: '', width: 0, priority: -1, grow: true, cell: () => '' };
}

/**
 * A list pane's columns ranked by the order the pane declares they drop in as it narrows:
 * `dropFirst` names every column (the filler aside), the first name going first, so the
 * columns a trader needs most come last. A column the order leaves out ranks -1, with the
 * filler (test/ui/columnsByImportance.test.tsx checks that no pane leaves one out).
 */
export function dropOrder<T>(columns: readonly Column<T>[], dropFirst: readonly string[]): Column<T>[] {
  return columns.map((c) => (c.key === FILLER ? c : { ...c, priority: dropFirst.indexOf(c.key) }));
}
