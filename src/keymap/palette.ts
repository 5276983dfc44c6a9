import { DEFAULT_BINDINGS, paletteBindings, type Binding } from './bindings.js';
import { keysLabel } from './help.js';
import { asWords, rankMatches, type MatchKeys } from './rankMatches.js';

export interface PaletteMatch {
  binding: Binding;
  /** What the palette shows: "Description  (command.id)". */
  label: string;
  keys: string;
}

/** A command matches on its id and its description, each as written and as words. */
const COMMAND_KEYS: MatchKeys<Binding> = [(b) => b.id, (b) => b.description, (b) => asWords(b.id), (b) => asWords(b.description)];

/**
 * The `:` palette: commands matching `query`, best match first (see rankMatches), ties in
 * binding order; all commands in binding order for an empty query.
 */
export function filterCommands(query: string, bindings: readonly Binding[] = DEFAULT_BINDINGS, limit = 50): PaletteMatch[] {
  return rankMatches(paletteBindings(bindings), query, COMMAND_KEYS)
    .slice(0, limit)
    .map((binding) => ({ binding, label: `${binding.description}  (${binding.id})`, keys: keysLabel(binding.keys) }));
}
