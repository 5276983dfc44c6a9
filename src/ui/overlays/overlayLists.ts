import { filterCommands, fuzzyScore, helpSections, type Binding, type Context, type PaletteMatch } from '../../keymap/index.js';

/**
 * The rows of the list overlays as pure functions of the query and the bindings, shared by
 * the overlay components (what is drawn) and the command handlers (what Enter picks and how
 * far the cursor may move), so the two can never disagree.
 */

/** Contexts only reachable inside a form or its confirmation: nothing to show in monitor mode. */
const WRITE_ONLY_CONTEXTS: ReadonlySet<Context> = new Set<Context>(['form', 'confirm']);

export type HelpLine = { kind: 'title'; text: string } | { kind: 'entry'; keys: string; description: string } | { kind: 'gap' };

/** Help as lines: a title per context, one line per binding, a blank line between sections. */
export function helpLines(bindings: readonly Binding[], readOnly: boolean): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const section of helpSections(bindings)) {
    if (readOnly && WRITE_ONLY_CONTEXTS.has(section.context)) continue;
    if (lines.length > 0) lines.push({ kind: 'gap' });
    lines.push({ kind: 'title', text: section.title });
    for (const e of section.entries) lines.push({ kind: 'entry', keys: e.keys, description: e.description });
  }
  return lines;
}

export function paletteItems(query: string, bindings: readonly Binding[]): PaletteMatch[] {
  return filterCommands(query, bindings);
}

/** Contract names matching the typed text (fuzzy, best first; all names, sorted, for an empty query). */
export function pickerItems(query: string, names: readonly string[]): string[] {
  const q = query.trim();
  if (q === '') return [...names];
  return names
    .map((name, i) => ({ name, i, m: fuzzyScore(q, name) }))
    .filter((x) => x.m !== undefined)
    .sort((a, b) => b.m!.score - a.m!.score || a.i - b.i)
    .map((x) => x.name);
}
