import { randomBytes } from 'node:crypto';
import { CloidGenerator } from '../client/cloid.js';
import type { FormSettings } from '../forms/index.js';
import type { OrderResult } from '../model/actionOutcome.js';
import { formatDecimal, parseDecimal } from '../protocol/index.js';
import { renderOptionsFor, sendCall } from '../session/sendCall.js';
import type { AlgoHost } from './algoHost.js';
import { AlgoLog } from './algoLog.js';
import type { AlgoPlan } from './algoPlan.js';
import { algoProgress } from './algoProgress.js';
import { readRecord, recordLine, type AlgoRecord } from './algoRecord.js';
import type { AlgoState, ChildAnswer, ChildOrder } from './algoState.js';
import { answerOfLookup, answerOfOrderResult } from './childAnswer.js';
import { checkChildOrder } from './checkChildOrder.js';
import { replayAlgos } from './replayAlgos.js';
import { realScheduler, type Scheduler } from './scheduler.js';
import { twapPlan, type TwapRequest } from './twapPlan.js';
import { twapSliceSize } from './twapSliceSize.js';
import { twapSlot } from './twapSlot.js';

export interface AlgoRunnerOptions {
  host: AlgoHost;
  /** Where `algos.jsonl` lives (the session's state directory). */
  stateDir: string;
  /** The config's guards and confirm policy: children are checked as a manual order is. */
  settings: FormSettings;
  scheduler?: Scheduler;
  /** How often a slice waiting for the mark to come back into its band looks again. Default 5 s. */
  recheckMs?: number;
  cloids?: CloidGenerator;
  fileName?: string;
}

export type AlgoAnswer = { ok: true; value: AlgoState } | { ok: false; error: string };

/** What start-up found: algos marked interrupted, children settled from the exchange, lines skipped. */
export interface Recovery {
  interrupted: string[];
  settled: { id: string; cloid: string; answer: ChildAnswer }[];
  /** Children whose outcome could not be read (the exchange unreachable): resume tries again first. */
  unsettled: { id: string; cloid: string; error: string }[];
  malformed: number;
}

export const INTERRUPTED = 'interrupted: the process running it ended; resume or cancel it';

/**
 * Runs execution algorithms inside a session. Everything it does is written to the algo
 * file first: the plan, each child order (by cloid) before it is sent, its answer after, and
 * every state change. `start()` reads the file back: children with no recorded answer are
 * settled by cloid from the exchange's records, never sent again, and an algo that was
 * running is left `paused (interrupted)` with its progress from what actually filled;
 * nothing resumes by itself. Steps of one algo run one at a time (a pause waits for a
 * slice in flight), and every child goes through the order form's checks and guards; one
 * that fails them pauses its algo with the reason.
 */
export class AlgoRunner {
  private readonly host: AlgoHost;
  private readonly log: AlgoLog;
  private readonly sched: Scheduler;
  private readonly cloids: CloidGenerator;
  private readonly recheckMs: number;
  private readonly algos = new Map<string, AlgoState>();
  private readonly timers = new Map<string, () => void>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(s: AlgoState) => void>();
  private stopped = false;
  private started = false;

  constructor(private readonly o: AlgoRunnerOptions) {
    this.host = o.host;
    this.log = new AlgoLog(o.stateDir, o.fileName);
    this.sched = o.scheduler ?? realScheduler;
    this.cloids = o.cloids ?? new CloidGenerator(() => this.sched.now());
    this.recheckMs = o.recheckMs ?? 5_000;
  }

  get path(): string {
    return this.log.path;
  }

  /** Reads the algo file and settles what an earlier process left open. Call once, before anything else. */
  async start(): Promise<Recovery> {
    if (this.started) throw new Error('AlgoRunner.start: already started');
    this.started = true;
    const plans = new Map<string, AlgoPlan>();
    const records: AlgoRecord[] = [];
    let malformed = 0;
    for (const line of this.log.lines()) {
      const r = readRecord(line, (id) => plans.get(id));
      if (!r) {
        malformed++;
        continue;
      }
      if (r.type === 'plan') plans.set(r.plan.id, r.plan);
      records.push(r);
    }
    const out: Recovery = { interrupted: [], settled: [], unsettled: [], malformed };
    for (const [id, s] of replayAlgos(records)) this.algos.set(id, s);
    for (const s of this.algos.values()) {
      const id = s.plan.id;
      const settled = await this.settle(s);
      for (const a of settled.answers) out.settled.push({ id, ...a });
      if (settled.error) for (const c of unsettledOf(s)) out.unsettled.push({ id, cloid: c.cloid, error: settled.error });
      if (s.status === 'running') {
        this.setStatus(s, 'paused', INTERRUPTED, { interrupted: true });
        out.interrupted.push(id);
      }
    }
    return out;
  }

