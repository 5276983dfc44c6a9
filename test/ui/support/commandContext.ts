import { DEFAULT_BINDINGS } from '../../../src/keymap/index.js';
import { computeLayout } from '../../../src/ui/app/layout.js';
import { runCommand } from '../../../src/ui/commands/registry.js';
import type { CommandContext } from '../../../src/ui/commands/types.js';
import type { AppContextValue } from '../../../src/ui/context/AppContext.js';

/**
 * The context the dashboard gives a command handler, for tests that run commands without a
 * screen: the default keymap, a layout of the given size, and `run` through the same checks.
 */
export function commandContext(app: AppContextValue, o: Partial<Omit<CommandContext, 'app' | 'layout' | 'run'>> & { cols?: number; rows?: number } = {}): CommandContext {
  const { cols = 120, rows = 40, ...rest } = o;
  const ctx: CommandContext = {
    app,
    layout: computeLayout(cols, rows),
    bindings: DEFAULT_BINDINGS,
    themeNames: ['dark'],
    quit: () => {},
    now: Date.now,
    ...rest,
    run: (id) => runCommand(id, ctx),
  };
  return ctx;
}
