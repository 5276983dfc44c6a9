import type { Binding, CommandId } from './bindings.js';
import type { Context } from './contexts.js';
import { keyLabel } from './help.js';

/** One entry of the key hint line: the first key of a binding and its short word. */
export interface HintEntry {
  id: CommandId;
  key: string;
  label: string;
}

/**
 * The key hint line's entries for a stack of live contexts, generated from the bindings the
 * way help is: the commands that carry a `hint` word, in the stack's precedence order (the
 * focused pane's before the global ones; in each, the commands that sign first). A key an earlier context already took is not
 * offered again, a binding the user left without keys is skipped, and in monitor mode
 * nothing that signs is offered; while text is typed, no printable key is. `except` drops commands that mean nothing on this screen.
 */
export function hintEntries(
  bindings: readonly Binding[],
  contexts: readonly Context[],
  opts: { readOnly?: boolean; except?: ReadonlySet<CommandId>; textInput?: boolean } = {},
): HintEntry[] {
  const out: HintEntry[] = [];
  const taken = new Set<string>();
  for (const context of contexts) {
    const here = bindings.filter((b) => b.context === context);
    // What a trader acts with comes first in each context: the commands that sign and send.
    const ordered = [...here.filter((b) => b.writes), ...here.filter((b) => !b.writes)];
    for (const b of ordered) {
      const key = b.keys[0];
      if (!b.hint || key === undefined || taken.has(key)) continue;
      if (opts.readOnly && b.writes) continue;
      if (opts.except?.has(b.id)) continue;
      // While a text field has the keyboard, printable keys type text instead.
      if (opts.textInput && ([...key].length === 1 || key === 'space')) continue;
      out.push({ id: b.id, key: keyLabel(key), label: b.hint });
    }
    for (const b of here) for (const k of b.keys) taken.add(k);
  }
  return out;
}
