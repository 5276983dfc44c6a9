import { COMMAND_IDS, DEFAULT_BINDINGS, isCommandId, type Binding, type CommandId } from './bindings.js';
import { findConflicts } from './conflicts.js';
import { normalizeKeySpec } from './keys.js';

/** The config file's `keymap` section: command id -> key or keys ([] unbinds). */
type KeymapOverrides = Record<string, string | readonly string[]>;

export interface OverrideResult {
  /** The defaults with every acceptable override applied. */
  bindings: Binding[];
  /** One readable message per refused entry; the rest still applied. */
  errors: string[];
}

const KEY_EXAMPLES = 'b, B, ctrl+b, meta+b, enter, escape, tab, shift+tab, space, up, pagedown';

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

function suggest(id: string): string {
  let best: CommandId | undefined;
  let bestD = Infinity;
  for (const c of COMMAND_IDS) {
    const d = distance(id.toLowerCase(), c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best && bestD <= 3 ? ` (did you mean "${best}"?)` : '';
}

/**
 * Merges user key overrides into the default bindings. Entries with an unknown command,
 * a malformed key, or a key that would collide with another live command are refused
 * with a message naming them; valid entries apply (swaps between commands work because
 * all entries are applied before conflicts are checked).
 */
export function applyOverrides(overrides: unknown, base: readonly Binding[] = DEFAULT_BINDINGS): OverrideResult {
  const errors: string[] = [];
  if (overrides === undefined || overrides === null) return { bindings: [...base], errors };
  if (typeof overrides !== 'object' || Array.isArray(overrides)) {
    return {
      bindings: [...base],
      errors: ['keymap: expected an object of command ids to key lists, e.g. {"order.buy": ["b", "shift+b"]}'],
    };
  }
  const wanted = new Map<CommandId, string[]>();
  for (const [id, value] of Object.entries(overrides as Record<string, unknown>)) {
    if (!isCommandId(id)) {
      errors.push(`keymap: unknown command "${id}"${suggest(id)}`);
      continue;
    }
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || !list.every((k): k is string => typeof k === 'string')) {
      errors.push(`keymap."${id}": expected a key name or a list of key names`);
      continue;
    }
    const keys: string[] = [];
    let bad: string | undefined;
    for (const spec of list) {
      const k = normalizeKeySpec(spec);
      if (!k) {
        bad = spec;
        break;
      }
      if (!keys.includes(k)) keys.push(k);
    }
    if (bad !== undefined) {
      errors.push(`keymap."${id}": "${bad}" is not a key name (examples: ${KEY_EXAMPLES})`);
      continue;
    }
    wanted.set(id, keys);
  }

  const defaults = new Map(base.map((b) => [b.id, b]));
  const build = () => base.map((b) => (wanted.has(b.id) ? { ...b, keys: wanted.get(b.id)! } : b));
  let bindings = build();
  // Each pass refuses at least one override, so this ends.
  for (;;) {
    const conflicts = findConflicts(bindings);
    const refused = new Set<CommandId>();
    for (const c of conflicts) {
      const [a, b] = c.commands;
      // Blame the overridden side; if both were overridden, refuse both.
      const culprits = [a, b].filter((id) => wanted.has(id));
      for (const id of culprits) {
        if (refused.has(id)) continue;
        refused.add(id);
        const other = id === a ? b : a;
        const desc = defaults.get(other)?.description;
        errors.push(
          `keymap."${id}": key "${c.key}" is already bound to "${other}"${desc ? ` (${desc})` : ''}; override not applied`,
        );
      }
    }
    if (refused.size === 0) break;
    for (const id of refused) wanted.delete(id);
    bindings = build();
  }
  return { bindings, errors };
}
