import type { CommandSpec } from './commandSpec.js';
import { ACCOUNT_COMMANDS } from './accountCommands.js';
import { ALERT_COMMANDS } from './alertCommands.js';
import { ALGO_COMMANDS } from './algoCommands.js';
import { profilesCommand } from './profilesCommand.js';
import { READ_COMMANDS } from './readCommands.js';
import { HISTORY_COMMANDS } from './historyCommands.js';
import { recordCommand } from './recordCommand.js';
import { replayCommand } from './replayCommand.js';
import { WRITE_COMMANDS } from './writeCommands.js';

/** Every command of the headless face, in the order help lists them. */
export const COMMANDS: readonly CommandSpec[] = [...READ_COMMANDS, ...HISTORY_COMMANDS, recordCommand, replayCommand, profilesCommand, ...WRITE_COMMANDS, ...ALGO_COMMANDS, ...ALERT_COMMANDS, ...ACCOUNT_COMMANDS];

export const commandName = (c: Pick<CommandSpec, 'path'>) => c.path.join(' ');

/** The command named by the first words of argv: the longest path that matches. */
export function findCommand(argv: readonly string[], list: readonly CommandSpec[] = COMMANDS): CommandSpec | undefined {
  let best: CommandSpec | undefined;
  for (const c of list) {
    if (c.path.length > argv.length) continue;
    if (c.path.every((w, i) => argv[i] === w) && (!best || c.path.length > best.path.length)) best = c;
  }
  return best;
}
