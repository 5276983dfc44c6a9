import { rowCopyValue } from '../clipboard/rowCopyValue.js';
import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

/**
 * Copying what identifies the selected row (src/ui/clipboard/rowCopyValue.ts says what each
 * pane gives) to the terminal's clipboard; the status bar names what went there.
 */
export const COPY_COMMANDS = {
  'row.copy': ({ app }) => {
    const s = app.view.getState();
    const target = rowCopyValue(s.focus, app.store.getState(), s);
    if (!target.ok) {
      view.notify(app.view, target.reason, 'info');
      return;
    }
    if (!app.clipboard) {
      view.notify(app.view, 'not copied: no terminal clipboard here', 'warning');
      return;
    }
    try {
      app.clipboard(target.value);
    } catch (e) {
      view.notify(app.view, `not copied: ${e instanceof Error ? e.message : String(e)}`, 'warning');
      return;
    }
    view.notify(app.view, `copied ${target.what} ${target.value}`, 'success');
  },
} satisfies CommandTable;
