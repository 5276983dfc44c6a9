import { addRule } from '../../alerts/alertFile.js';
import { parseRule, ruleText } from '../../alerts/rules.js';
import { alertAtCursor } from '../../forms/index.js';
import { formContextOf } from '../forms/formContext.js';
import { formatClock } from '../format/time.js';
import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

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
    const desk = app.alerts;
    if (!desk || !app.stateDir || !app.session) {
      view.notify(app.view, 'alerts: no account to keep rules for here', 'info');
      return;
    }
    const at = alertAtCursor(formContextOf(app).ctx, app.view.getState().bookCursorRaw);
    if (!at.ok) {
      view.notify(app.view, at.error, 'warning');
      return;
    }
    try {
      const stored = addRule(app.stateDir, app.session.address, parseRule({ kind: 'price', contract: at.contract, source: 'mark', direction: at.direction, level: at.level }));
      desk.reload();
      view.notify(app.view, `alert ${stored.id} set: ${ruleText(stored)} (:alerts.list to see it; perpdesk alert rm ${stored.id} to remove it)`, 'success');
    } catch (e) {
      view.notify(app.view, `alert not set: ${e instanceof Error ? e.message : String(e)}`, 'error');
    }
  },
  'alerts.mute': ({ app }) => {
    const muted = !app.view.getState().alertsMuted;
    app.view.setState({ alertsMuted: muted });
    view.notify(app.view, muted ? 'alerts muted on this screen: no notification or bell (the status bar still says them); alerts.mute again to unmute' : 'alerts unmuted on this screen', 'info');
  },
} satisfies CommandTable;
