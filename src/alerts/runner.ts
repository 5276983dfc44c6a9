import type { Session } from '../session/createSession.js';
import type { AppState } from '../state/types.js';
import { deliverAlert, type AlertSink, type DeliveryReport } from './deliver.js';
import { createAlertMemory, evaluate, type Alert, type AlertMemory, type AlgoView } from './evaluate.js';
import { ruleContract, type StoredRule } from './rules.js';

/**
 * The rules evaluated beside a session's store, outside any screen: one look per store
 * update and one per tick (a stream that goes quiet changes nothing in the store, yet a
 * stale rule must see the time pass). What fires goes to the listeners at once, in the
 * store's own update, and to the sinks in the background: a slow webhook or a hung hook
 * never holds up the next look. Every face (the command line's watch, a dashboard, each SSH
 * viewer) reads one runner: a viewer adds its own terminal sink and mutes it as it likes.
 */
export interface AlgoSource {
  subscribe(listener: () => void): () => void;
  snapshot(): { loading?: boolean; algos: readonly AlgoView[] };
}

export interface AlertRunnerOptions {
  store: { getState(): AppState; subscribe(listener: (s: AppState) => void): () => void };
  rules: readonly StoredRule[];
  /** The algos (an AlgoBoard), for algo rules. */
  algos?: AlgoSource;
  now?: () => number;
  /** A look with no store change this often; default 1000 ms; 0: none. */
  tickMs?: number;
  /** Keeps a contract's market live while a rule names it (a session's holdContract); returns its release. */
  hold?: (contract: string) => (() => void) | undefined;
  sinks?: readonly AlertSink[];
  /** Each sink's report on each alert, failures included (a value, never a throw). */
  onReport?: (report: DeliveryReport) => void;
}

export interface AlertRunner {
  /** Called for each alert as it fires, in the look that fired it. */
  subscribe(listener: (alert: Alert, rule: StoredRule) => void): () => void;
  /** Adds a sink (a viewer's terminal); returns its removal. */
  addSink(sink: AlertSink): () => void;
  /** New rules (the alert file changed): a rule kept by id keeps its memory. */
  setRules(rules: readonly StoredRule[]): void;
  readonly rules: readonly StoredRule[];
  /** The newest alerts fired, oldest first (at most 100). */
  recent(): readonly Alert[];
  /** One look now; the alerts it fired. */
  check(): Alert[];
  /** Deliveries still under way. */
  settled(): Promise<void>;
  /** A number that changes when the rules change or an alert fires: what a list of the rules redraws on (useSyncExternalStore). */
  readonly changes: { subscribe(listener: () => void): () => void; snapshot(): number };
  stop(): void;
}

const RECENT = 100;

export function startAlertRunner(o: AlertRunnerOptions): AlertRunner {
  const now = o.now ?? Date.now;
  let rules = [...o.rules];
  let memory: AlertMemory = createAlertMemory(now());
  const listeners = new Set<(a: Alert, r: StoredRule) => void>();
  const sinks = new Set<AlertSink>(o.sinks ?? []);
  const recent: Alert[] = [];
  const pending = new Set<Promise<unknown>>();
  const holds = new Map<string, (() => void) | undefined>();
  let stopped = false;
  let version = 0;
  const changed = new Set<() => void>();
  const bump = () => {
    version++;
    for (const l of changed) l();
  };

  const rehold = () => {
    if (!o.hold) return;
    const wanted = new Set(rules.filter((r) => !r.paused && !r.done).map(ruleContract).filter((c): c is string => c !== undefined));
    for (const [name, release] of holds) {
      if (wanted.has(name)) continue;
      release?.();
      holds.delete(name);
    }
    for (const name of wanted) if (!holds.has(name)) holds.set(name, o.hold(name));
  };

  const check = (): Alert[] => {
    if (stopped) return [];
    const algos = o.algos?.snapshot();
    const input = { app: o.store.getState(), ...(algos && !algos.loading ? { algos: algos.algos } : {}) };
    const out = evaluate(rules, input, memory, now());
    memory = out.memory;
    for (const a of out.fired) {
      recent.push(a);
      if (recent.length > RECENT) recent.shift();
      const rule = rules.find((r) => r.id === a.rule)!;
      for (const l of listeners) l(a, rule);
      if (sinks.size === 0) continue;
      const p = deliverAlert(a, [...sinks]).then((reports) => {
        for (const r of reports) o.onReport?.(r);
      });
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
    if (out.fired.length > 0) bump();
    return out.fired;
  };

  rehold();
  const offStore = o.store.subscribe(() => void check());
  const offAlgos = o.algos?.subscribe(() => void check());
  const timer = (o.tickMs ?? 1000) > 0 ? setInterval(check, o.tickMs ?? 1000) : undefined;
  timer?.unref();
  check();

  return {
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    addSink(s) {
      sinks.add(s);
      return () => sinks.delete(s);
    },
    setRules(next) {
      rules = [...next];
      rehold();
      bump();
      check();
    },
    get rules() {
      return rules;
    },
    recent: () => recent,
    check,
    changes: {
      subscribe(l) {
        changed.add(l);
        return () => changed.delete(l);
      },
      snapshot: () => version,
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      offStore();
      offAlgos?.();
      if (timer) clearInterval(timer);
      for (const release of holds.values()) release?.();
      holds.clear();
    },
  };
}

/** A runner over a session's store, holding the contracts its rules name live. */
export function startSessionAlerts(session: Pick<Session, 'store' | 'holdContract'>, o: Omit<AlertRunnerOptions, 'store' | 'hold'>): AlertRunner {
  return startAlertRunner({
    ...o,
    store: session.store,
    hold: (name) => {
      const h = session.holdContract(name);
      return h.ok ? h.value.release : undefined;
    },
  });
}
