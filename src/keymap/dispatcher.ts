import { DEFAULT_BINDINGS, type Binding, type CommandId } from './bindings.js';
import { isOverlay, isPane, PRECEDENCE, type Context } from './contexts.js';
import { isPrintableKey, normalizeInput, type KeyFlags } from './keys.js';

/** A compiled keymap: (context, key) -> command. Build once per set of bindings. */
export class Keymap {
  private readonly byContext = new Map<Context, Map<string, CommandId>>();

  constructor(readonly bindings: readonly Binding[] = DEFAULT_BINDINGS) {
    for (const b of bindings) {
      let keys = this.byContext.get(b.context);
      if (!keys) this.byContext.set(b.context, (keys = new Map()));
      // First binding wins; overrides.ts refuses conflicting sets before they get here.
      for (const k of b.keys) if (!keys.has(k)) keys.set(k, b.id);
    }
  }

  lookup(context: Context, key: string): CommandId | undefined {
    return this.byContext.get(context)?.get(key);
  }

  /** The binding of a command, for help lines and palette hints. */
  binding(id: CommandId): Binding | undefined {
    return this.bindings.find((b) => b.id === id);
  }
}

export const DEFAULT_KEYMAP = new Keymap();

const RANK = new Map(PRECEDENCE.map((c, i) => [c, i]));

/**
 * Contexts in the order they are consulted: by precedence, and an open overlay hides the
 * focused pane and the global bindings beneath it.
 */
export function effectiveContexts(contexts: readonly Context[]): Context[] {
  const sorted = [...new Set(contexts)].sort((a, b) => (RANK.get(a) ?? 99) - (RANK.get(b) ?? 99));
  if (!sorted.some(isOverlay)) return sorted;
  return sorted.filter((c) => c !== 'global' && !isPane(c));
}

export interface ResolveOptions {
  keymap?: Keymap;
  /** A text field has focus: printable keys are text, never commands. */
  textInput?: boolean;
  /**
   * The commands allowed now, when not all are: a key bound to any other command does
   * nothing, and so does every key no binding claims (typed text included).
   */
  only?: ReadonlySet<CommandId>;
  /** The step of the form on top ('edit', 'confirm', …): a binding of another `step` is no command now. */
  formStep?: string;
}

/** The command a key runs in the active contexts, if any. Pure. */
export function resolve(key: string, contexts: readonly Context[], opts: ResolveOptions = {}): CommandId | undefined {
  if (opts.textInput && isPrintableKey(key)) return undefined;
  const keymap = opts.keymap ?? DEFAULT_KEYMAP;
  for (const c of effectiveContexts(contexts)) {
    const id = keymap.lookup(c, key);
    if (!id) continue;
    // A command of another form step: the key is the focused field's (a letter on a choice).
    const step = keymap.binding(id)?.step;
    if (step !== undefined && step !== opts.formStep) continue;
    // The key means this command here; if it is not allowed now, it means nothing.
    return !opts.only || opts.only.has(id) ? id : undefined;
  }
  return undefined;
}

export type InputAction =
  | { kind: 'command'; id: CommandId; key: string }
  /** Characters for the focused text field (typed or pasted). */
  | { kind: 'text'; text: string }
  /** A key no binding claims; field editors use these (backspace, left, right, home). */
  | { kind: 'key'; key: string };

/**
 * The one input handler: ink's (input, key) -> actions in typed order. Multi-character
 * input is split so "jj" moves twice; in a text field it arrives as one paste.
 */
export function dispatchInput(
  input: string,
  key: KeyFlags,
  contexts: readonly Context[],
  opts: ResolveOptions = {},
): InputAction[] {
  const parsed = normalizeInput(input, key, { textInput: opts.textInput });
  const actions: InputAction[] = [];
  if (parsed.paste !== undefined && !opts.only) actions.push({ kind: 'text', text: parsed.paste });
  for (const k of parsed.keys) {
    const id = resolve(k, contexts, opts);
    if (id) actions.push({ kind: 'command', id, key: k });
    else if (opts.only) continue;
    else if (opts.textInput && isPrintableKey(k)) actions.push({ kind: 'text', text: k === 'space' ? ' ' : k });
    else actions.push({ kind: 'key', key: k });
  }
  return actions;
}
