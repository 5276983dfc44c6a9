import * as v from 'valibot';
import { addRule, alertFilePath, changeRule, readAlertFile } from '../alerts/alertFile.js';
import { AlertJson, sinksOf, watchedRules, type DeliverySettings } from '../alerts/alertSources.js';
import type { Alert } from '../alerts/evaluate.js';
import { followRules, markOnceDone } from '../alerts/followRules.js';
import { startSessionAlerts, type AlgoSource } from '../alerts/runner.js';
import { RULE_KINDS, RuleError, ruleText, type Rule, type StoredRule } from '../alerts/rules.js';
import { ruleFromWords, type RuleOptions } from '../alerts/ruleWords.js';
import { AlgoBoard } from '../algo/algoBoard.js';
import { createSession } from '../session/createSession.js';
import { resolveContract, StartupError } from '../session/target.js';
import { loadedConfigFile } from '../startup/config.js';
import { algoHomeOf } from './algoHome.js';
import { COMMAND_HTTP } from './commandHttp.js';
import type { CommandRun, CommandSpec } from './commandSpec.js';
import { connect, hasKeyFlag } from './connect.js';
import { CommandError, EXIT } from './exitCodes.js';
import type { CommandOutput } from './output.js';
import { runWatch } from './watch.js';

/**
 * `perpdesk alert add|list|rm|pause|resume` keep the account's alert rules (the alert file
 * in the state directory; they need no exchange), and `perpdesk alerts watch` evaluates them
 * headless on a live session, printing each alert as it fires (NDJSON for scripts) and
 * handing it to the sinks the config and the flags name. docs/alerts.md.
 */

const usage = (message: string) => new CommandError(EXIT.usage, message);

/** The account the rules are kept for, known without a session or a password. */
async function accountOf(r: CommandRun): Promise<string> {
  const account = (await algoHomeOf(r)).account;
  if (account === undefined) throw usage('which account? give --address 0x... or a key flag (on the embedded exchange: start perpdesk once, so that its demo keys exist)');
  return account;
}

function fileError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof RuleError) throw usage(e.message);
    if (e instanceof Error && /alert file/.test(e.message)) throw usage(e.message);
    throw e;
  }
}

const text = (r: CommandRun, name: string): string | undefined => (typeof r.options[name] === 'string' ? (r.options[name] as string) : undefined);

/** The rule the words (or --rule JSON) describe, checked by the rule schema (src/alerts/ruleWords.ts, shared with the dashboard's alert form). */
const ruleOf = (r: CommandRun): Rule => ruleFromWords(r.positionals, r.options as RuleOptions);

const stateOf = (rule: StoredRule) => (rule.done ? 'done' : rule.paused ? 'paused' : 'active');

/** The rule as stored, for `perpdesk schema`: its kind and the fields every rule has (each kind's own are in docs/alerts.md). */
const RuleOut = v.object({
  kind: v.picklist(RULE_KINDS),
  id: v.string(),
  contract: v.optional(v.string()),
  name: v.optional(v.string()),
  rearm: v.optional(v.picklist(['once', 'every'])),
  paused: v.optional(v.boolean()),
  done: v.optional(v.boolean()),
});
const RuleRow = v.object({ id: v.string(), from: v.picklist(['file', 'config']), state: v.picklist(['active', 'paused', 'done']), text: v.string(), rule: RuleOut });
const rowOf = (rule: StoredRule, from: 'file' | 'config') => ({ id: rule.id, from, state: stateOf(rule), text: ruleText(rule), rule });
const RuleAnswer = v.object({ ok: v.literal(true), file: v.string(), rule: RuleRow });

function rulesTable(rows: readonly ReturnType<typeof rowOf>[]) {
  return { columns: ['ID', 'From', 'State', 'Rule', 'Re-arm'], rows: rows.map((x) => [x.id, x.from, x.state, x.text, x.rule.rearm ?? 'every']) };
}

/** Pause, resume or remove a rule of the alert file. */
function changeOne(r: CommandRun, verb: 'rm' | 'pause' | 'resume'): Promise<CommandOutput> {
  return (async () => {
    const [id, ...rest] = r.positionals;
    if (id === undefined) throw usage(`alert ${verb}: name the rule by its id (perpdesk alert list shows them)`);
    if (rest.length > 0) throw usage(`alert ${verb}: one id only, got: ${r.positionals.join(' ')}`);
    const account = await accountOf(r);
    const file = alertFilePath(r.stateDir, account);
    const changed = fileError(() => changeRule(r.stateDir, account, id, verb));
    const row = rowOf(changed, 'file');
    const did = verb === 'rm' ? 'removed' : verb === 'pause' ? 'paused' : 'resumed';
    return { json: { ok: true, file, rule: row }, human: [`${did} ${row.id}: ${row.text}`] };
  })();
}

const configFile = () => loadedConfigFile() ?? 'config file';

