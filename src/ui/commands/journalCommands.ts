import { homedir } from 'node:os';
import { ExportLimitError, exportJournal, type ExportedKind } from '../../session/journalExport.js';
import { selectedJournalEntry } from '../panes/selection.js';
import { journalDetails } from '../overlays/journalDetails.js';
import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

/** The journal: one entry whole, and the journal with the session's fills and orders written out. */

const NOUNS: Record<ExportedKind['kind'], readonly [string, string]> = {
  journal: ['journal entry', 'journal entries'],
  fills: ['fill', 'fills'],
  orders: ['order update', 'order updates'],
};

export const JOURNAL_COMMANDS = {
  'journal.details': ({ app, layout }) => {
    const entry = selectedJournalEntry(app.store.getState(), app.view.getState());
    if (!entry) {
      view.notify(app.view, 'the journal is empty: signed actions appear here', 'info');
      return;
    }
    // The message box is the screen less its margins and border: lines wider than that would be cut.
    const body = journalDetails(entry, layout.cols - 6);
    view.openOverlay(app.view, { kind: 'message', title: `Journal #${entry.seq}: ${entry.action}`, body });
  },
  'journal.export': ({ app, now }) => {
    if (!app.stateDir) {
      view.notify(app.view, 'nothing exported: this dashboard has no state directory to write to', 'warning');
      return;
    }
    let out;
    try {
      out = exportJournal(app.stateDir, app.store.getState(), now());
    } catch (e) {
      if (!(e instanceof ExportLimitError)) throw e;
      view.notify(app.view, e.message, 'warning');
      return;
    }
    const home = homedir();
    const dir = home && out.dir.startsWith(`${home}/`) ? `~${out.dir.slice(home.length)}` : out.dir;
    const counted = (kind: ExportedKind['kind'], n: number) => `${n} ${NOUNS[kind][n === 1 ? 0 : 1]}`;
    const what = out.files.map((f) => counted(f.kind, f.rows)).join(', ');
    const names = `{${out.files.map((f) => f.kind).join(',')}}-${out.stamp}.{csv,json}`;
    const tone = out.journalNote ? 'warning' : 'success';
    // A notice, not a dialog: the keys go on working. Words the bar cuts take the hint line
    // for a while, and `:` notices keeps the text whole.
    view.notify(app.view, `exported ${dir}/${names}: ${what}${out.journalNote ? `; ${out.journalNote}` : ''}`, tone);
  },
} satisfies CommandTable;
