import * as v from 'valibot';
import { hookSink, notifySendSink, notifySendUnavailable, terminalSink, webhookSink, type AlertSink, type OscKind } from './deliver.js';
import { readAlertFile } from './alertFile.js';
import { parseRules, RULE_KINDS, RuleError, type StoredRule } from './rules.js';

/**
 * Where a watch's rules and sinks come from: the account's alert file and the config file's
 * `alerts` section (its `rules` checked here with the alert file's schema, and errors named
 * by the config file and the field: "config.json: alerts.rules.1.level: must be above
 * zero"; its delivery settings), and the flags of `perpdesk alerts watch`.
 */

/** The delivery settings of the config file's `alerts` section (src/startup/config.ts checks their types). */
export interface DeliverySettings {
  osc?: OscKind | 'off';
  notifySend?: boolean;
  hook?: string;
  hookTimeoutMs?: number;
  webhook?: string;
  webhookTimeoutMs?: number;
  webhookRetries?: number;
}

/** The config file's rules, with ids "config-1", "config-2"... where they give none. */
export function configRules(rules: readonly unknown[] | undefined, file: string): StoredRule[] {
  if (rules === undefined) return [];
  const parsed = parseRules(rules, `${file}: alerts.rules`);
  return parsed.map((r, i) => ({ ...r, id: r.id ?? `config-${i + 1}` }));
}

/** The file's rules and the config's, ids unique over both. */
export function watchedRules(stateDir: string, account: string, config: readonly unknown[] | undefined, file: string): StoredRule[] {
  const own = readAlertFile(stateDir, account).rules;
  const fromConfig = configRules(config, file);
  const ids = new Set(own.map((r) => r.id));
  for (const r of fromConfig) if (ids.has(r.id)) throw new RuleError(`${file}: alerts.rules: id "${r.id}" is also a rule of the alert file; give it another`);
  return [...own, ...fromConfig];
}

export interface SinkChoice {
  settings: DeliverySettings;
  /** Where the terminal's sequences go: a terminal writer, or undefined when there is none. */
  terminal?: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** The sinks the settings ask for, and notes on those that cannot be used here (notify-send away from a desktop). */
export function sinksOf(c: SinkChoice): { sinks: AlertSink[]; notes: string[] } {
  const s = c.settings;
  const sinks: AlertSink[] = [];
  const notes: string[] = [];
  if (c.terminal && s.osc !== 'off' && s.osc !== undefined) sinks.push(terminalSink(c.terminal, { osc: s.osc }));
  if (s.notifySend) {
    const why = notifySendUnavailable(c.env);
    if (why) notes.push(`notify-send not used: ${why}`);
    else sinks.push(notifySendSink());
  }
  if (s.hook) sinks.push(hookSink(s.hook, s.hookTimeoutMs !== undefined ? { timeoutMs: s.hookTimeoutMs } : {}));
  if (s.webhook) sinks.push(webhookSink(s.webhook, { ...(s.webhookTimeoutMs !== undefined ? { timeoutMs: s.webhookTimeoutMs } : {}), ...(s.webhookRetries !== undefined ? { retries: s.webhookRetries } : {}) }));
  return { sinks, notes };
}

/** One alert as JSON (docs/alerts.md), for `perpdesk schema`. */
export const AlertJson = v.object({
  id: v.string(),
  rule: v.string(),
  kind: v.picklist(RULE_KINDS),
  contract: v.nullable(v.string()),
  value: v.nullable(v.string()),
  threshold: v.nullable(v.string()),
  time: v.number(),
  message: v.string(),
});
