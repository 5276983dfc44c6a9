import type { Binding, CommandId } from '../../keymap/index.js';
import type { AppContextValue } from '../context/AppContext.js';
import type { Layout } from '../app/layout.js';

/**
 * What a command handler may touch: the stores, the live session, the layout on screen
 * (focus moves depend on it), the keymap in force, and the way out.
 */
export interface CommandContext {
  app: AppContextValue;
  layout: Layout;
  /** The bindings in force (defaults plus the user's overrides). */
  bindings: readonly Binding[];
  /** Theme names T cycles through. */
  themeNames: readonly string[];
  /** Ends the dashboard now (the caller restores the terminal). */
  quit(): void;
  /** Runs another command through the same checks (the palette uses it). */
  run(id: CommandId): void;
  now(): number;
}

export type CommandHandler = (ctx: CommandContext) => void;

export type CommandTable = Partial<Record<CommandId, CommandHandler>>;
