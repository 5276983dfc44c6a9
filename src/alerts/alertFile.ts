import { closeSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { PrivateStateFile } from '../session/privateStateFile.js';
import { errCode, isLinkRefusal, O_NOFOLLOW, writeFileAtomicSync } from '../wallet/fsutil.js';
import { parseRules, RuleError, type Rule, type StoredRule } from './rules.js';

/**
 * The alert rules of one account, kept in the state directory
 * (`alerts-<account>.json`, 0600, written whole to a temporary file and renamed over the
 * old one): `perpdesk alert add|rm|pause|resume` change it, `perpdesk alerts watch` (and a
 * dashboard) read it again when it changes, so rules survive restarts. A `once` rule that
 * has fired is kept, marked `done`. Like the journal and the algo file it is never read
 * through a link, never shared by a hard link and never open to other users.
 */
export interface AlertFile {
  version: 1;
  account: string;
  /** The number in the next id given ("a3"): ids are never reused. */
  nextId: number;
  rules: StoredRule[];
}

export function alertFilePath(stateDir: string, account: string): string {
  return path.join(stateDir, `alerts-${account.toLowerCase()}.json`);
}

const MAX_BYTES = 1024 * 1024;

function fileOf(stateDir: string, account: string): PrivateStateFile {
  return new PrivateStateFile(alertFilePath(stateDir, account), 'alert file');
}

/** The account's rules; none when the file is missing. A file that is not ours or not valid is refused, naming the field. */
export function readAlertFile(stateDir: string, account: string): AlertFile {
  const f = fileOf(stateDir, account);
  const empty: AlertFile = { version: 1, account: account.toLowerCase(), nextId: 1, rules: [] };
  f.checkExisting();
  let text: string;
  try {
    const fd = f.open(constants.O_RDONLY | O_NOFOLLOW);
    try {
      const { size } = f.checkOpen(fd);
      if (size > MAX_BYTES) throw new RuleError(`${f.path}: larger than ${MAX_BYTES} bytes; not an alert file`);
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (errCode(e) === 'ENOENT') return empty;
    if (isLinkRefusal(e)) throw f.linkError();
    throw e;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new RuleError(`${f.path}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!json || typeof json !== 'object') throw new RuleError(`${f.path}: expected an object with "rules"`);
  const o = json as { version?: unknown; nextId?: unknown; rules?: unknown };
  if (o.version !== 1) throw new RuleError(`${f.path}: version: expected 1`);
  const rules = parseRules(o.rules ?? [], `${f.path}: rules`);
  rules.forEach((r, i) => {
    if (r.id === undefined) throw new RuleError(`${f.path}: rules.${i}.id: required in the alert file`);
  });
  const nextId = typeof o.nextId === 'number' && Number.isSafeInteger(o.nextId) && o.nextId > 0 ? o.nextId : rules.length + 1;
  return { version: 1, account: account.toLowerCase(), nextId, rules: rules as StoredRule[] };
}

export function writeAlertFile(stateDir: string, file: AlertFile): void {
  const f = fileOf(stateDir, file.account);
  f.checkExisting();
  writeFileAtomicSync(f.path, `${JSON.stringify(file, null, 2)}\n`, true);
}

/** Reads, changes and writes the file back; the change's answer is returned. */
export function updateAlertFile<T>(stateDir: string, account: string, change: (file: AlertFile) => T): T {
  const file = readAlertFile(stateDir, account);
  const out = change(file);
  writeAlertFile(stateDir, file);
  return out;
}

/** Adds a rule with a new id ("a1", "a2", ...); returns the rule as stored. */
export function addRule(stateDir: string, account: string, rule: Rule): StoredRule {
  return updateAlertFile(stateDir, account, (f) => {
    let n = f.nextId;
    const taken = new Set(f.rules.map((r) => r.id));
    while (taken.has(`a${n}`)) n++;
    const stored: StoredRule = { ...rule, id: rule.id !== undefined && !taken.has(rule.id) ? rule.id : `a${n}` };
    if (rule.id !== undefined && taken.has(rule.id)) throw new RuleError(`rule id "${rule.id}" is taken in ${alertFilePath(stateDir, account)}`);
    f.nextId = stored.id === `a${n}` ? n + 1 : f.nextId;
    f.rules.push(stored);
    return stored;
  });
}

/** What a face does to one rule of the file: remove it, pause it, resume it (a done rule is armed again), or put another rule in its place under its id (a paused rule stays paused; a done one is armed again). */
export type RuleChange = 'rm' | 'pause' | 'resume' | { replace: Rule };

/** Changes the rule with this id; the rule as it was removed, or as it is now. A rule not in the file (or the config's) is a RuleError. */
export function changeRule(stateDir: string, account: string, id: string, change: RuleChange): StoredRule {
  return updateAlertFile(stateDir, account, (f) => {
    const i = f.rules.findIndex((x) => x.id === id);
    if (i < 0) {
      const inConfig = /^config-/.test(id) ? ' (a rule of the config file: change it there)' : '';
      throw new RuleError(`no alert rule ${id} in ${alertFilePath(stateDir, account)}${inConfig}`);
    }
    const rule = f.rules[i]!;
    if (change === 'rm') {
      f.rules.splice(i, 1);
      return rule;
    }
    if (change === 'pause') f.rules[i] = { ...rule, paused: true };
    else if (change === 'resume') {
      const { paused: _p, done: _d, ...rest } = rule;
      f.rules[i] = rest as StoredRule;
    } else f.rules[i] = { ...change.replace, id, ...(rule.paused ? { paused: true } : {}) } as StoredRule;
    return f.rules[i]!;
  });
}
