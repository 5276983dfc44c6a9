import { view, type HistoryPane } from '../view/viewStore.js';
import type { CommandContext, CommandTable } from './types.js';

/** The trading-memory panes' keys (History, Funding, PnL): the period each shows, the History pane's order. Nothing leaves the process. */

const nextPeriod = (pane: HistoryPane) => (ctx: CommandContext) => {
  view.cycleHistoryPeriod(ctx.app.view, pane);
};

export const HISTORY_COMMANDS = {
  'history.period': nextPeriod('history'),
  'history.sort': (ctx) => {
    view.cycleHistorySort(ctx.app.view);
  },
  'funding.period': nextPeriod('funding'),
  'pnl.period': nextPeriod('pnl'),
} satisfies CommandTable;
