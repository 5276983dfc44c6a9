import { randomBytes } from 'node:crypto';
import { CloidGenerator } from '../client/cloid.js';
import type { FormSettings } from '../forms/index.js';
import type { OrderResult } from '../model/actionOutcome.js';
import { formatDecimal, parseDecimal } from '../protocol/index.js';
import { MAX_CANCELS_PER_REQUEST, MAX_ORDERS_PER_REQUEST, type ContractConfig, type Fill, type L2Book, type MarketState } from '../protocol/wire/index.js';
import { renderOptionsFor, sendCall } from '../session/sendCall.js';
import type { AlgoHost } from './algoHost.js';
import { AlgoLog } from './algoLog.js';
import type { AlgoPlan, ChasePlan, ScalePlan, TrailingStopPlan, TwapPlan } from './algoPlan.js';
import { algoProgress } from './algoProgress.js';
import { recordLine, type AlgoRecord } from './algoRecord.js';
import { isFinished, type AlgoState, type ChildAnswer, type ChildOrder, type FiredStop } from './algoState.js';
import { answerOfLookup, answerOfOrderResult } from './childAnswer.js';
import { chasePlan, chaseTarget, pastLimit, type ChaseRequest } from './chasePlan.js';
import { checkChildModify } from './checkChildModify.js';
import { compactionOf, recordsOf } from './compactAlgoFile.js';
import { withFillAverage } from './fillAverage.js';
import { checkChildOrder, type ChildDraft } from './checkChildOrder.js';
import { scalePlan, type ScaleRequest } from './scalePlan.js';
import { bestMarkOf, boundPx, closePx, trailingStopPlan, trailingTrigger, type TrailingStopRequest } from './trailingStopPlan.js';
import { replayAlgoLines } from './replayAlgos.js';
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
  /**
   * The account's recent fills (a `userFills` snapshot), read when a child is settled from
   * the exchange's order records, to give it its real average price instead of its limit.
   * Default: the fills the session's store holds (a live session's stream).
   */
  fills?: () => Promise<readonly Fill[]>;
  /** The venue this session trades on (algoVenue.ts): algos recorded on another are archived. */
  venue?: string | undefined;
  /** When start() rewrites the file: finished algos older than `keptMs` (default 7 days), all of them past `maxBytes` (default 1 MiB). */
  compaction?: { keptMs?: number; maxBytes?: number };
}

export type AlgoAnswer = { ok: true; value: AlgoState } | { ok: false; error: string };

/** What start-up found: algos marked interrupted, children settled from the exchange, lines skipped. */
export interface Recovery {
  interrupted: string[];
  settled: { id: string; cloid: string; answer: ChildAnswer }[];
  /** Children whose outcome could not be read (the exchange unreachable): resume tries again first. */
  unsettled: { id: string; cloid: string; error: string }[];
  malformed: number;
  /** Finished algos the start left out of the file when it compacted it (their ids). */
  compacted: string[];
  /** Algos whose plan line the file holds more than once: the repeats were ignored, never a reset. */
  repeated: string[];
}

export const INTERRUPTED = 'interrupted: the process running it ended; resume or cancel it';

/** A fired stop sends at most this many closes (each through the touch as the book then is) before it ends failed. */
const MAX_CLOSES = 20;

