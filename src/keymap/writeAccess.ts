import { DEFAULT_BINDINGS, type Binding, type CommandId } from './bindings.js';

/**
 * Whether a command signs and sends, as its binding says. Every face asks here: monitor mode
 * hides these commands from help, the palette and the key hints, and refuses their keys.
 */
const WRITES: ReadonlySet<CommandId> = new Set(DEFAULT_BINDINGS.filter((b) => b.writes).map((b) => b.id));

export function isWriteCommand(id: CommandId): boolean {
  return WRITES.has(id);
}

/** The bindings a mode can use: everything when trading, no write command in monitor mode. */
export function usableBindings(bindings: readonly Binding[], readOnly: boolean): readonly Binding[] {
  return readOnly ? bindings.filter((b) => !b.writes) : bindings;
}

export const READ_ONLY_REFUSAL = 'monitor mode (--read-only): no key is loaded, so nothing is signed, sent or exported';
