import { statSync } from 'node:fs';
import { alertFilePath, updateAlertFile } from './alertFile.js';
import type { AlertRunner } from './runner.js';
import type { StoredRule } from './rules.js';

/**
 * What every face that evaluates an account's rules does beside its runner (`perpdesk alerts
 * watch`, a dashboard, `perpdesk serve`): it reads the alert file again when it changes
 * (`alert add`, `rm` or `pause` from another terminal take effect within a second), and it
 * marks a `once` rule of the file done once it fired, so the next run does not fire it again.
 */

/** Polls the alert file's time and size; `read` gives the rules again (file and config) and may throw. */
export function followRules(o: { stateDir: string; account: string; runner: Pick<AlertRunner, 'setRules'>; read: () => StoredRule[]; onError: (message: string) => void; periodMs?: number }): () => void {
  const file = alertFilePath(o.stateDir, o.account);
  const stamp = () => {
    try {
      const st = statSync(file);
      return `${st.mtimeMs}:${st.size}`;
    } catch {
      return 'none';
    }
  };
  let seen = stamp();
  const timer = setInterval(() => {
    const now = stamp();
    if (now === seen) return;
    seen = now;
    try {
      o.runner.setRules(o.read());
    } catch (e) {
      o.onError(e instanceof Error ? e.message : String(e));
    }
  }, o.periodMs ?? 1_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** A `once` rule of the alert file that fired is done there; a config rule is left alone (the config file is the user's). Throws what the file write throws. */
export function markOnceDone(stateDir: string, account: string, rule: StoredRule): void {
  if (rule.rearm !== 'once' || rule.id.startsWith('config-')) return;
  updateAlertFile(stateDir, account, (f) => {
    const i = f.rules.findIndex((x) => x.id === rule.id);
    if (i >= 0) f.rules[i] = { ...f.rules[i]!, done: true };
  });
}
