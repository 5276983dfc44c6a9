import { type CommandId, isWriteCommand, READ_ONLY_REFUSAL } from '../../keymap/index.js';
import { view } from '../view/viewStore.js';
import { ALGO_COMMANDS } from './algoCommands.js';
import { COPY_COMMANDS } from './copyCommands.js';
import { FILTER_COMMANDS } from './filterCommands.js';
import { HEATMAP_COMMANDS } from './heatmapCommands.js';
import { HISTORY_COMMANDS } from './historyCommands.js';
import { JOURNAL_COMMANDS } from './journalCommands.js';
import { NOTICE_COMMANDS } from './noticeCommands.js';
import { ALERT_COMMANDS } from './alertCommands.js';
import { LIST_COMMANDS } from './listCommands.js';
import { OVERLAY_COMMANDS } from './overlayCommands.js';
import { TRADING_COMMANDS } from './tradingCommands.js';
import type { CommandContext, CommandHandler, CommandTable } from './types.js';
import { VIEW_COMMANDS } from './viewCommands.js';
import { REPLAY_COMMANDS } from './replayCommands.js';
import { ROW_MENU_COMMANDS } from './rowMenuCommands.js';
import { RECORD_COMMANDS } from './recordCommands.js';

/**
 * One handler per command id: trading keys and form keys (tradingCommands.ts, which opens
 * the forms of src/ui/forms), overlays, view, list and journal commands. Typed against every id of
 * the bindings, so a binding without a handler does not compile, and each part is checked
 * against the ids, so neither does a handler without a binding.
 */
export const COMMANDS = {
  ...TRADING_COMMANDS,
  ...OVERLAY_COMMANDS,
  ...VIEW_COMMANDS,
  ...LIST_COMMANDS,
  ...JOURNAL_COMMANDS,
  ...NOTICE_COMMANDS,
  ...ALERT_COMMANDS,
  ...FILTER_COMMANDS,
  ...COPY_COMMANDS,
  ...ALGO_COMMANDS,
  ...HISTORY_COMMANDS,
  ...HEATMAP_COMMANDS,
  ...REPLAY_COMMANDS,
  ...ROW_MENU_COMMANDS,
  ...RECORD_COMMANDS,
} satisfies Record<CommandId, CommandHandler>;

/**
 * Runs a command: refused with a notice in monitor mode when it would sign, and a failing
 * handler becomes a notice too, never a crash of the whole screen.
 */
export function runCommand(id: CommandId, ctx: CommandContext, table: CommandTable = COMMANDS): void {
  if (ctx.app.mode.readOnly && isWriteCommand(id)) {
    view.notify(ctx.app.view, ctx.app.mode.readOnlyWhy ?? READ_ONLY_REFUSAL, 'warning');
    return;
  }
  const handler = table[id];
  if (!handler) {
    view.notify(ctx.app.view, `${id}: nothing to do here`, 'info');
    return;
  }
  try {
    handler(ctx);
  } catch (e) {
    view.notify(ctx.app.view, `${id} failed: ${e instanceof Error ? e.message : String(e)}`, 'error');
  }
}