/** What `alerts watch` delivers to: the config's settings, then the flags. */
function deliveryOf(r: CommandRun): DeliverySettings {
  const c = r.config.alerts ?? {};
  const s: DeliverySettings = {
    ...(c.osc !== undefined ? { osc: c.osc } : {}),
    ...(c.notifySend !== undefined ? { notifySend: c.notifySend } : {}),
    ...(c.hook !== undefined ? { hook: c.hook } : {}),
    ...(c.hookTimeoutMs !== undefined ? { hookTimeoutMs: c.hookTimeoutMs } : {}),
    ...(c.webhook !== undefined ? { webhook: c.webhook } : {}),
    ...(c.webhookTimeoutMs !== undefined ? { webhookTimeoutMs: c.webhookTimeoutMs } : {}),
    ...(c.webhookRetries !== undefined ? { webhookRetries: c.webhookRetries } : {}),
  };
  const osc = text(r, 'osc');
  if (osc !== undefined) {
    if (!['9', '777', 'both', 'off'].includes(osc)) throw usage('--osc is 9, 777, both or off');
    s.osc = osc as DeliverySettings['osc'] & string;
  }
  if (r.options['notify'] === true) s.notifySend = true;
  if (text(r, 'hook') !== undefined) s.hook = text(r, 'hook')!;
  const webhook = text(r, 'webhook');
  if (webhook !== undefined) {
    if (!/^https?:\/\/[^\s/]+/.test(webhook)) throw usage('--webhook must be an http:// or https:// address');
    s.webhook = webhook;
  }
  return s;
}

const alertLine = (a: Alert): string => `${new Date(a.time).toISOString().slice(11, 19)}  ${a.rule}  ${a.message}`;

async function watchAlerts(r: CommandRun): Promise<undefined> {
  if (r.positionals.length > 0) throw usage(`alerts watch takes no words, got: ${r.positionals.join(' ')}`);
  const url = r.args.url ?? r.config.url;
  const settings = deliveryOf(r);
  // A key (or the embedded exchange's demo keys) opens the private streams: fills and order updates as they happen.
  const canSign = !r.args.readOnly && (url === undefined || hasKeyFlag(r));
  const conn = await connect(r, canSign ? 'write' : 'account');
  for (const w of conn.warnings) r.err.write(`perpdesk: ${w}\n`);
  const account = conn.address ?? (await accountOf(r));
  const readRules = () => fileError(() => watchedRules(r.stateDir, account, r.config.alerts?.rules, configFile()));
  let rules: StoredRule[];
  let contractName: string;
  try {
    rules = readRules();
    const named = rules.map((x) => ('contract' in x ? x.contract : undefined)).find((x) => x !== undefined);
    contractName = await resolveContract(conn.target.url, r.args.contract ?? r.config.contract ?? named, COMMAND_HTTP);
  } catch (e) {
    await conn.embedded?.close();
    if (e instanceof StartupError) throw new CommandError(e.exitCode === 2 ? EXIT.usage : EXIT.network, e.message);
    throw e;
  }
  if (rules.length === 0) r.err.write(`perpdesk: no alert rules yet (perpdesk alert add ...); watching ${alertFilePath(r.stateDir, account)} for some\n`);
  const session = createSession({ url: conn.target.url, ...(conn.target.wsUrl ? { wsUrl: conn.target.wsUrl } : {}) }, conn.keys, {
    contractName,
    stateDir: r.stateDir,
    live: true,
    face: 'cli',
    journalHistory: 0,
    ...(r.config.poll ? { poll: r.config.poll } : {}),
    ...(conn.embedded ? { nonces: conn.embedded.nonces } : {}),
  });
  const closeAll = async () => {
    await session.close();
    await conn.embedded?.close();
  };
  const ready = await session.ready;
  if (!ready.ok) {
    await closeAll();
    throw new CommandError(ready.error.kind === 'network' || ready.error.kind === 'timeout' ? EXIT.network : EXIT.rejected, ready.error.message);
  }
  const board = rules.some((x) => x.kind === 'algo') ? AlgoBoard.open({ stateDir: r.stateDir, noRunnerWhy: 'alerts watch only reads the algos' }) : undefined;
  const terminal = process.stderr.isTTY ? (t: string) => void process.stderr.write(t) : undefined;
  const { sinks, notes } = sinksOf({ settings, ...(terminal ? { terminal } : {}), env: process.env });
  for (const n of notes) r.err.write(`perpdesk: ${n}\n`);
  return runWatch(
    r,
    (sink) => {
      const runner = startSessionAlerts(session, {
        rules,
        sinks,
        ...(board ? { algos: board as AlgoSource } : {}),
        onReport: (rep) => {
          if (!rep.ok) sink.warn(`alert ${rep.alert}: ${rep.sink} failed: ${rep.error ?? 'no reason given'}`);
        },
      });
      const active = rules.filter((x) => !x.paused && !x.done).length;
      r.err.write(`perpdesk: watching ${active} alert rule${active === 1 ? '' : 's'} of ${account}${sinks.length ? ` (to ${sinks.map((x) => x.name).join(', ')})` : ''}; Ctrl-C stops\n`);
      runner.subscribe((a, rule) => {
        sink.emit({ json: a, human: [alertLine(a)] });
        // A once rule that fired is done, in the file, so the next watch does not fire it again.
        try {
          markOnceDone(r.stateDir, account, rule);
        } catch (e) {
          sink.warn(`cannot mark ${rule.id} done: ${e instanceof Error ? e.message : String(e)}`);
        }
      });
      // `alert add` (or rm, pause) while watching: the file is read again when it changes.
      const stopFollowing = followRules({ stateDir: r.stateDir, account, runner, read: readRules, onError: (m) => sink.warn(m) });
      return async () => {
        stopFollowing();
        runner.stop();
        // Deliveries under way get a moment to finish; none holds the exit for long.
        await Promise.race([runner.settled(), new Promise((res) => setTimeout(res, 2_000).unref())]);
        await board?.close('alerts watch ended');
        await closeAll();
      };
    },
    { tape: true },
  );
}

