import type { ClientError, Result } from './errors.js';

export interface PollTask {
  name: string;
  intervalMs: number;
  /** Cadence while a burst is on (after the user's own action). */
  burstIntervalMs?: number;
  run: () => Promise<Result<unknown>>;
}

export interface PollerOptions {
  tasks: PollTask[];
  /** How long a burst lasts by default. */
  burstMs?: number;
  onError?: (task: string, error: ClientError) => void;
  onSuccess?: (task: string, at: number) => void;
  now?: () => number;
}

interface TaskState {
  task: PollTask;
  timer: NodeJS.Timeout | undefined;
  dueAt: number;
  inFlight: boolean;
  /** runNow came while a request was in flight: its answer may predate the reason. */
  again: boolean;
  runs: number;
}

/**
 * Polls what the exchange does not push (spec 6 rule 1). Each kind has its own cadence,
 * runs faster for a while after the user's own actions, and never has two requests in
 * flight: a slow exchange gets fewer polls, not a queue of them.
 * Timers are looked up on globalThis at call time, so fake timers in tests apply.
 */
export class Poller {
  private readonly tasks = new Map<string, TaskState>();
  private burstUntil = 0;
  private running = false;
  private readonly burstMs: number;
  private readonly now: () => number;

  constructor(private readonly o: PollerOptions) {
    this.burstMs = o.burstMs ?? 5_000;
    this.now = o.now ?? (() => Date.now());
    for (const task of o.tasks) this.tasks.set(task.name, { task, timer: undefined, dueAt: 0, inFlight: false, again: false, runs: 0 });
  }

  /** Starts every task at once (first poll immediately). */
  start(): void {
    if (this.running) return;
    this.running = true;
    for (const s of this.tasks.values()) this.schedule(s, 0);
  }

  stop(): void {
    this.running = false;
    for (const s of this.tasks.values()) {
      clearTimeout(s.timer);
      s.timer = undefined;
    }
  }

  /** Poll faster for `ms`; tasks due later than their burst cadence are pulled forward. */
  burst(ms = this.burstMs): void {
    this.burstUntil = Math.max(this.burstUntil, this.now() + ms);
    if (!this.running) return;
    for (const s of this.tasks.values()) {
      const fast = s.task.burstIntervalMs;
      if (fast === undefined || s.inFlight) continue;
      if (s.dueAt - this.now() > fast) this.schedule(s, fast);
    }
  }

  /** Poll one kind now; if a request of that kind is in flight, again as soon as it is answered. */
  runNow(name: string): void {
    const s = this.tasks.get(name);
    if (!s || !this.running) return;
    if (s.inFlight) s.again = true;
    else this.schedule(s, 0);
  }

  inFlight(name: string): boolean {
    return this.tasks.get(name)?.inFlight ?? false;
  }

  runs(name: string): number {
    return this.tasks.get(name)?.runs ?? 0;
  }

  private cadence(t: PollTask): number {
    return this.now() < this.burstUntil && t.burstIntervalMs !== undefined ? Math.min(t.burstIntervalMs, t.intervalMs) : t.intervalMs;
  }

  private schedule(s: TaskState, delay: number): void {
    clearTimeout(s.timer);
    s.dueAt = this.now() + delay;
    s.timer = setTimeout(() => void this.fire(s), delay);
  }

  private async fire(s: TaskState): Promise<void> {
    s.timer = undefined;
    if (!this.running || s.inFlight) return;
    s.inFlight = true;
    s.runs++;
    let r: Result<unknown>;
    try {
      r = await s.task.run();
    } catch (e) {
      // A task is meant to return errors as values; a throw is still recorded, never fatal.
      r = { ok: false, error: { kind: 'validation', message: `${s.task.name}: ${String((e as Error)?.message ?? e)}` } };
    }
    s.inFlight = false;
    if (r.ok) this.o.onSuccess?.(s.task.name, this.now());
    else this.o.onError?.(s.task.name, r.error);
    const again = s.again;
    s.again = false;
    if (this.running) this.schedule(s, again ? 0 : this.cadence(s.task));
  }
}
