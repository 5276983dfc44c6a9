import { addRule, changeRule } from '../../alerts/alertFile.js';
import { parseRule, ruleText } from '../../alerts/rules.js';
import { ruleWords } from '../../alerts/ruleWords.js';
import { alertAtCursor, alertForOrder, alertForPosition, alertOnChart, type RowAlert } from '../../forms/index.js';
import { loadedConfigFile } from '../../startup/config.js';
import type { AppContextValue } from '../context/AppContext.js';
import { alertHome } from '../forms/alertForms.js';
import { formContextOf } from '../forms/formContext.js';
import { openForm } from '../forms/formActions.js';
import { formatClock } from '../format/time.js';
import type { AlertPaneRow } from '../panes/alerts/alertRows.js';
import { ALERTS_LIST } from '../panes/alerts/alertsList.js';
import { clampSelection, listRowsOf, selectedOrder, selectedPosition } from '../panes/selection.js';
import { view } from '../view/viewStore.js';
import type { CommandHandler, CommandTable } from './types.js';

/** The Alerts pane's selected rule, as it lists it (narrowed by its `/` filter). */
function selectedAlert(app: AppContextValue): AlertPaneRow | undefined {
  const rows = listRowsOf(ALERTS_LIST, app.store.getState(), app.view.getState(), app);
  const i = clampSelection(app.view.getState().selection.alerts, rows.length);
  return i === undefined ? undefined : rows[i];
}

/** The selected rule of the alert file, or a notice saying why there is none to change. */
function fileRule(app: AppContextValue): AlertPaneRow | undefined {
  const row = selectedAlert(app);
  if (!row) {
    view.notify(app.view, 'no alert rule selected', 'info');
    return undefined;
  }
  if (row.from === 'config') {
    view.notify(app.view, `${row.id} is a rule of the config file (${loadedConfigFile() ?? 'alerts.rules'}): change it there`, 'info');
    return undefined;
  }
  return row;
}

/** Opens the alert form on a rule line chosen from where the key was pressed. */
const openRuleForm =
  (pick: (app: AppContextValue) => RowAlert): CommandHandler =>
  ({ app }) => {
    const home = alertHome(app);
    if (typeof home === 'string') return view.notify(app.view, home, 'info');
    const at = pick(app);
    if (!at.ok) return view.notify(app.view, at.error, 'warning');
    openForm(app, 'alertRule', { params: { rule: at.rule }, note: at.note });
  };

const onOrder = (app: AppContextValue): RowAlert => {
  const o = selectedOrder(app.store.getState(), app.view.getState());
  return o ? alertForOrder(formContextOf(app).ctx, o) : { ok: false, error: 'no order selected' };
};

const onPosition = (app: AppContextValue): RowAlert => {
  const p = selectedPosition(app.store.getState(), app.view.getState());
  return p ? alertForPosition(formContextOf(app).ctx, p) : { ok: false, error: 'no position selected' };
};

const newRule = (app: AppContextValue): RowAlert => {
  // At the mark when there is one, else an empty line to type.
  const chart = alertOnChart(formContextOf(app).ctx);
  return { ok: true, rule: chart.ok ? chart.rule : '', note: 'a rule in the words perpdesk alert add takes' };
};

/**
 * The account's alert rules on a screen (docs/alerts.md): `alerts.list` shows the rules in
 * force and the alerts fired while this process ran; `alerts.mute` silences this screen's
 * terminal notification and bell (each SSH viewer mutes its own), the status bar still says
 * each alert.
 */
export const ALERT_COMMANDS = {
  'alerts.list': ({ app }) => {
    const runner = app.alerts?.runner;
    if (!runner) {
      view.notify(app.view, 'alerts: no account to keep rules for here', 'info');
      return;
    }
    const rules = runner.rules.map((r) => `${r.id.padEnd(10)} ${r.done ? 'done   ' : r.paused ? 'paused ' : 'armed  '} ${ruleText(r)}`);
    const fired = [...runner.recent()].reverse().map((a) => `${formatClock(a.time)} ${a.rule.padEnd(10)} ${a.message}`);
    const muted = app.view.getState().alertsMuted ? ' (muted on this screen)' : '';
    const body = [
      rules.length ? `Rules${muted}:` : 'No rules yet: perpdesk alert add KIND ... (perpdesk alert --help), or alerts.rules in the config file.',
      ...rules,
      '',
      fired.length ? 'Fired while perpdesk ran (newest first):' : 'None fired yet while perpdesk ran.',
      ...fired,
    ];
    view.openOverlay(app.view, { kind: 'message', title: `Alerts (${rules.length} rule${rules.length === 1 ? '' : 's'})`, body: body.join('\n') });
  },
  'alerts.atCursor': ({ app }) => {
    const home = alertHome(app);
    if (typeof home === 'string') return view.notify(app.view, home, 'info');
    const at = alertAtCursor(formContextOf(app).ctx, app.view.getState().bookCursorRaw);
    if (!at.ok) {
      view.notify(app.view, at.error, 'warning');
      return;
    }
    try {
      const stored = addRule(home.stateDir, home.account, parseRule({ kind: 'price', contract: at.contract, source: 'mark', direction: at.direction, level: at.level }));
      home.reload();
      view.notify(app.view, `alert ${stored.id} set: ${ruleText(stored)} (the Alerts pane lists it: e edits, x removes)`, 'success');
    } catch (e) {
      view.notify(app.view, `alert not set: ${e instanceof Error ? e.message : String(e)}`, 'error');
    }
  },
  'alerts.add': openRuleForm(newRule),
  'alerts.new': openRuleForm(newRule),
  'alerts.onOrder': openRuleForm(onOrder),
  'alerts.onPosition': openRuleForm(onPosition),
  'alerts.onChart': openRuleForm((app) => alertOnChart(formContextOf(app).ctx)),
  'alerts.edit': ({ app }) => {
    const row = fileRule(app);
    if (!row) return;
    const r = row.rule;
    openForm(app, 'alertRule', { params: { id: r.id, rule: ruleWords(r), once: r.rearm === 'once' ? 'yes' : 'no', name: r.name ?? '' } });
  },
  'alerts.remove': ({ app }) => {
    const row = fileRule(app);
    if (row) openForm(app, 'alertRemove', { params: { id: row.id, what: row.text } });
  },
  'alerts.pauseResume': ({ app }) => {
    const home = alertHome(app);
    if (typeof home === 'string') return view.notify(app.view, home, 'info');
    const row = fileRule(app);
    if (!row) return;
    const verb = row.state === 'armed' ? 'pause' : 'resume';
    try {
      const now = changeRule(home.stateDir, home.account, row.id, verb);
      home.reload();
      view.notify(app.view, `alert ${now.id} ${verb === 'pause' ? 'paused' : 'armed again'}: ${ruleText(now)}`, 'success');
    } catch (e) {
      view.notify(app.view, `alert ${row.id} not changed: ${e instanceof Error ? e.message : String(e)}`, 'error');
    }
  },
  'alerts.mute': ({ app }) => {
    const muted = !app.view.getState().alertsMuted;
    app.view.setState({ alertsMuted: muted });
    view.notify(app.view, muted ? 'alerts muted on this screen: no notification or bell (the status bar still says them); alerts.mute again to unmute' : 'alerts unmuted on this screen', 'info');
  },
} satisfies CommandTable;
