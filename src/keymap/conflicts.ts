import type { Binding, CommandId } from './bindings.js';
import { allContextStacks, REPLAY_SHADOWS, type Context } from './contexts.js';

export interface KeyConflict {
  key: string;
  commands: [CommandId, CommandId];
  /** The context stack in which both are live. */
  contexts: Context[];
}

/**
 * Keys bound to two commands that can be live at the same time. Precedence would pick one
 * silently, so such a keymap is refused: a key must mean one thing wherever it works.
 */
export function findConflicts(bindings: readonly Binding[]): KeyConflict[] {
  const out: KeyConflict[] = [];
  const seen = new Set<string>();
  for (const stack of allContextStacks()) {
    const live = new Set(stack);
    const owner = new Map<string, CommandId>();
    for (const b of bindings) {
      if (!live.has(b.context)) continue;
      for (const key of b.keys) {
        const other = owner.get(key);
        // The replay's time keys win over a pane's by design (contexts.ts); replay's bindings come first.
        if (other !== undefined && live.has('replay') && REPLAY_SHADOWS.has(key) && (b.context === 'replay' || bindings.find((x) => x.id === other)?.context === 'replay')) continue;
        if (other === undefined) owner.set(key, b.id);
        else if (other !== b.id) {
          const tag = `${key}\0${[other, b.id].sort().join('\0')}`;
          if (!seen.has(tag)) {
            seen.add(tag);
            out.push({ key, commands: [other, b.id], contexts: stack });
          }
        }
      }
    }
  }
  return out;
}
