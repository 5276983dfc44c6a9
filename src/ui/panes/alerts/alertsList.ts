import type { Column } from '../../components/Table.js';
import { formatClock } from '../../format/time.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import { listPaneDef, someCountInfo } from '../listPaneDef.js';
import { alertPaneRows, type AlertPaneRow } from './alertRows.js';

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['rearm', 'fired', 'state', 'id', 'rule'] as const;

const firedText = (r: AlertPaneRow) => (r.lastFired === undefined ? '' : `${formatClock(r.lastFired)}${r.fired > 1 ? ` ×${r.fired}` : ''}`);

export function alertColumns(rows: readonly AlertPaneRow[]): Column<AlertPaneRow>[] {
  return dropOrder(
    [
      { key: 'id', title: 'Id', width: widthFor('Id', rows.map((r) => r.id), 2, 10), cell: (r) => ({ text: r.id, bold: true }) },
      { key: 'state', title: 'State', width: 6, cell: (r) => ({ text: r.state, token: r.stateTone }) },
      { key: 'rule', title: 'Rule', width: widthFor('Rule', rows.map((r) => r.text), 12, 48), cell: (r) => r.text },
      { key: 'rearm', title: 'Re-arm', width: 6, cell: (r) => ({ text: r.from === 'config' ? 'config' : r.rearm, token: 'muted' }) },
      { key: 'fired', title: 'Fired', width: widthFor('Fired', rows.map(firedText), 5, 14), cell: (r) => ({ text: firedText(r), token: 'warning' }) },
      filler(),
    ],
    DROP_FIRST,
  );
}

/**
 * The account's alert rules (docs/alerts.md): the desk's runner's, redrawn when its rules
 * change (this screen, another or `perpdesk alert` from a terminal) or one fires.
 */
export const ALERTS_LIST = listPaneDef<AlertPaneRow>({
  id: 'alerts',
  title: () => 'Alerts',
  rows: ({ screen }) => (screen.alerts ? alertPaneRows(screen.alerts.runner.rules, screen.alerts.runner.recent()) : []),
  words: (r) => [r.id, r.state, r.text, r.rearm, r.from],
  columns: (rows) => alertColumns(rows),
  info: someCountInfo,
  empty: ({ screen }) => (screen.alerts ? 'no alert rules: a adds one; ! on the book, chart, a position or an order sets one there' : 'no account to keep alert rules for here'),
  head: ({ view }, _listed, inner) => (view.alertsMuted && inner.height > 1 ? [{ text: 'muted on this screen: no notification or bell (alerts.mute)', token: 'warning' }] : []),
  watch: (screen) => screen.alerts?.runner.changes,
});
