import { selectActiveContractNames } from '../../state/selectors.js';
import { type Context, isPane, rowMenuItems, usableBindings } from '../../keymap/index.js';
import { pageHistory } from '../panes/history/historyPaging.js';
import { moveBookCursorIn, paneRowCount } from '../panes/selection.js';
import { helpGeometry } from '../overlays/HelpOverlay.js';
import { paletteGeometry } from '../overlays/PaletteOverlay.js';
import { helpLines, paletteItems, pickerItems, profileItems } from '../overlays/overlayLists.js';
import { filterQueryOf, selectTopOverlay, view } from '../view/viewStore.js';
import type { CommandContext, CommandTable } from './types.js';

/**
 * j/k, arrows, page and end keys. They move whatever list has the keyboard: the top
 * overlay's (help scrolls, palette and picker move their highlight), else the focused
 * pane's selection, else the book's price cursor.
 */

const PAGE = 10;

type Move = { kind: 'by'; delta: number } | { kind: 'page'; dir: 1 | -1 } | { kind: 'end'; dir: 1 | -1 };

function overlayList(ctx: CommandContext): { count: number; page: number } | undefined {
  const { app, layout } = ctx;
  const s = app.view.getState();
  const top = selectTopOverlay(s);
  if (!top) return undefined;
  const readOnly = app.mode.readOnly;
  switch (top.kind) {
    case 'help': {
      const usable = usableBindings(ctx.bindings, readOnly);
      // The box keeps the height of the whole list; a search scrolls over what it shows.
      const g = helpGeometry(layout.cols, layout.height, helpLines(usable, readOnly).length, helpLines(usable, readOnly, filterQueryOf(s, 'help')).length);
      // The help cursor is a scroll offset: one past maxOffset would scroll nothing.
      return { count: g.maxOffset + 1, page: Math.max(1, g.rows - 1) };
    }
    case 'palette':
      return { count: paletteItems(s.overlayQuery, usableBindings(ctx.bindings, readOnly)).length, page: paletteGeometry(layout.cols, layout.height).rows };
    case 'rowMenu':
      return { count: rowMenuItems(ctx.bindings, top.pane, readOnly).length, page: PAGE };
    case 'picker':
      if (top.list === 'profiles') return { count: profileItems(s.overlayQuery, app.profiles?.lines ?? []).length, page: PAGE };
      return { count: pickerItems(s.overlayQuery, selectActiveContractNames(app.store.getState())).length, page: PAGE };
    default:
      return { count: 0, page: 1 };
  }
}

function stepOf(move: Move, page: number, count: number): number {
  if (move.kind === 'by') return move.delta;
  if (move.kind === 'page') return move.dir * page;
  return move.dir * Math.max(1, count);
}

function moveList(move: Move) {
  return (ctx: CommandContext) => {
    const { app } = ctx;
    const overlay = overlayList(ctx);
    if (overlay) {
      view.moveOverlayCursor(app.view, stepOf(move, overlay.page, overlay.count), overlay.count);
      return;
    }
    const v = app.view.getState();
    const a = app.store.getState();
    const pane = v.focus;
    if (!isPane(pane as Context)) return;
    // The algos are the algo board's and the accounts the watch's, not the store's: the screen has them.
    const count = paneRowCount(pane, a, v, app);
    if (pane === 'book') {
      const next = moveBookCursorIn(a, v, stepOf(move, PAGE, count));
      view.setBookCursor(app.view, next);
      return;
    }
    // Past either end of the History pane's window: the window further back or forward.
    const paged = pane === 'history' ? pageHistory(a, v, app, stepOf(move, PAGE, count)) : undefined;
    if (paged !== undefined) {
      view.setSelection(app.view, pane, paged);
      return;
    }
    view.moveSelection(app.view, pane, stepOf(move, PAGE, count), count);
  };
}

export const LIST_COMMANDS = {
  'list.up': moveList({ kind: 'by', delta: -1 }),
  'list.down': moveList({ kind: 'by', delta: 1 }),
  'list.pageUp': moveList({ kind: 'page', dir: -1 }),
  'list.pageDown': moveList({ kind: 'page', dir: 1 }),
  'list.top': moveList({ kind: 'end', dir: -1 }),
  'list.bottom': moveList({ kind: 'end', dir: 1 }),
} satisfies CommandTable;
