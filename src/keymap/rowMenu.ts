import type { Binding, CommandId } from './bindings.js';
import { activeContexts, type PaneContext } from './contexts.js';
import { resolve, type Keymap } from './dispatcher.js';
import { keysLabel } from './help.js';
import { usableBindings } from './writeAccess.js';

/**
 * A row's menu (`row.menu`, lazygit's menus), built from the keymap: the commands that act on
 * the selected row of a pane (bindings with `row`), each with its keys. A new row command shows
 * in its pane's menu by its binding alone. Choosing one runs that command, exactly as its key.
 */

export interface RowMenuItem {
  id: CommandId;
  /** Its keys as help shows them ("x / d"); empty when only the menu and `:` reach it. */
  keys: string;
  description: string;
}

/**
 * The commands a pane's row menu can run, in the order it lists them: the pane's own, then the
 * global commands that take its row, then the list ones every row has (copy).
 */
export function rowCommands(bindings: readonly Binding[], pane: PaneContext): Binding[] {
  const live = new Set(activeContexts({ focused: pane }));
  const own = bindings.filter((b) => b.row === true && b.context === pane);
  const taking = bindings.filter((b) => b.row === pane);
  const list = live.has('list') ? bindings.filter((b) => b.row === true && b.context === 'list') : [];
  return [...own, ...taking, ...list];
}

/** What the menu shows: in monitor mode the commands that sign are not listed (nor run: runCommand refuses them). */
export function rowMenuItems(bindings: readonly Binding[], pane: PaneContext, readOnly: boolean): RowMenuItem[] {
  return rowCommands(usableBindings(bindings, readOnly), pane).map((b) => ({ id: b.id, keys: keysLabel(b.keys), description: b.description }));
}

/**
 * The row command a key runs while the pane's menu is open: the command the key means on the
 * pane itself (same contexts, same precedence: a replay's time keys stay the replay's), when
 * that is one of the menu's. Listed or not: a signing key in monitor mode is still that
 * command, and is refused as the pane would refuse it.
 */
export function rowMenuCommand(key: string, keymap: Keymap, pane: PaneContext, replay = false): CommandId | undefined {
  const id = resolve(key, activeContexts({ focused: pane, replay }), { keymap });
  return id !== undefined && isRowCommand(keymap.bindings, pane, id) ? id : undefined;
}

export function isRowCommand(bindings: readonly Binding[], pane: PaneContext, id: CommandId): boolean {
  return rowCommands(bindings, pane).some((b) => b.id === id);
}
