import { rowCopyValue, type RowCopy } from '../clipboard/rowCopyValue.js';
import type { AppContextValue } from '../context/AppContext.js';
import { selectedFundingRow, selectedHistoryRow } from '../panes/selection.js';
import { selectedAlgo } from './algoCommands.js';
import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

/**
 * Copying what identifies the selected row (src/ui/clipboard/rowCopyValue.ts says what each
 * pane gives) to the terminal's clipboard; the status bar names what went there.
 */
/** The Algos pane's rows are the algo board's: its id is what names an algo to `perpdesk algo`. */
function selectedAlgoId(app: AppContextValue): RowCopy {
  const row = selectedAlgo(app);
  return row ? { ok: true, what: 'algo id', value: row.key } : { ok: false, reason: 'nothing to copy: no algo selected' };
}

/** The History and Funding panes' rows are the screen's history reader's: an order's oid, a contract's name. */
function historyCopy(app: AppContextValue): RowCopy {
  const s = app.view.getState();
  if (s.focus === 'funding') {
    const f = selectedFundingRow(app.store.getState(), s, app);
    return f ? { ok: true, what: 'contract', value: f.contract } : { ok: false, reason: 'nothing to copy: no funding row selected' };
  }
  const row = selectedHistoryRow(app.store.getState(), s, app);
  if (!row) return { ok: false, reason: 'nothing to copy: no history row selected' };
  if (row.kind === 'gap') return { ok: false, reason: `nothing to copy: ${row.note}` };
  return { ok: true, what: 'oid', value: row.ids[0]! };
}

/** What names the focused pane's selected row: what `y` copies, and what a row's menu is titled by. */
export function selectedRowName(app: AppContextValue): RowCopy {
  const s = app.view.getState();
  return s.focus === 'algos' ? selectedAlgoId(app) : s.focus === 'history' || s.focus === 'funding' ? historyCopy(app) : rowCopyValue(s.focus, app.store.getState(), s);
}

export const COPY_COMMANDS = {
  'row.copy': ({ app }) => {
    const target = selectedRowName(app);
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