/**
 * Runs execution algorithms inside a session. Everything it does is written to the algo
 * file first: the plan, each child order (by cloid) before it is sent, its answer after, and
 * every state change. `start()` reads the file back: children with no recorded answer are
 * settled by cloid from the exchange's records, never sent again, and an algo that was
 * running is left `paused (interrupted)` with its progress from what actually filled;
 * nothing resumes by itself. Steps of one algo run one at a time (a pause waits for a
 * slice in flight), and every child goes through the order form's checks and guards (a
 * chase's move through the modify form's); one that fails them pauses its algo with the
 * reason. Each kind has its own step: TWAP slices on a schedule, a scale's batches, a
 * chase's look at the book, a trailing stop's look at the mark.
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
    const lines = this.log.lines();
    const replayed = await replayAlgoLines(lines, () => this.stopped);
    const out: Recovery = { interrupted: [], settled: [], unsettled: [], malformed: replayed.malformed, compacted: [], repeated: replayed.repeated };
    for (const [id, s] of replayed.algos) this.algos.set(id, s);
    this.compact(lines, out);
    for (const s of this.algos.values()) {
      const id = s.plan.id;
      // Another account's algos are listed, never settled or run from this session.
      if (!this.mine(s)) continue;
      const settled = await this.settle(s);
      await this.refineAverages(s);
      for (const a of settled.answers) out.settled.push({ id, ...a, answer: s.children.find((c) => c.cloid === a.cloid)?.answer ?? a.answer });
      if (settled.error) for (const c of unsettledOf(s)) out.unsettled.push({ id, cloid: c.cloid, error: settled.error });
      if (s.status === 'running') {
        this.setStatus(s, 'paused', INTERRUPTED, { interrupted: true });
        out.interrupted.push(id);
      }
      // A scale whose orders rest is watched until they fill: reading only, nothing is sent.
      if (s.status === 'working') this.wake(s, this.sched.now());
    }
    return out;
  }

  /** Whether the algo belongs to this session's account and venue (a field a file does not record counts as a match). */
  mine(s: AlgoState): boolean {
    return this.archivedWhy(s) === undefined;
  }

  /** Why an algo of the file is archived here (another account's, another venue's), or undefined when it is this session's. */
  archivedWhy(s: AlgoState): string | undefined {
    if (s.plan.account !== undefined && s.plan.account !== this.host.address.toLowerCase()) return `it belongs to account ${s.plan.account}, not this session's ${this.host.address.toLowerCase()}`;
    if (s.plan.venue !== undefined && this.o.venue !== undefined && s.plan.venue !== this.o.venue) return 'it was started on another venue (an earlier --fresh, or another exchange)';
    return undefined;
  }

  /**
   * Rewrites the file when finished algos have aged out or it has grown too large (see
   * compactionOf): what is kept replays to the same algos, so nothing recovery needs is lost.
   */
  private compact(lines: readonly string[], out: Recovery): void {
    const bytes = lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    const c = compactionOf([...this.algos.values()], this.sched.now(), bytes, this.o.compaction);
    if (!c) return;
    this.log.replace(c.keep.flatMap((s) => recordsOf(s).map((r) => recordLine(r, s.plan))));
    for (const id of c.dropped) this.algos.delete(id);
    out.compacted = c.dropped;
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
    const ready = this.readyFor(req.contract);
    if (!ready.ok) return ready;
    const contract = ready.value;
    const ms = await this.host.info.marketState(contract.contractId);
    if (!ms.ok) return { ok: false, error: `cannot read the mark: ${ms.error.message}` };
    if (ms.value.markPx === null) return { ok: false, error: `no mark price for ${contract.name}: the band cannot be placed` };
    const now = this.sched.now();
    const planned = twapPlan(req, contract, parseDecimal(ms.value.markPx, contract.priceScale, 'markPx'), now, this.newId('twap', now));
    if (!planned.ok) return planned;
    return this.begin(planned.value);
  }

  /** Writes down a scale's orders (as `scalePreview` showed them) and sends them in batches of at most 10. */
  async startScale(req: ScaleRequest): Promise<AlgoAnswer> {
    const ready = this.readyFor(req.contract);
    if (!ready.ok) return ready;
    const now = this.sched.now();
    const planned = scalePlan(req, ready.value, now, this.newId('scale', now));
    if (!planned.ok) return planned;
    return this.begin(planned.value);
  }

  /** Starts a chase where the book is now (the touch, or its offset behind it). */
  async startChase(req: ChaseRequest): Promise<AlgoAnswer> {
    const ready = this.readyFor(req.contract);
    if (!ready.ok) return ready;
    const contract = ready.value;
    const book = await this.host.info.l2Book(contract.contractId);
    if (!book.ok) return { ok: false, error: `cannot read the book: ${book.error.message}` };
    const isBuy = req.side === 'buy';
    const start = chaseTarget(book.value, { isBuy, offsetTicks: req.offsetTicks ?? 0, tickSize: BigInt(contract.tickSize), priceScale: contract.priceScale, qtyScale: contract.qtyScale });
    if (start === undefined) return { ok: false, error: `no ${isBuy ? 'bid' : 'ask'} on ${contract.name} to follow` };
    const now = this.sched.now();
    const planned = chasePlan(req, contract, start, now, this.newId('chase', now));
    if (!planned.ok) return planned;
    return this.begin(planned.value);
  }

  /** Starts a trailing stop on the account's open position, trailing from the mark now. */
  async startTrailingStop(req: TrailingStopRequest): Promise<AlgoAnswer> {
    const ready = this.readyFor(req.contract);
    if (!ready.ok) return ready;
    const contract = ready.value;
    if (this.host.refresh) {
      const r = await this.host.refresh();
      if (!r.ok) return { ok: false, error: `cannot read the account: ${r.error.message}` };
    }
    const ms = await this.host.info.marketState(contract.contractId);
    if (!ms.ok) return { ok: false, error: `cannot read the mark: ${ms.error.message}` };
    if (ms.value.markPx === null) return { ok: false, error: `no mark price for ${contract.name}` };
    const now = this.sched.now();
    const planned = trailingStopPlan(req, contract, this.positionOf(contract.contractId, contract.qtyScale), parseDecimal(ms.value.markPx, contract.priceScale, 'markPx'), now, this.newId('trail', now));
    if (!planned.ok) return planned;
    return this.begin(planned.value);
  }

  private readyFor(name: string): { ok: true; value: ContractConfig } | { ok: false; error: string } {
    if (this.stopped) return { ok: false, error: 'the algo runner is stopped' };
    // Before start() has read the file, an earlier process's algos are not known yet.
    if (!this.started) return { ok: false, error: 'the algo runner has not read its state yet (start() first)' };
    const contract = this.host.store.getState().market.contracts[name];
    if (!contract) return { ok: false, error: `no active contract named ${name}` };
    return { ok: true, value: contract };
  }

  /** The plan on disk, then the algo running. */
  private async begin(plan: AlgoPlan): Promise<AlgoAnswer> {
    const now = plan.createdAt;
    plan.account = this.host.address.toLowerCase();
    if (this.o.venue !== undefined) plan.venue = this.o.venue;
    this.write({ type: 'plan', time: now, plan });
    const s: AlgoState = { plan, status: 'running', interrupted: false, base: { at: now, slice: 0 }, nextSlice: 0, children: [], skipped: [], updatedAt: now };
    if (plan.kind === 'trailingStop') s.bestMark = plan.startMark;
    this.algos.set(plan.id, s);
    this.setStatus(s, 'running', undefined, { base: s.base });
    await this.enqueue(plan.id, () => this.run(s));
    return { ok: true, value: s };
  }

  /** The account's position on a contract as the store has it, raw and signed (negative: short). */
  private positionOf(contractId: number, qtyScale: number): bigint {
    const p = this.host.store.getState().account.positions.find((x) => x.contractId === contractId);
    if (!p) return 0n;
    const size = parseDecimal(p.size, qtyScale, 'size');
    return p.isBuy ? size : -size;
  }

  pause(id: string, reason = 'paused by the trader'): Promise<AlgoAnswer> {
    return this.act(id, async (s) => {
      const archived = this.archivedWhy(s);
      if (archived) return `${archived}: archived, read-only`;
      if (s.status !== 'running') return `it is ${s.status}`;
      this.setStatus(s, 'paused', reason);
      return undefined;
    });
  }

  /** Settles any child whose outcome is unknown first; then the remaining slots start from now. */
  resume(id: string): Promise<AlgoAnswer> {
    return this.act(id, async (s) => {
      const archived = this.archivedWhy(s);
      if (archived) return `${archived}: archived, not resumed`;
      if (s.status !== 'paused') return `it is ${s.status}`;
      const settled = await this.settle(s);
      if (settled.error || unsettledOf(s).length > 0) return `a child order's outcome is still unknown (${settled.error ?? 'not found'}); not resumed`;
      const sense = await this.stillMakesSense(s);
      if (sense.error) return sense.error;
      if (sense.end) {
        this.setStatus(s, 'done', sense.end);
        return undefined;
      }
      const base = { at: this.sched.now(), slice: s.nextSlice };
      s.base = base;
      this.setStatus(s, 'running', undefined, { base });
      await this.run(s);
      return undefined;
    });
  }

  /**
   * What a resume checks first: the contract still active, and for a trailing stop the
   * position it protects still there (a stop that has not fired; a fired one ends itself
   * once the position is closed). `error`: not resumed; `end`: the algo ends, saying why.
   */
  private async stillMakesSense(s: AlgoState): Promise<{ error?: string; end?: string }> {
    const plan = s.plan;
    if (!this.host.store.getState().market.contracts[plan.contract]) return { error: `${plan.contract} is not an active contract now; not resumed` };
    if (plan.kind !== 'trailingStop' || s.fired || s.children.some((c) => !neverArrived(c))) return {};
    if (this.host.refresh) {
      const r = await this.host.refresh();
      if (!r.ok) return { error: `cannot read the account (${r.error.message}); not resumed` };
    }
    if (this.positionOf(plan.contractId, plan.qtyScale) === 0n) return { end: `no ${plan.contract} position left to protect: ended on resume` };
    return {};
  }

  /**
   * Stops the algo for good; its resting children are cancelled (in requests of at most 10)
   * and their fills read back. A finished scale whose orders still rest can be cancelled too.
   */
  cancel(id: string, reason = 'cancelled by the trader'): Promise<AlgoAnswer> {
    return this.act(id, async (s) => {
      const resting = s.children.filter((c) => c.answer?.resting);
      const archived = this.archivedWhy(s);
      if (archived) return `${archived}: archived, read-only`;
      if (isFinished(s.status) && resting.length === 0) return `it is already ${s.status}`;
      this.clearTimer(s.plan.id);
      await this.cancelChildren(s, resting);
      const settled = await this.settle(s);
      const left = unsettledOf(s).length;
      this.setStatus(s, 'cancelled', left > 0 ? `${reason}; ${left} child order(s) could not be read back (${settled.error ?? 'not found'})` : reason);
      return undefined;
    });
  }

  /** Cancels children by cloid and forgets their answers, so the next settle reads what they came to. */
  private async cancelChildren(s: AlgoState, children: ChildOrder[]): Promise<void> {
    for (let i = 0; i < children.length; i += MAX_CANCELS_PER_REQUEST) {
      const batch = children.slice(i, i + MAX_CANCELS_PER_REQUEST);
      const call = { kind: 'cancelByCloid' as const, cancels: batch.map((c) => ({ contractId: s.plan.contractId, cloid: c.cloid })) };
      await sendCall(this.host.sender, call, renderOptionsFor(this.host.store.getState().market.configs, call));
    }
    for (const c of children) delete c.answer;
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

  /** One step of the algo, by kind; each ends by sleeping until its next one or by ending the algo. */
  private run(s: AlgoState): Promise<void> {
    switch (s.plan.kind) {
      case 'twap':
        return this.runTwap(s, s.plan);
      case 'scale':
        return this.runScale(s, s.plan);
      case 'chase':
        return this.runChase(s, s.plan);
      case 'trailingStop':
        return this.runTrailingStop(s, s.plan);
    }
  }

  /** Sends every slice that is due, then sleeps until the next one. */
  private async runTwap(s: AlgoState, plan: TwapPlan): Promise<void> {
    const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
    const px = (v: bigint) => formatDecimal(v, plan.priceScale);
    while (s.status === 'running' && !this.stopped) {
      const filled = algoProgress(s).filled;
      const remaining = plan.total - filled;
      if (remaining <= 0n) return this.setStatus(s, 'done', `filled ${qty(filled)} of ${qty(plan.total)}`);
      if (s.nextSlice >= plan.slices) return this.setStatus(s, 'failed', `ended with ${qty(remaining)} of ${qty(plan.total)} unfilled`);
      const slot = twapSlot(plan, s.base, s.nextSlice);
      const now = this.sched.now();
      if (now >= slot.end && s.waiting === undefined) {
        // Its slot closed before the runner got to it (the process suspended, the machine
        // asleep, a step that overran): the missed slots are not caught up in a burst. The
        // schedule is based again from now, as a resume does: this slice goes in its fresh
        // slot, the rest an interval apart, and the TWAP ends that much later.
        this.rebase(s, { at: now, slice: s.nextSlice });
        continue;
      }
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

  /** Slot times count from `base` from now on, written down so a restart keeps them. */
  private rebase(s: AlgoState, base: AlgoState['base']): void {
    s.base = base;
    this.setStatus(s, 'running', undefined, { base });
  }

  /** Sends the scale's orders not sent yet, at most 10 a request, each written down first; done when all are placed. */
  private async runScale(s: AlgoState, plan: ScalePlan): Promise<void> {
    const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
    const px = (v: bigint) => formatDecimal(v, plan.priceScale);
    if (s.status === 'working' && !this.stopped) return this.watchScale(s, plan);
    while (s.status === 'running' && !this.stopped) {
      // Every order not placed yet: never sent, or sent in a request that never arrived
      // (settled absent after a restart: its cloid is spent, the order goes again under a new one).
      const todo = unplacedOrders(s, plan.orders.length);
      if (todo.length === 0) return this.scalePlaced(s, plan);
      const m = await this.readMarket(plan, true);
      if (this.stopped || s.status !== 'running') return;
      if (!m.ok) {
        s.waiting = m.wait;
        return this.wake(s, this.sched.now() + this.recheckMs);
      }
      const at = this.sched.now();
      const batch = todo.slice(0, MAX_ORDERS_PER_REQUEST);
      const checked: { child: ChildOrder; specs: ClientOrderSpecs }[] = [];
      for (const k of batch) {
        const o = plan.orders[k]!;
        const draft: ChildDraft = { cloid: this.cloids.next(), isBuy: plan.isBuy, size: o.size, price: o.price, reduceOnly: plan.reduceOnly, tif: plan.tif };
        const check = checkChildOrder(this.host.store.getState(), { keys: this.host.keys, settings: this.o.settings, now: at }, plan, draft, m);
        if (!check.ok) return this.setStatus(s, 'paused', `order ${k + 1}: ${check.reason}`);
        if (check.built.call.kind !== 'order') return this.setStatus(s, 'paused', `order ${k + 1}: the order form built a ${check.built.call.kind}`);
        checked.push({ child: childOf(draft, k, at), specs: check.built.call.specs });
      }
      // Every order of the batch on disk, each by its cloid, before the batch leaves.
      for (const { child } of checked) {
        this.write({ type: 'child', id: plan.id, time: at, child });
        s.children.push(child);
      }
      s.nextSlice = Math.max(s.nextSlice, batch.at(-1)! + 1);
      delete s.waiting;
      s.updatedAt = at;
      this.emit(s);
      const call = { kind: 'order' as const, specs: checked.flatMap((c) => c.specs) };
      const sent = await sendCall(this.host.sender, call, renderOptionsFor(this.host.store.getState().market.configs, call));
      const time = this.sched.now();
      checked.forEach(({ child }, k) => this.recordAnswer(s, child, answerOfOrderResult(sent.outcome as OrderResult, child, plan, time, k)));
      for (const { child } of checked) if (this.pausedOnAnswer(s, child, `order ${child.slice + 1}`)) return;
    }
  }

  /**
   * Every order placed: done once nothing rests and all filled; while some rest it is
   * `working` (nothing more to send), looked at again every `recheckMs` by cloid.
   */
  private scalePlaced(s: AlgoState, plan: ScalePlan): void {
    const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
    const px = (v: bigint) => formatDecimal(v, plan.priceScale);
    const placed = s.children.filter((c) => !neverArrived(c));
    const resting = placed.filter((c) => c.answer?.resting).length;
    const filled = algoProgress(s).filled;
    const words = `placed ${plan.orders.length} orders, ${qty(plan.total)} at an average ${px(plan.avgPx)}`;
    if (resting > 0) {
      const reason = `${words}: ${resting} resting, filled ${qty(filled)} of ${qty(plan.total)}`;
      if (s.status !== 'working' || s.reason !== reason) this.setStatus(s, 'working', reason);
      return this.wake(s, this.sched.now() + this.recheckMs);
    }
    if (filled >= plan.total) return this.setStatus(s, 'done', `${words}: filled ${qty(filled)} of ${qty(plan.total)}`);
    // Nothing rests and not all filled: its orders were cancelled or ended outside the algo.
    return this.setStatus(s, 'done', `${words}: none rests any more (cancelled outside the algo), filled ${qty(filled)} of ${qty(plan.total)}`);
  }

  /** A working scale's resting orders read by cloid; what they came to is written down. */
  private async watchScale(s: AlgoState, plan: ScalePlan): Promise<void> {
    const resting = s.children.filter((c) => c.answer?.resting);
    const look = await this.host.info.ordersByCloids(this.host.address, resting.map((c) => c.cloid));
    if (this.stopped || s.status !== 'working') return;
    if (!look.ok) {
      s.waiting = `cannot read its orders: ${look.error.message}`;
      return this.wake(s, this.sched.now() + this.recheckMs);
    }
    delete s.waiting;
    let fills: readonly Fill[] | undefined;
    for (const c of resting) {
      let answer = answerOfLookup(look.value.find((l) => l.order.cloid === c.cloid), c, plan, this.sched.now());
      if (answer.pxIsLimit) answer = withFillAverage(answer, (fills ??= await this.recentFills()), plan);
      if (c.answer?.status !== answer.status || c.answer.filled !== answer.filled) this.recordAnswer(s, c, answer);
    }
    return this.scalePlaced(s, plan);
  }

  /**
   * One look at the chase: place its post-only order at the target, or read where the order
   * stands (filled ends it), then move it to where the book now puts it by modify (the oid
   * and cloid stay); past the limit it stops or crosses. Then sleeps one interval.
   */
  private async runChase(s: AlgoState, plan: ChasePlan): Promise<void> {
    if (s.status !== 'running' || this.stopped) return;
    const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
    const px = (v: bigint) => formatDecimal(v, plan.priceScale);
    // A cross already went out (a restart after it): that was the chase's last act.
    // A child whose request never arrived (settled absent) was never an order: it is sent again under a new cloid.
    const crossed = s.children.find((c) => c.slice === 1 && !neverArrived(c));
    if (crossed) return this.setStatus(s, algoProgress(s).filled >= plan.total ? 'done' : 'failed', `crossed at ${px(crossed.price)} past its limit ${px(plan.limitPx)}: filled ${qty(algoProgress(s).filled)} of ${qty(plan.total)}`);
    const order = s.children.find((c) => c.slice === 0 && !neverArrived(c));
    // The account too: a placement and a move are both checked as the trader's own would be.
    const m = await this.readMarket(plan, true);
    if (this.stopped || s.status !== 'running') return;
    const later = () => this.wake(s, this.sched.now() + plan.intervalMs);
    if (!m.ok) {
      s.waiting = m.wait;
      return later();
    }
    const side = plan.isBuy ? 'bid' : 'ask';
    if (!order) {
      const target = chaseTarget(m.book, plan);
      if (target === undefined) {
        s.waiting = `no ${side} to follow`;
        return later();
      }
      if (pastLimit(plan, target)) return this.chaseAtLimit(s, plan, undefined, m);
      const child = await this.sendChild(s, { cloid: this.cloids.next(), isBuy: plan.isBuy, size: plan.total, price: target, reduceOnly: plan.reduceOnly, tif: 'Alo' }, 0, m, 'chase order');
      if (!child || this.pausedOnAnswer(s, child, 'chase order')) return;
      if (!child.answer?.resting) return this.setStatus(s, child.answer?.status === 'filled' ? 'done' : 'paused', `chase order: ${child.answer?.detail ?? 'no answer'}`);
      s.chasePx = target;
      return later();
    }

    const look = await this.host.info.ordersByCloids(this.host.address, [order.cloid]);
    if (this.stopped || s.status !== 'running') return;
    if (!look.ok) {
      s.waiting = `cannot read the chase order: ${look.error.message}`;
      return later();
    }
    const found = look.value.find((l) => l.order.cloid === order.cloid);
    let answer = answerOfLookup(found, order, plan, this.sched.now());
    if (answer.pxIsLimit) answer = withFillAverage(answer, await this.recentFills(), plan);
    if (order.answer?.status !== answer.status || order.answer.filled !== answer.filled) this.recordAnswer(s, order, answer);
    if (answer.status === 'filled') return this.setStatus(s, 'done', `filled ${qty(plan.total)} of ${qty(plan.total)}`);
    if (!found || !answer.resting) return this.setStatus(s, answer.filled >= plan.total ? 'done' : 'failed', `the chase order is no longer on the book (${answer.detail}): filled ${qty(answer.filled)} of ${qty(plan.total)}`);
    const current = parseDecimal(found.order.limitPx, plan.priceScale, 'limitPx');
    if (s.chasePx !== current) {
      // A move that landed but was not written (a restart), or one made by hand: the exchange is right.
      s.chasePx = current;
      this.write({ type: 'move', id: plan.id, time: this.sched.now(), cloid: order.cloid, price: current });
    }
    const target = chaseTarget(m.book, plan, { price: current, remaining: parseDecimal(found.order.sz, plan.qtyScale, 'sz') });
    if (target === undefined) {
      s.waiting = `nothing else on the ${side}: staying at ${px(current)}`;
      return later();
    }
    if (pastLimit(plan, target)) return this.chaseAtLimit(s, plan, order, m);
    delete s.waiting;
    if (target !== current) {
      const check = checkChildModify(this.host.store.getState(), { keys: this.host.keys, settings: this.o.settings, now: this.sched.now() }, plan, found.order, target, m);
      // The order keeps resting where it is; the trader resumes (or cancels) once the reason is dealt with.
      if (!check.ok) return this.setStatus(s, 'paused', `move to ${px(target)}: ${check.reason}`);
      if (check.built.call.kind !== 'modify') return this.setStatus(s, 'paused', `move to ${px(target)}: the modify form built a ${check.built.call.kind}`);
      const r = await this.host.sender.modify(check.built.call.params);
      if (r.ok && r.reconciled === undefined) {
        s.chasePx = target;
        this.write({ type: 'move', id: plan.id, time: this.sched.now(), cloid: order.cloid, price: target });
      } else {
        // The next look reads where the order really is.
        s.waiting = `move to ${px(target)} not confirmed: ${r.ok ? 'answer lost, read from the exchange next' : r.error.message}`;
      }
    }
    s.updatedAt = this.sched.now();
    this.emit(s);
    return later();
  }

  /** The book went past the chase's limit: its order is cancelled (what it filled read back), then it stops, or sends the rest as an Ioc at the limit. */
  private async chaseAtLimit(s: AlgoState, plan: ChasePlan, order: ChildOrder | undefined, m: MarketNow): Promise<void> {
    const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
    const limit = formatDecimal(plan.limitPx, plan.priceScale);
    if (order) {
      await this.cancelChildren(s, [order]);
      const settled = await this.settle(s);
      if (settled.error || unsettledOf(s).length > 0) return this.setStatus(s, 'paused', `at its limit ${limit}: the cancelled chase order could not be read back (${settled.error ?? 'not found'}); resume reads it first`);
    }
    const filled = algoProgress(s).filled;
    const remaining = plan.total - filled;
    if (remaining <= 0n) return this.setStatus(s, 'done', `filled ${qty(filled)} of ${qty(plan.total)}`);
    if (plan.atLimit === 'stop') return this.setStatus(s, 'failed', `stopped at its limit ${limit}: filled ${qty(filled)} of ${qty(plan.total)}`);
    if (this.host.refresh) {
      const r = await this.host.refresh();
      if (!r.ok) return this.setStatus(s, 'paused', `at its limit ${limit}: cannot read the account (${r.error.message})`);
    }
    // The touch is past the limit, so the far side is too: an Ioc at the limit itself could
    // never fill. The cross takes the far touch as read now, an Ioc bounded there.
    const far = (plan.isBuy ? m.book.levels[1] : m.book.levels[0])[0];
    if (!far) return this.setStatus(s, 'failed', `at its limit ${limit} with no ${plan.isBuy ? 'ask' : 'bid'} to cross: filled ${qty(filled)} of ${qty(plan.total)}`);
    const price = parseDecimal(far.px, plan.priceScale, 'px');
    const child = await this.sendChild(s, { cloid: this.cloids.next(), isBuy: plan.isBuy, size: remaining, price, reduceOnly: plan.reduceOnly }, 1, m, 'crossing order');
    if (!child || this.pausedOnAnswer(s, child, 'crossing order')) return;
    const crossedFill = algoProgress(s).filled;
    return this.setStatus(s, crossedFill >= plan.total ? 'done' : 'failed', `crossed at ${formatDecimal(price, plan.priceScale)} past its limit ${limit}: filled ${qty(crossedFill)} of ${qty(plan.total)}`);
  }

  /**
   * One look at the mark: the best so far moves with it (written down when it does); a
   * retrace to the trigger fires it, once. Fired, it closes the position as the account
   * holds it then (its size and its own side, whatever the size at start), and works until
   * that position is closed: each close a reduce-only Ioc `throughTicks` through the touch
   * as the book is now, never past the bound (`boundPx`); at the bound with size still open
   * it ends failed, saying how much. Done only when the position is closed.
   */
  private async runTrailingStop(s: AlgoState, plan: TrailingStopPlan): Promise<void> {
    if (s.status !== 'running' || this.stopped) return;
    const px = (v: bigint) => formatDecimal(v, plan.priceScale);
    // A stop with a close that reached (or may have reached) the exchange but no 'fired' line: a file from before it was written.
    if (!s.fired) {
      const old = s.children.find((c) => !neverArrived(c));
      if (old) s.fired = { mark: s.bestMark ?? plan.startMark, size: old.size, isBuy: old.isBuy };
    }
    if (s.fired) return this.closeFired(s, plan, s.fired);
    const later = () => this.wake(s, this.sched.now() + plan.intervalMs);
    const ms = await this.host.info.marketState(plan.contractId);
    if (this.stopped || s.status !== 'running') return;
    if (!ms.ok || ms.value.markPx === null) {
      s.waiting = ms.ok ? 'no mark price' : `cannot read the mark: ${ms.error.message}`;
      return later();
    }
    const mark = parseDecimal(ms.value.markPx, plan.priceScale, 'markPx');
    const was = s.bestMark ?? plan.startMark;
    const best = bestMarkOf(plan, was, mark);
    if (best !== was) {
      this.write({ type: 'best', id: plan.id, time: this.sched.now(), mark: best });
      s.bestMark = best;
    }
    const trigger = trailingTrigger(plan, best);
    if (!trigger.hit(mark)) {
      s.waiting = `mark ${px(mark)}, best ${px(best)}: fires at ${px(trigger.at)}`;
      s.updatedAt = this.sched.now();
      this.emit(s);
      return later();
    }
    const m = await this.readMarket(plan, true);
    if (this.stopped || s.status !== 'running') return;
    if (!m.ok) {
      s.waiting = `triggered at mark ${px(mark)} but ${m.wait}`;
      return this.wake(s, this.sched.now() + Math.min(plan.intervalMs, this.recheckMs));
    }
    const position = this.positionOf(plan.contractId, plan.qtyScale);
    if (position === 0n) return this.setStatus(s, 'done', `triggered at mark ${px(mark)} (best ${px(best)}), but there is no ${plan.contract} position left to close`);
    // The position as it is now, in its own direction: a long is closed by a sell.
    const fired = { mark, size: position < 0n ? -position : position, isBuy: position < 0n };
    this.write({ type: 'fired', id: plan.id, time: this.sched.now(), ...fired });
    s.fired = fired;
    return this.closeFired(s, plan, fired, m);
  }

  /** One close of a fired stop (see runTrailingStop), then the next a short wait later, until the position is closed or the bound is reached. */
  private async closeFired(s: AlgoState, plan: TrailingStopPlan, fired: FiredStop, market?: { ok: true } & MarketNow): Promise<void> {
    const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
    const px = (v: bigint) => formatDecimal(v, plan.priceScale);
    const firedAt = `fired at mark ${px(fired.mark)}${s.bestMark !== undefined && s.bestMark !== fired.mark ? ` (best ${px(s.bestMark)})` : ''}`;
    const m = market ?? (await this.readMarket(plan, true));
    if (this.stopped || s.status !== 'running') return;
    const retry = () => this.wake(s, this.sched.now() + Math.min(plan.intervalMs, this.recheckMs));
    if (!m.ok) {
      s.waiting = `${firedAt}, closing: ${m.wait}`;
      return retry();
    }
    const closed = () => `${firedAt}: closed ${qty(algoProgress(s).filled)} of ${qty(fired.size)}`;
    const open = this.openSize(plan, fired);
    if (open <= 0n) return this.setStatus(s, 'done', `${closed()}; the position is closed`);
    const attempts = s.children.filter((c) => !neverArrived(c)).length;
    const bound = boundPx(plan, fired);
    if (attempts >= MAX_CLOSES) return this.setStatus(s, 'failed', `${closed()}; ${qty(open)} still open after ${attempts} closes (bound ${px(bound)})`);
    const touch = (fired.isBuy ? m.book.levels[1] : m.book.levels[0])[0];
    const at = closePx(plan, fired, touch ? parseDecimal(touch.px, plan.priceScale, 'px') : undefined);
    const child = await this.sendChild(s, { cloid: this.cloids.next(), isBuy: fired.isBuy, size: open, price: at.price, reduceOnly: true }, 0, m, `stop ${firedAt}, close at ${px(at.price)}`);
    if (!child || this.pausedOnAnswer(s, child, 'stop')) return;
    if (this.host.refresh) {
      const r = await this.host.refresh();
      if (!r.ok) {
        s.waiting = `${firedAt}, closing: cannot read the account: ${r.error.message}`;
        return retry();
      }
    }
    const left = this.openSize(plan, fired);
    if (left <= 0n) return this.setStatus(s, 'done', `${closed()}; the position is closed`);
    if (at.atBound) return this.setStatus(s, 'failed', `${closed()}; reached its bound ${px(bound)} with ${qty(left)} ${plan.contract} still open`);
    s.waiting = `${firedAt}: ${qty(left)} still open, closing again through the touch`;
    return retry();
  }

  /** What is left of the position a fired stop closes: the account's position on its side, 0 once closed or flipped. */
  private openSize(plan: TrailingStopPlan, fired: FiredStop): bigint {
    const position = this.positionOf(plan.contractId, plan.qtyScale);
    const left = fired.isBuy ? -position : position;
    return left > 0n ? left : 0n;
  }

  /** The mark and book for a child's checks, with the account read first when `account` (a session without streams). */
  private async readMarket(plan: AlgoPlan, account: boolean): Promise<({ ok: true } & MarketNow) | { ok: false; wait: string }> {
    const [ms, book] = await Promise.all([this.host.info.marketState(plan.contractId), this.host.info.l2Book(plan.contractId)]);
    if (!ms.ok) return { ok: false, wait: `cannot read the mark: ${ms.error.message}` };
    if (!book.ok) return { ok: false, wait: `cannot read the book: ${book.error.message}` };
    if (account && this.host.refresh) {
      const r = await this.host.refresh();
      if (!r.ok) return { ok: false, wait: `cannot read the account: ${r.error.message}` };
    }
    return { ok: true, marketState: ms.value, book: book.value };
  }

  /**
   * A child through the order form's checks, written down, sent, and its answer recorded.
   * Undefined when the checks refused it: the algo is then paused with the reason.
   */
  private async sendChild(s: AlgoState, draft: ChildDraft, slice: number, m: MarketNow, label: string): Promise<ChildOrder | undefined> {
    const at = this.sched.now();
    const check = checkChildOrder(this.host.store.getState(), { keys: this.host.keys, settings: this.o.settings, now: at }, s.plan, draft, m);
    if (!check.ok) {
      this.setStatus(s, 'paused', `${label}: ${check.reason}`);
      return undefined;
    }
    const child = childOf(draft, slice, at);
    // On disk before it leaves: a crash from here on leaves a child to settle by cloid, never one to send again.
    this.write({ type: 'child', id: s.plan.id, time: at, child });
    s.children.push(child);
    s.nextSlice = Math.max(s.nextSlice, slice + 1);
    delete s.waiting;
    s.updatedAt = at;
    this.emit(s);
    const sent = await sendCall(this.host.sender, check.built.call, renderOptionsFor(this.host.store.getState().market.configs, check.built.call));
    this.recordAnswer(s, child, answerOfOrderResult(sent.outcome as OrderResult, child, s.plan, this.sched.now()));
    return child;
  }

  /** Pauses the algo when a child's answer leaves it unknown, refused or never arrived; true when it did. */
  private pausedOnAnswer(s: AlgoState, c: ChildOrder, label: string): boolean {
    const a = c.answer;
    if (!a) return false;
    if (a.status === 'unknown') this.setStatus(s, 'paused', `${label} (cloid ${c.cloid}): outcome unknown (${a.detail}); resume reads it from the exchange first`);
    else if (a.status === 'rejected') this.setStatus(s, 'paused', `${label} (cloid ${c.cloid}) refused by the exchange: ${a.detail}`);
    else if (a.status === 'absent') this.setStatus(s, 'paused', `${label} (cloid ${c.cloid}) did not reach the exchange: ${a.detail}`);
    else return false;
    return true;
  }

  /** Reads every child with no known outcome by cloid from the exchange and records what it says. */
  private async settle(s: AlgoState): Promise<{ answers: { cloid: string; answer: ChildAnswer }[]; error?: string }> {
    const open = unsettledOf(s);
    if (open.length === 0) return { answers: [] };
    const r = await this.host.info.ordersByCloids(this.host.address, open.map((c) => c.cloid));
    if (!r.ok) return { answers: [], error: r.error.message };
    const answers: { cloid: string; answer: ChildAnswer }[] = [];
    let fills: readonly Fill[] | undefined;
    for (const c of open) {
      let answer = answerOfLookup(
        r.value.find((l) => l.order.cloid === c.cloid),
        c,
        s.plan,
        this.sched.now(),
      );
      if (answer.pxIsLimit) answer = withFillAverage(answer, (fills ??= await this.recentFills()), s.plan);
      this.recordAnswer(s, c, answer);
      answers.push({ cloid: c.cloid, answer });
    }
    return { answers };
  }

  /** The fills at hand; none when they cannot be read (the limit then stays as the bound it is). */
  private async recentFills(): Promise<readonly Fill[]> {
    try {
      if (this.o.fills) return await this.o.fills();
      return this.host.store.getState().orders?.fills ?? [];
    } catch {
      return [];
    }
  }

  /** Children an earlier start settled at their limit get their real average when the fills now cover them. */
  private async refineAverages(s: AlgoState): Promise<void> {
    const bound = s.children.filter((c) => c.answer?.pxIsLimit);
    if (bound.length === 0) return;
    const fills = await this.recentFills();
    for (const c of bound) {
      const better = withFillAverage(c.answer!, fills, s.plan);
      if (better !== c.answer) this.recordAnswer(s, c, { ...better, time: this.sched.now() });
    }
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
    // "paused: paused: …": a reason that starts with the status it explains says it once.
    if (reason !== undefined && reason.startsWith(`${status}: `)) reason = reason.slice(status.length + 2);
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

interface MarketNow {
  marketState: MarketState;
  book: L2Book;
}

type ClientOrderSpecs = Extract<ChildCheckBuilt, { kind: 'order' }>['specs'];
type ChildCheckBuilt = Extract<ReturnType<typeof checkChildOrder>, { ok: true }>['built']['call'];

function childOf(d: ChildDraft, slice: number, sentAt: number): ChildOrder {
  const child: ChildOrder = { cloid: d.cloid, slice, isBuy: d.isBuy, size: d.size, price: d.price, reduceOnly: d.reduceOnly, sentAt };
  if (d.tif === 'Gtc' || d.tif === 'Alo') child.tif = d.tif;
  return child;
}

function unsettledOf(s: AlgoState): ChildOrder[] {
  return s.children.filter((c) => !c.answer || c.answer.status === 'unknown');
}

/** Settled absent: the exchange never had it, so it neither filled nor rests. */
function neverArrived(c: ChildOrder): boolean {
  return c.answer?.status === 'absent';
}

/** A scale's order indices with no child that reached the exchange (or may have: one still unknown counts as placed). */
function unplacedOrders(s: AlgoState, count: number): number[] {
  const placed = new Set(s.children.filter((c) => !neverArrived(c)).map((c) => c.slice));
  const out: number[] = [];
  for (let k = 0; k < count; k++) if (!placed.has(k)) out.push(k);
  return out;
}
