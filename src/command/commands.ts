import { COMMAND_INDEX } from './commandIndex.js';
import type { CommandInfo, CommandSpec } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';

/**
 * The modules that hold the command records, in the order help lists them, each imported
 * only when one of its commands runs: `perpdesk history fills` never loads the exchange's
 * client, the embedded exchange or the algos. Help, completion and argument parsing read
 * COMMANDS (the generated index) instead.
 */
export const COMMAND_MODULES = {
  read: async () => (await import('./readCommands.js')).READ_COMMANDS,
  history: async () => (await import('./historyCommands.js')).HISTORY_COMMANDS,
  record: async () => [(await import('./recordCommand.js')).recordCommand],
  replay: async () => [(await import('./replayCommand.js')).replayCommand],
  profiles: async () => [(await import('./profilesCommand.js')).profilesCommand],
  write: async () => (await import('./writeCommands.js')).WRITE_COMMANDS,
  algo: async () => (await import('./algoCommands.js')).ALGO_COMMANDS,
  alert: async () => (await import('./alertCommands.js')).ALERT_COMMANDS,
  account: async () => (await import('./accountCommands.js')).ACCOUNT_COMMANDS,
} satisfies Record<string, () => Promise<readonly CommandSpec[]>>;

export type CommandModule = keyof typeof COMMAND_MODULES;

/** Every command of the headless face, in the order help lists them: words, flags and help, without the code. */
export const COMMANDS: readonly CommandInfo[] = COMMAND_INDEX;

export const commandName = (c: Pick<CommandSpec, 'path'>) => c.path.join(' ');

/** The command named by the first words of argv: the longest path that matches. */
export function findCommand(argv: readonly string[], list: readonly CommandInfo[] = COMMANDS): CommandInfo | undefined {
  let best: CommandInfo | undefined;
  for (const c of list) {
    if (c.path.length > argv.length) continue;
    if (c.path.every((w, i) => argv[i] === w) && (!best || c.path.length > best.path.length)) best = c;
  }
  return best;
}

/** The record of an indexed command, its module imported now. */
export async function loadCommand(info: CommandInfo): Promise<CommandSpec> {
  const load = COMMAND_MODULES[info.module as CommandModule] as (() => Promise<readonly CommandSpec[]>) | undefined;
  const name = commandName(info);
  const spec = (await load?.())?.find((c) => commandName(c) === name);
  if (!spec) throw new CommandError(EXIT.internal, `internal error: ${name} is not in its module (${info.module}); run npm run commands:index`);
  return spec;
}
