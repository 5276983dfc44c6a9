import type { Segment } from '../components/Tone.js';

/** A list's `/` filter as the pane shows it: the text, and whether its line is being typed. */
export interface PaneFilterState {
  query: string;
  typing: boolean;
}

/** The filter is in force or being typed: the pane says so in its title. */
export function filterShown(f: PaneFilterState): boolean {
  return f.typing || f.query.trim() !== '';
}

/**
 * The title's filter part, " /eth buy▏ 3 of 12": the query as typed, a cursor while the
 * line is open (the prompt is the title itself), and how many rows of how many pass.
 * Undefined while no filter is in force.
 */
export function filterTitle(f: PaneFilterState, shown: number, total: number): Segment[] | undefined {
  if (!filterShown(f)) return undefined;
  return [
    { text: ' /', token: 'key' },
    ...(f.query ? [{ text: f.query }] : []),
    ...(f.typing ? [{ text: '▏', token: 'accent' as const }] : []),
    { text: ` ${shown} of ${total}`, token: 'muted' },
  ];
}

/** What an empty list says: the pane's own words, or that rows are there and none passes the filter. */
export function filterEmpty(f: PaneFilterState, total: number, empty: string): string {
  const q = f.query.trim();
  return total > 0 && q !== '' ? `no rows match /${q}` : empty;
}
