import { addRule, alertFilePath, changeRule } from '../../alerts/alertFile.js';
import { RuleError, ruleText, type StoredRule } from '../../alerts/rules.js';
import { ruleFromLine } from '../../alerts/ruleWords.js';
import { textField, toggleField, type Texts } from '../../forms/index.js';
import type { AppContextValue } from '../context/AppContext.js';
import type { LocalForm } from './agentKeyForm.js';

/**
 * The alert forms (docs/alerts.md): a rule typed in the words `perpdesk alert add` takes
 * (one parser for both, src/alerts/ruleWords.ts), saved to the account's alert file; and the
 * removal of one, shown before it is done. They sign nothing; they write the operator's disk,
 * so a read-only screen cannot open them (their commands are writes).
 */

/** The rule the texts make, with the form's own once and name fields. */
function ruleOfTexts(texts: Texts) {
  const name = (texts['name'] ?? '').trim();
  return ruleFromLine(texts['rule'] ?? '', { ...((texts['once'] ?? '').trim().toLowerCase() === 'yes' ? { once: true } : {}), ...(name ? { name } : {}) });
}

/** The first line of a rule's complaint (the kinds' list stays in the field's help). */
function ruleComplaint(texts: Texts): string | undefined {
  try {
    ruleOfTexts(texts);
    return undefined;
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return `Rule: ${e.message.split('\n')[0]!.replace(/;? one of:$/, '')}`;
  }
}

const HIDDEN = new Set(['id', 'what']);

export const ALERT_RULE_FORM: LocalForm = {
  id: 'alertRule',
  title: 'Alert rule',
  fields: {
    rule: textField({ label: 'Rule', help: 'price SOL1 above 155 · move SOL1 2% 5m · funding SOL1 above 0.0005 · spread SOL1 5 · margin 80% · pnl SOL1 below -100 · order filled · stale book 30s · algo failed', maxLength: 300 }),
    once: toggleField({ label: 'Once', help: 'yes: fires one time, then the rule is done; no: again at every crossing, once re-armed' }),
    name: textField({ label: 'Name', help: 'said first in the alert (optional)', optional: true, maxLength: 80 }),
    id: textField({ label: 'Id', help: 'the rule changed (none: a new rule)', optional: true }),
  },
  masked: new Set(),
  initial: (p) => ({ texts: { rule: p['rule'] ?? '', once: p['once'] ?? 'no', name: p['name'] ?? '', id: p['id'] ?? '' }, focus: 'rule' }),
  visible: (key) => !HIDDEN.has(key),
  check: (key, _text, texts) => (key === 'rule' ? ruleComplaint(texts) : undefined),
  info: 'signs nothing',
  footer: 'Tab/↑↓ field · Enter save · Esc close',
  intro: ({ texts, stateDir }) => [
    texts['id'] ? `Alert ${texts['id']}, as perpdesk alert add would take it; Enter saves the change in its place.` : 'A new alert rule, in the words perpdesk alert add takes (perpdesk alert --help lists them).',
    `Kept in the account's alert file${stateDir ? ' in the state directory' : ''}; every screen and perpdesk alerts watch on this account use it.`,
  ],
};

export const ALERT_REMOVE_FORM: LocalForm = {
  id: 'alertRemove',
  title: 'Remove an alert',
  fields: { id: textField({ label: 'Id', help: 'the rule removed' }), what: textField({ label: 'Rule', help: 'the rule in words', optional: true }) },
  masked: new Set(),
  initial: (p) => ({ texts: { id: p['id'] ?? '', what: p['what'] ?? '' }, focus: '' }),
  visible: (key) => !HIDDEN.has(key),
  info: 'signs nothing',
  footer: 'Enter remove · Esc keep it',
  intro: ({ texts }) => [`Remove alert ${texts['id'] ?? ''}: ${texts['what'] ?? ''}?`, 'It is taken out of the alert file; perpdesk alert add (or a) sets it again.'],
};

export const ALERT_FORMS: readonly LocalForm[] = [ALERT_RULE_FORM, ALERT_REMOVE_FORM];

/** Where the account's rules are kept: the screen's desk, state directory and account, or why there are none. */
export function alertHome(app: AppContextValue): { stateDir: string; account: string; reload: () => void } | string {
  const desk = app.alerts;
  if (!desk) return 'alerts: no account to keep rules for here';
  return { stateDir: desk.stateDir, account: desk.account, reload: () => desk.reload() };
}

/** Saves what an alert form says; the answer in words (the form shows a failure, the status bar a success). */
export function saveAlertForm(app: AppContextValue, formId: string, texts: Texts): { ok: true; text: string } | { ok: false; error: string } {
  const home = alertHome(app);
  if (typeof home === 'string') return { ok: false, error: home };
  try {
    const id = (texts['id'] ?? '').trim();
    let stored: StoredRule;
    let text: string;
    if (formId === ALERT_REMOVE_FORM.id) {
      stored = changeRule(home.stateDir, home.account, id, 'rm');
      text = `alert ${stored.id} removed: ${ruleText(stored)}`;
    } else if (id) {
      stored = changeRule(home.stateDir, home.account, id, { replace: ruleOfTexts(texts) });
      text = `alert ${stored.id} changed: ${ruleText(stored)}${stored.paused ? ' (paused)' : ''}`;
    } else {
      stored = addRule(home.stateDir, home.account, ruleOfTexts(texts));
      text = `alert ${stored.id} set: ${ruleText(stored)}${stored.rearm === 'once' ? ' (once)' : ''}`;
    }
    home.reload();
    return { ok: true, text };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    return { ok: false, error: /alert file|no alert rule/.test(error) ? error : `${error} (${alertFilePath(home.stateDir, home.account)})` };
  }
}
