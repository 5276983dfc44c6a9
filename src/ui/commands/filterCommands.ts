import { CONTEXT_TITLES, keyLabel } from '../../keymap/index.js';
import { isFilterPane } from '../panes/selection.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import { seekTyped } from './replayCommands.js';
import type { CommandContext, CommandTable } from './types.js';

/**
 * `/` in a list: a line under the pane's title narrows its rows as it is typed; Enter keeps
 * the filter, Esc drops it. In help, the same key searches the keys. The contract picker
 * has its own `p` (it filters the contracts as you type).
 */

function filterTarget(ctx: CommandContext) {
  const s = ctx.app.view.getState();
  const top = selectTopOverlay(s);
  if (top) return top.kind === 'help' ? ('help' as const) : undefined;
  return s.focus;
}

function openFilter(ctx: CommandContext): void {
  const { app } = ctx;
  const target = filterTarget(ctx);
  if (target === undefined) return;
  if (target === 'help' || isFilterPane(target)) {
    view.openFilter(app.view, target);
    return;
  }
  // The book and the chart draw prices rather than list rows: say where `/` works and where the contracts are.
  const pick = ctx.bindings.find((b) => b.id === 'contract.pick')?.keys[0];
  const where = target === 'header' || target === 'status' ? 'this pane' : `the ${CONTEXT_TITLES[target].toLowerCase()}`;
  view.notify(app.view, `${where} has no rows to filter (/ filters lists)${pick ? ` · ${keyLabel(pick)} picks a contract` : ''}`, 'info');
}

function endFilter(ctx: CommandContext, keep: boolean): void {
  const { app } = ctx;
  const s = app.view.getState();
  const top = selectTopOverlay(s);
  // The replay's seek line is typed like a filter: Enter goes to the time, Esc stays.
  if (top?.kind === 'seek') return keep ? seekTyped(ctx) : view.closeOverlay(app.view);
  if (top?.kind !== 'filter') return;
  view.endFilter(app.view, top.pane, keep ? s.overlayQuery : '');
}

export const FILTER_COMMANDS = {
  'list.filter': openFilter,
  'filter.apply': (ctx) => endFilter(ctx, true),
  'filter.clear': (ctx) => endFilter(ctx, false),
} satisfies CommandTable;