  list(): readonly AlgoState[] {
    return [...this.algos.values()];
  }

  get(id: string): AlgoState | undefined {
    return this.algos.get(id);
  }

  /** Called after every change of any algo (a child sent or answered, a state change, a wait). */
  onChange(listener: (s: AlgoState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Plans a TWAP around the mark as it is now, writes it down and starts it. */
  async startTwap(req: TwapRequest): Promise<AlgoAnswer> {
    if (this.stopped) return { ok: false, error: 'the algo runner is stopped' };
    // Before start() has read the file, an earlier process's algos are not known yet.
    if (!this.started) return { ok: false, error: 'the algo runner has not read its state yet (start() first)' };
    const contract = this.host.store.getState().market.contracts[req.contract];
    if (!contract) return { ok: false, error: `no active contract named ${req.contract}` };
    const ms = await this.host.info.marketState(contract.contractId);
    if (!ms.ok) return { ok: false, error: `cannot read the mark: ${ms.error.message}` };
    if (ms.value.markPx === null) return { ok: false, error: `no mark price for ${contract.name}: the band cannot be placed` };
    const now = this.sched.now();
    const planned = twapPlan(req, contract, parseDecimal(ms.value.markPx, contract.priceScale, 'markPx'), now, this.newId('twap', now));
    if (!planned.ok) return planned;
    const plan = planned.value;
    this.write({ type: 'plan', time: now, plan });
    const s: AlgoState = { plan, status: 'running', interrupted: false, base: { at: now, slice: 0 }, nextSlice: 0, children: [], skipped: [], updatedAt: now };
    this.algos.set(plan.id, s);
    this.setStatus(s, 'running', undefined, { base: s.base });
    await this.enqueue(plan.id, () => this.run(s));
    return { ok: true, value: s };
  }

  pause(id: string, reason = 'paused by the trader'): Promise<AlgoAnswer> {
    return this.act(id, async (s) => {
      if (s.status !== 'running') return `it is ${s.status}`;
      this.setStatus(s, 'paused', reason);
      return undefined;
    });
  }

  /** Settles any child whose outcome is unknown first; then the remaining slots start from now. */
  resume(id: string): Promise<AlgoAnswer> {
    return this.act(id, async (s) => {
      if (s.status !== 'paused') return `it is ${s.status}`;
      const settled = await this.settle(s);
      if (settled.error || unsettledOf(s).length > 0) return `a child order's outcome is still unknown (${settled.error ?? 'not found'}); not resumed`;
      const base = { at: this.sched.now(), slice: s.nextSlice };
      s.base = base;
      this.setStatus(s, 'running', undefined, { base });
      await this.run(s);
      return undefined;
    });
  }

  /** Stops the algo for good; its resting children are cancelled and their fills read back. */
  cancel(id: string, reason = 'cancelled by the trader'): Promise<AlgoAnswer> {
    return this.act(id, async (s) => {
      if (s.status === 'done' || s.status === 'cancelled') return `it is already ${s.status}`;
      this.clearTimer(s.plan.id);
      const resting = s.children.filter((c) => c.answer?.resting);
      if (resting.length > 0) {
        const call = { kind: 'cancelByCloid' as const, cancels: resting.map((c) => ({ contractId: s.plan.contractId, cloid: c.cloid })) };
        await sendCall(this.host.sender, call, renderOptionsFor(this.host.store.getState().market.configs, call));
        // What they filled before the cancel landed, and that they no longer rest.
        for (const c of resting) delete c.answer;
      }
      const settled = await this.settle(s);
      const left = unsettledOf(s).length;
      this.setStatus(s, 'cancelled', left > 0 ? `${reason}; ${left} child order(s) could not be read back (${settled.error ?? 'not found'})` : reason);
      return undefined;
    });
  }

  /** Settles once every step in flight has. */
  async idle(): Promise<void> {
    for (;;) {
      const pending = [...this.chains.values()];
      await Promise.all(pending);
      if ([...this.chains.values()].every((p, i) => p === pending[i]) && this.chains.size === pending.length) return;
    }
  }

  /**
   * No further steps (a closing session): timers are dropped and the file is left as it is,
   * so the next start finds running algos and marks them interrupted.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
    await this.idle();
  }

  private async act(id: string, fn: (s: AlgoState) => Promise<string | undefined>): Promise<AlgoAnswer> {
    const s = this.algos.get(id);
    if (!s) return { ok: false, error: `no algo ${id}` };
    let refusal: string | undefined;
    await this.enqueue(id, async () => {
      refusal = await fn(s);
    });
    return refusal === undefined ? { ok: true, value: s } : { ok: false, error: `${id}: ${refusal}` };
  }

  /** One step at a time per algo; a step that throws pauses its algo with the reason. */
  private enqueue(id: string, fn: () => Promise<void>): Promise<void> {
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev.then(fn).catch((e: unknown) => {
      const s = this.algos.get(id);
      const reason = `stopped on an error: ${e instanceof Error ? e.message : String(e)}`;
      if (s && s.status === 'running') {
        try {
          this.setStatus(s, 'paused', reason);
        } catch {
          // The file refused the line too: the state in memory still stops the algo.
          s.status = 'paused';
          s.reason = reason;
          this.emit(s);
        }
      }
    });
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  /** Sends every slice that is due, then sleeps until the next one. */
  private async run(s: AlgoState): Promise<void> {
    const plan = s.plan;
    const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
    const px = (v: bigint) => formatDecimal(v, plan.priceScale);
    while (s.status === 'running' && !this.stopped) {
      const filled = algoProgress(s).filled;
      const remaining = plan.total - filled;
      if (remaining <= 0n) return this.setStatus(s, 'done', `filled ${qty(filled)} of ${qty(plan.total)}`);
      if (s.nextSlice >= plan.slices) return this.setStatus(s, 'done', `ended with ${qty(remaining)} of ${qty(plan.total)} unfilled`);
      const slot = twapSlot(plan, s.base, s.nextSlice);
      const now = this.sched.now();
      if (now < slot.due) return this.wake(s, slot.due);

      const [ms, book] = await Promise.all([this.host.info.marketState(plan.contractId), this.host.info.l2Book(plan.contractId)]);
      if (this.stopped || s.status !== 'running') return;
      let wait: string | undefined;
      if (!ms.ok) wait = `cannot read the mark: ${ms.error.message}`;
      else if (!book.ok) wait = `cannot read the book: ${book.error.message}`;
      else if (ms.value.markPx === null) wait = 'no mark price';
      else {
        const mark = parseDecimal(ms.value.markPx, plan.priceScale, 'markPx');
        if (mark < plan.bandLow || mark > plan.bandHigh) wait = `mark ${px(mark)} is outside the band ${px(plan.bandLow)}–${px(plan.bandHigh)}`;
      }
      if (wait === undefined && this.host.refresh) {
        const r = await this.host.refresh();
        if (!r.ok) wait = `cannot read the account: ${r.error.message}`;
      }
      const at = this.sched.now();
      if (wait !== undefined || !ms.ok || !book.ok) {
        const why = wait ?? 'no market data';
        if (at < slot.end) {
          s.waiting = why;
          return this.wake(s, Math.min(at + this.recheckMs, slot.end));
        }
        // The slot closed while waiting: its share goes to the slices after it.
        delete s.waiting;
        s.skipped.push({ slice: s.nextSlice, reason: why, time: at });
        this.write({ type: 'skip', id: plan.id, time: at, slice: s.nextSlice, reason: why });
        s.nextSlice++;
        s.updatedAt = at;
        this.emit(s);
        continue;
      }

      const size = twapSliceSize(plan, s.nextSlice, remaining, plan.slices - s.nextSlice);
      // Priced at the edge it trades towards: no fill beyond the band.
      const price = plan.isBuy ? plan.bandHigh : plan.bandLow;
      const cloid = this.cloids.next();
      const draft = { cloid, isBuy: plan.isBuy, size, price, reduceOnly: plan.reduceOnly };
      const check = checkChildOrder(this.host.store.getState(), { keys: this.host.keys, settings: this.o.settings, now: at }, plan, draft, { marketState: ms.value, book: book.value });
      if (!check.ok) return this.setStatus(s, 'paused', `slice ${s.nextSlice + 1}: ${check.reason}`);

      const child: ChildOrder = { ...draft, slice: s.nextSlice, sentAt: at };
      // On disk before it leaves: a crash from here on leaves a child to settle by cloid, never one to send again.
      this.write({ type: 'child', id: plan.id, time: at, child });
      s.children.push(child);
      s.nextSlice++;
      delete s.waiting;
      s.updatedAt = at;
      this.emit(s);
      const sent = await sendCall(this.host.sender, check.built.call, renderOptionsFor(this.host.store.getState().market.configs, check.built.call));
      const answer = answerOfOrderResult(sent.outcome as OrderResult, child, plan, this.sched.now());
      this.recordAnswer(s, child, answer);
      if (answer.status === 'unknown') return this.setStatus(s, 'paused', `slice ${child.slice + 1} (cloid ${cloid}): outcome unknown (${answer.detail}); resume reads it from the exchange first`);
      if (answer.status === 'rejected') return this.setStatus(s, 'paused', `slice ${child.slice + 1} (cloid ${cloid}) refused by the exchange: ${answer.detail}`);
      if (answer.status === 'absent') return this.setStatus(s, 'paused', `slice ${child.slice + 1} (cloid ${cloid}) did not reach the exchange: ${answer.detail}`);
    }
  }

  /** Reads every child with no known outcome by cloid from the exchange and records what it says. */
  private async settle(s: AlgoState): Promise<{ answers: { cloid: string; answer: ChildAnswer }[]; error?: string }> {
    const open = unsettledOf(s);
    if (open.length === 0) return { answers: [] };
    const r = await this.host.info.ordersByCloids(this.host.address, open.map((c) => c.cloid));
    if (!r.ok) return { answers: [], error: r.error.message };
    const answers: { cloid: string; answer: ChildAnswer }[] = [];
    for (const c of open) {
      const answer = answerOfLookup(
        r.value.find((l) => l.order.cloid === c.cloid),
        c,
        s.plan,
        this.sched.now(),
      );
      this.recordAnswer(s, c, answer);
      answers.push({ cloid: c.cloid, answer });
    }
    return { answers };
  }

  private recordAnswer(s: AlgoState, c: ChildOrder, answer: ChildAnswer): void {
    this.write({ type: 'answer', id: s.plan.id, time: answer.time, cloid: c.cloid, answer });
    c.answer = answer;
    s.updatedAt = answer.time;
    this.emit(s);
  }

  private setStatus(s: AlgoState, status: AlgoState['status'], reason: string | undefined, extra: { interrupted?: boolean; base?: AlgoState['base'] } = {}): void {
    const time = this.sched.now();
    const r: AlgoRecord = { type: 'state', id: s.plan.id, time, status };
    if (reason !== undefined) r.reason = reason;
    if (extra.interrupted) r.interrupted = true;
    if (extra.base) r.base = extra.base;
    this.write(r);
    s.status = status;
    s.interrupted = extra.interrupted === true;
    if (reason !== undefined) s.reason = reason;
    else delete s.reason;
    if (status !== 'running') {
      this.clearTimer(s.plan.id);
      delete s.waiting;
      delete s.nextAt;
    }
    s.updatedAt = time;
    this.emit(s);
  }

  private wake(s: AlgoState, at: number): void {
    const id = s.plan.id;
    this.clearTimer(id);
    s.nextAt = at;
    this.emit(s);
    this.timers.set(
      id,
      this.sched.at(at, () => {
        this.timers.delete(id);
        if (!this.stopped) void this.enqueue(id, () => this.run(s));
      }),
    );
  }

  private clearTimer(id: string): void {
    this.timers.get(id)?.();
    this.timers.delete(id);
  }

  private write(r: AlgoRecord): void {
    const id = r.type === 'plan' ? r.plan.id : r.id;
    this.log.append(recordLine(r, this.algos.get(id)?.plan ?? (r.type === 'plan' ? r.plan : undefined)));
  }

  private emit(s: AlgoState): void {
    for (const l of this.listeners) l(s);
  }

  private newId(kind: string, now: number): string {
    return `${kind}-${now.toString(36)}-${randomBytes(3).toString('hex')}`;
  }
}

function unsettledOf(s: AlgoState): ChildOrder[] {
  return s.children.filter((c) => !c.answer || c.answer.status === 'unknown');
}