const DELIVERY_OPTIONS = { osc: { type: 'string' }, notify: { type: 'boolean' }, hook: { type: 'string' }, webhook: { type: 'string' } } as const;

export const ALERT_COMMANDS: readonly CommandSpec[] = [
  {
    path: ['alert', 'add'],
    usage: 'KIND WORDS... [--once] [--name TEXT] | --rule JSON',
    summary: `add an alert rule for the account (kept in the state directory): ${['price', 'move', 'funding', 'spread', 'margin', 'pnl', 'order', 'stale', 'algo'].join(', ')} (docs/alerts.md)`,
    writes: false,
    options: { once: { type: 'boolean' }, name: { type: 'string' }, rule: { type: 'string' }, source: { type: 'string' }, hysteresis: { type: 'string' }, direction: { type: 'string' } },
    optionHelp: {
      once: 'fire one time, then the rule is done (default: again at every crossing, once re-armed)',
      name: 'said first in the alert message',
      rule: 'the whole rule as JSON instead of words',
      source: 'price and move rules: mark (default), last or mid',
      hysteresis: 'how far back past the level before the rule re-arms',
      direction: 'move rules: up, down or either (default)',
    },
    schema: () => RuleAnswer,
    run: async (r) => {
      const rule = fileError(() => ruleOf(r));
      const account = await accountOf(r);
      const stored = fileError(() => addRule(r.stateDir, account, rule));
      const row = rowOf(stored, 'file');
      return { json: { ok: true, file: alertFilePath(r.stateDir, account), rule: row }, human: [`added ${row.id}: ${row.text}${stored.rearm === 'once' ? ' (once)' : ''}`] };
    },
  },
  {
    path: ['alert', 'list'],
    summary: "the account's alert rules, from its alert file and the config file, with their state (active, paused, done)",
    writes: false,
    schema: () => v.object({ account: v.string(), file: v.string(), rules: v.array(RuleRow) }),
    run: async (r) => {
      if (r.positionals.length > 0) throw usage(`alert list takes no words, got: ${r.positionals.join(' ')}`);
      const account = await accountOf(r);
      const own = fileError(() => readAlertFile(r.stateDir, account).rules);
      const all = fileError(() => watchedRules(r.stateDir, account, r.config.alerts?.rules, configFile()));
      const ids = new Set(own.map((x) => x.id));
      const rows = all.map((x) => rowOf(x, ids.has(x.id) ? 'file' : 'config'));
      return { json: { account, file: alertFilePath(r.stateDir, account), rules: rows }, human: rulesTable(rows) };
    },
  },
  { path: ['alert', 'rm'], usage: 'ID', summary: 'remove an alert rule', writes: false, schema: () => RuleAnswer, run: (r) => changeOne(r, 'rm') },
  { path: ['alert', 'pause'], usage: 'ID', summary: 'pause an alert rule: kept, not evaluated', writes: false, schema: () => RuleAnswer, run: (r) => changeOne(r, 'pause') },
  { path: ['alert', 'resume'], usage: 'ID', summary: 'resume a paused alert rule (a done once-rule is armed again)', writes: false, schema: () => RuleAnswer, run: (r) => changeOne(r, 'resume') },
  {
    path: ['alerts', 'watch'],
    usage: '[--json] [--osc 9|777|both|off] [--notify] [--hook CMD] [--webhook URL] [--count N] [--for 10m]',
    summary: 'evaluate the alert rules on a live session until interrupted: each alert as it fires (NDJSON with --json), to the terminal, notify-send, a hook or a webhook',
    writes: false,
    streams: true,
    options: DELIVERY_OPTIONS,
    optionHelp: {
      osc: "the terminal's own notification, on stderr when it is a terminal: OSC 9, OSC 777, both, or off (default: the config's alerts.osc, else off)",
      notify: 'notify-send too, when on a local desktop and installed',
      hook: 'run this command (by /bin/sh) for each alert, the alert JSON on its stdin',
      webhook: 'POST the alert JSON to this URL (timeout, retries; a failure is a note on stderr)',
    },
    schema: () => AlertJson,
    run: watchAlerts,
  },
];
