import { filterCommands, helpSections, rankMatches, type Binding, type Context, type PaletteMatch } from '../../keymap/index.js';
import type { ProfileLine } from '../context/AppContext.js';
import { matchesFilter } from '../panes/rowFilter.js';

/**
 * The rows of the list overlays as pure functions of the query and the bindings, shared by
 * the overlay components (what is drawn) and the command handlers (what Enter picks and how
 * far the cursor may move), so the two can never disagree.
 */

/** Contexts only reachable inside a form or its confirmation: nothing to show in monitor mode. */
const WRITE_ONLY_CONTEXTS: ReadonlySet<Context> = new Set<Context>(['form', 'confirm']);

export type HelpLine = { kind: 'title'; text: string } | { kind: 'entry'; keys: string; description: string } | { kind: 'gap' };

/**
 * Help as lines: a title per context, one line per binding, a blank line between sections.
 * A search (`/` in help) keeps the entries whose keys, command id, description or section
 * title have every term of it, and the sections that keep one.
 */
export function helpLines(bindings: readonly Binding[], readOnly: boolean, query = ''): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const section of helpSections(bindings)) {
    if (readOnly && WRITE_ONLY_CONTEXTS.has(section.context)) continue;
    const entries = section.entries.filter((e) => matchesFilter([e.keys, e.id, e.description, section.title], query));
    if (entries.length === 0) continue;
    if (lines.length > 0) lines.push({ kind: 'gap' });
    lines.push({ kind: 'title', text: section.title });
    for (const e of entries) lines.push({ kind: 'entry', keys: e.keys, description: e.description });
  }
  return lines;
}

export function paletteItems(query: string, bindings: readonly Binding[]): PaletteMatch[] {
  return filterCommands(query, bindings);
}

/** overlayCursor while no row is highlighted: Enter then runs nothing. */
export const NO_ROW = -1;

/**
 * Where the palette's highlight starts for a query: on no row while the query is empty (a
 * stray Enter on a fresh palette must not run its first command, Quit), on the best match
 * once something is typed. Arrow keys move it from there.
 */
export function paletteStartRow(query: string): number {
  return query.trim() === '' ? NO_ROW : 0;
}

/** The highlighted row of a list of `count` rows, or undefined while none is. */
export function highlightedRow(cursor: number, count: number): number | undefined {
  return cursor < 0 || count === 0 ? undefined : Math.min(cursor, count - 1);
}

/** Profiles matching the typed text by name, target or account (all of them, in the config's order, for an empty query). */
export function profileItems(query: string, lines: readonly ProfileLine[]): ProfileLine[] {
  return rankMatches(lines, query, [(l) => l.name, (l) => l.target, (l) => l.account]);
}

/** Contract names matching the typed text (best match first; all names, as listed, for an empty query). */
export function pickerItems(query: string, names: readonly string[]): string[] {
  return rankMatches(names, query, [(name) => name]);
}
