import type { DeliverySettings } from '../../alerts/alertSources.js';
import { sinksOf, watchedRules } from '../../alerts/alertSources.js';
import { mutableSink, terminalSink, type AlertSink } from '../../alerts/deliver.js';
import type { Alert } from '../../alerts/evaluate.js';
import { followRules, markOnceDone } from '../../alerts/followRules.js';
import { startSessionAlerts, type AlertRunner, type AlgoSource } from '../../alerts/runner.js';
import type { StoredRule } from '../../alerts/rules.js';
import type { Session } from '../../session/index.js';
import { view, type ViewStore } from '../view/viewStore.js';

/**
 * The account's alert rules (the alert file and the config's `alerts.rules`, docs/alerts.md)
 * evaluated once per process for every screen on it: the local dashboard's one, each
 * `perpdesk serve` viewer's. The desk delivers what needs no terminal (notify-send on the
 * local desktop, the hook, the webhook) once per alert; each screen adds its own terminal
 * (the status bar, the notices list, OSC 9 / 777 and the bell on the terminal it draws to),
 * and each may mute its own.
 */
export interface DeskAlerts {
  runner: AlertRunner;
  /** Whose rules, and where their alert file is: what a screen's alert forms and keys change. */
  readonly account: string;
  readonly stateDir: string;
  /** Problems to tell every screen: a rule file that no longer reads, a hook or webhook that failed. */
  onProblem(listener: (text: string) => void): () => void;
  /** How a screen's terminal is told (config `alerts.osc`, default 9; `alerts.bell`, default on). */
  readonly terminal: { osc: NonNullable<DeliverySettings['osc']>; bell: boolean };
  /** Reads the rules again now (a screen just added one), not at the file's next look. */
  reload(): void;
  /** What was said before a screen listened (the start's notes). */
  readonly notes: readonly string[];
  stop(): void;
}

export interface DeskAlertOptions {
  session: Pick<Session, 'store' | 'holdContract' | 'address'>;
  stateDir: string;
  /** The config's `alerts` section: its rules and delivery settings. */
  config: (DeliverySettings & { rules?: readonly unknown[]; bell?: boolean }) | undefined;
  configFile: string;
  algos?: AlgoSource;
  /** notify-send is the machine's desktop: the local dashboard's, not a serve viewer's. */
  desktop: boolean;
  env?: NodeJS.ProcessEnv;
}

export function startDeskAlerts(o: DeskAlertOptions): DeskAlerts {
  const account = o.session.address;
  const problems = new Set<(text: string) => void>();
  const notes: string[] = [];
  const say = (text: string) => {
    if (problems.size === 0) notes.push(text);
    for (const l of problems) l(text);
  };
  const read = () => watchedRules(o.stateDir, account, o.config?.rules, o.configFile);
  let rules: StoredRule[] = [];
  try {
    rules = read();
  } catch (e) {
    say(`alerts: ${e instanceof Error ? e.message : String(e)}; no alert rules in use until it is fixed`);
  }
  const settings: DeliverySettings = { ...o.config, osc: 'off', ...(o.desktop ? {} : { notifySend: false }) };
  const { sinks, notes: sinkNotes } = sinksOf({ settings, env: o.env ?? process.env });
  for (const n of sinkNotes) say(`alerts: ${n}`);
  const runner = startSessionAlerts(o.session, {
    rules,
    sinks,
    ...(o.algos ? { algos: o.algos } : {}),
    onReport: (rep) => {
      if (!rep.ok) say(`alert ${rep.alert}: ${rep.sink} failed: ${rep.error ?? 'no reason given'}`);
    },
  });
  runner.subscribe((_a, rule) => {
    try {
      markOnceDone(o.stateDir, account, rule);
    } catch (e) {
      say(`alerts: cannot mark ${rule.id} done: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  const stopFollowing = followRules({ stateDir: o.stateDir, account, runner, read, onError: (m) => say(`alerts: ${m}`) });
  return {
    runner,
    onProblem(l) {
      problems.add(l);
      return () => problems.delete(l);
    },
    notes,
    account,
    stateDir: o.stateDir,
    reload() {
      try {
        runner.setRules(read());
      } catch (e) {
        say(`alerts: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    terminal: { osc: o.config?.osc ?? '9', bell: o.config?.bell !== false },
    stop() {
      stopFollowing();
      runner.stop();
    },
  };
}

/** An alert in the status bar's words. */
export function alertNotice(a: Alert): string {
  return `alert ${a.rule}: ${a.message}`;
}

/**
 * One screen's share of the desk's alerts: each alert in its status bar and notices, and on
 * its terminal as OSC 9 / 777 (config `alerts.osc`, default 9) with the bell (`alerts.bell`,
 * default on); the terminal part muted while the screen's view says so (`alerts.mute`).
 */
export function screenAlerts(desk: DeskAlerts, o: { viewStore: ViewStore; write: (data: string) => void }): () => void {
  const offAlerts = desk.runner.subscribe((a) => view.notify(o.viewStore, alertNotice(a), 'warning'));
  for (const n of desk.notes) view.notify(o.viewStore, n, 'warning');
  const offProblems = desk.onProblem((text) => view.notify(o.viewStore, text, 'warning'));
  const { osc, bell } = desk.terminal;
  const bellOnly: AlertSink = { name: 'terminal', send: () => (o.write('\u0007'), Promise.resolve()) };
  const sink = osc !== 'off' ? mutableSink(terminalSink(o.write, { osc, bell })) : bell ? mutableSink(bellOnly) : undefined;
  if (!sink) return () => (offAlerts(), offProblems());
  sink.muted = o.viewStore.getState().alertsMuted;
  const offSink = desk.runner.addSink(sink);
  const offView = o.viewStore.subscribe((v) => {
    sink.muted = v.alertsMuted;
  });
  return () => {
    offAlerts();
    offProblems();
    offSink();
    offView();
  };
}
