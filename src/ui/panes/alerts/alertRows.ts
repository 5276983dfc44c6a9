import type { Alert } from '../../../alerts/evaluate.js';
import { ruleText, type StoredRule } from '../../../alerts/rules.js';
import type { ThemeToken } from '../../theme/tokens.js';

/**
 * The Alerts pane's rows: the account's rules in force (its alert file's, then the config
 * file's `alerts.rules`), each with its state and when it last fired while this process ran.
 */
export interface AlertPaneRow {
  key: string;
  id: string;
  state: 'armed' | 'paused' | 'done';
  stateTone: ThemeToken;
  /** The config file's rules are the user's file: the pane shows them and leaves them alone. */
  from: 'file' | 'config';
  text: string;
  rearm: 'once' | 'every';
  /** Local time it last fired in this process, and how often it has. */
  lastFired: number | undefined;
  fired: number;
  rule: StoredRule;
}

export function alertPaneRows(rules: readonly StoredRule[], recent: readonly Alert[]): AlertPaneRow[] {
  const last = new Map<string, { time: number; count: number }>();
  for (const a of recent) {
    const seen = last.get(a.rule);
    last.set(a.rule, { time: a.time, count: (seen?.count ?? 0) + 1 });
  }
  return rules.map((rule) => {
    const state = rule.done ? 'done' : rule.paused ? 'paused' : 'armed';
    const fired = last.get(rule.id);
    return {
      key: rule.id,
      id: rule.id,
      state,
      stateTone: state === 'armed' ? 'ok' : 'muted',
      from: rule.id.startsWith('config-') ? 'config' : 'file',
      text: `${rule.name ? `${rule.name}: ` : ''}${ruleText(rule)}`,
      rearm: rule.rearm ?? 'every',
      lastFired: fired?.time,
      fired: fired?.count ?? 0,
      rule,
    };
  });
}
