import type { AppContextValue } from '../context/AppContext.js';
import { algoBlocked, openForm } from '../forms/formActions.js';
import type { AlgoPaneRow } from '../panes/algos/algoPaneRows.js';
import { ALGOS_LIST } from '../panes/algos/algosList.js';
import { clampSelection, listRowsOf } from '../panes/selection.js';
import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

/**
 * The Algos pane's keys. Pause acts at once (it sends nothing); resume and cancel show what
 * they will do first, through the algo forms, because both send orders or cancels.
 */

/** The rows of the Algos pane, as it lists them (narrowed by its `/` filter). */
function algoRowsOf(app: AppContextValue): readonly AlgoPaneRow[] {
  return listRowsOf(ALGOS_LIST, app.store.getState(), app.view.getState(), app);
}

export function selectedAlgo(app: AppContextValue): AlgoPaneRow | undefined {
  const rows = algoRowsOf(app);
  const i = clampSelection(app.view.getState().selection.algos, rows.length);
  return i === undefined ? undefined : rows[i];
}

function what(r: AlgoPaneRow): string {
  return `${r.kind} ${r.side.toLowerCase()} ${r.progress} ${r.contract}, ${r.state}${r.reason ? `: ${r.reason}` : ''}`;
}

/** The selected algo and the runner to act on it, or a notice saying why not. */
function target(app: AppContextValue): AlgoPaneRow | undefined {
  const blocked = algoBlocked(app);
  if (blocked !== undefined) {
    view.notify(app.view, blocked, 'warning');
    return undefined;
  }
  const row = selectedAlgo(app);
  if (!row) view.notify(app.view, 'no algo selected', 'info');
  return row;
}

export const ALGO_COMMANDS = {
  'algos.pauseResume': ({ app }) => {
    const row = target(app);
    const runner = app.algos?.runner;
    if (!row || !runner) return;
    const s = row.algo;
    if (s.status === 'paused') {
      openForm(app, 'algoResume', { params: { id: s.plan.id, what: what(row) }, submit: true });
      return;
    }
    if (s.status !== 'running') {
      view.notify(app.view, `${s.plan.id} is ${s.status}: nothing to pause or resume`, 'info');
      return;
    }
    void runner.pause(s.plan.id).then((a) => view.notify(app.view, a.ok ? `${s.plan.id} paused` : `not paused: ${a.error}`, a.ok ? 'success' : 'warning'));
  },
  'algos.cancel': ({ app }) => {
    const row = target(app);
    if (row) openForm(app, 'algoCancel', { params: { id: row.algo.plan.id, what: what(row) }, submit: true });
  },
} satisfies CommandTable;
