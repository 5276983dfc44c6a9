import { CONTEXT_TITLES, isPane, rowMenuItems, type Context } from '../../keymap/index.js';
import { highlightedRow } from '../overlays/overlayLists.js';
import { paneRowCount } from '../panes/selection.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

/**
 * A row's menu (`.`): the commands that act on the focused pane's selected row, listed from the
 * keymap (src/keymap/rowMenu.ts). Enter runs the highlighted one and a command's own key runs it
 * (useKeyboard.ts): either way through ctx.run, the same handler and checks as the key on the pane.
 */
export const ROW_MENU_COMMANDS = {
  'row.menu': (ctx) => {
    const { app } = ctx;
    const s = app.view.getState();
    // Over an overlay (help, another menu) the pane's row is not what is looked at.
    if (selectTopOverlay(s)) return;
    const pane = s.focus as Context;
    if (!isPane(pane)) return view.notify(app.view, 'this pane has no rows: focus a list (Tab) for its row menu', 'info');
    const title = CONTEXT_TITLES[pane];
    if (rowMenuItems(ctx.bindings, pane, app.mode.readOnly).length === 0) return view.notify(app.view, `${title}: nothing to do with a row here`, 'info');
    if (paneRowCount(pane, app.store.getState(), s, app) === 0) return view.notify(app.view, `${title}: no row to act on`, 'info');
    view.openListOverlay(app.view, { kind: 'rowMenu', pane });
  },
  'menu.run': (ctx) => {
    const { app } = ctx;
    const s = app.view.getState();
    const top = selectTopOverlay(s);
    if (top?.kind !== 'rowMenu') return;
    const items = rowMenuItems(ctx.bindings, top.pane, app.mode.readOnly);
    const row = highlightedRow(s.overlayCursor, items.length);
    view.closeOverlay(app.view);
    if (row !== undefined) ctx.run(items[row]!.id);
  },
  'menu.close': ({ app }) => view.closeOverlay(app.view),
} satisfies CommandTable;
