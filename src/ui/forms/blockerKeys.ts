import { DEFAULT_BINDINGS, keyLabel, type Binding, type CommandId } from '../../keymap/index.js';

/**
 * The keys that fix a blocker from the confirm step. A blocker names a command ("press E to
 * enroll"); the confirm step is an overlay, where global keys do not reach their commands,
 * so the form controller runs these few itself when their key (from the keymap in force)
 * is pressed there. A key the form claims (Enter, Esc, Tab, o, …) or the confirm answers
 * y/n never reach it, so such a binding is not offered: the line then points to the palette.
 */
export const BLOCKER_COMMANDS = ['deployer.enroll', 'collateral.move', 'contract.pick'] as const satisfies readonly CommandId[];
export type BlockerCommand = (typeof BLOCKER_COMMANDS)[number];

const CONFIRM_ANSWERS: ReadonlySet<string> = new Set(['y', 'n']);

export interface BlockerKeys {
  /** How the key that runs `command` on the confirm step reads ("E"), if one does. */
  labelOf(command: string): string | undefined;
  /** The blocker command a key pressed on the confirm step runs, if any. */
  commandOf(key: string): BlockerCommand | undefined;
  /** How the first key of any command reads in the keymap in force ("Ctrl+P"): what the form's notes name. */
  keyOf(command: CommandId): string | undefined;
}

export function isBlockerCommand(id: string): id is BlockerCommand {
  return (BLOCKER_COMMANDS as readonly string[]).includes(id);
}

export function blockerKeys(bindings: readonly Binding[] = DEFAULT_BINDINGS): BlockerKeys {
  const claimed = new Set(bindings.filter((b) => b.context === 'form' || b.context === 'always').flatMap((b) => b.keys));
  const keyOf = new Map<BlockerCommand, string>();
  const commandOf = new Map<string, BlockerCommand>();
  for (const b of bindings) {
    if (b.context !== 'global' || !isBlockerCommand(b.id)) continue;
    for (const k of b.keys) {
      if (claimed.has(k) || CONFIRM_ANSWERS.has(k) || commandOf.has(k)) continue;
      if (!keyOf.has(b.id)) keyOf.set(b.id, k);
      commandOf.set(k, b.id);
    }
  }
  return {
    labelOf: (command) => {
      const k = isBlockerCommand(command) ? keyOf.get(command) : undefined;
      return k === undefined ? undefined : keyLabel(k);
    },
    commandOf: (key) => commandOf.get(key),
    keyOf: (command) => {
      const k = bindings.find((b) => b.id === command)?.keys[0];
      return k === undefined ? undefined : keyLabel(k);
    },
  };
}

export const DEFAULT_BLOCKER_KEYS = blockerKeys();
