import { randomBytes } from 'node:crypto';
import { CloidGenerator } from '../client/cloid.js';
import type { FormSettings } from '../forms/index.js';
import type { OrderResult } from '../model/actionOutcome.js';
import { parseDecimal } from '../protocol/index.js';
import { build, MAX_CANCELS_PER_REQUEST, type ContractConfig, type Fill } from '../protocol/wire/index.js';
import { renderOptionsFor, sendCall } from '../session/sendCall.js';
import { archivedWhy } from './algoArchive.js';
import type { AlgoHost } from './algoHost.js';
import { childOf, unsettledOf, type AlgoKind, type KindContext, type MarketNow } from './algoKind.js';
import { CHASE_KIND } from './chaseKind.js';
import { SCALE_KIND } from './scaleKind.js';
import { TRAILING_STOP_KIND } from './trailingStopKind.js';
import { TWAP_KIND } from './twapKind.js';
import { AlgoLog } from './algoLog.js';
import type { AlgoPlan } from './algoPlan.js';
import { recordLine, type AlgoRecord } from './algoRecord.js';
import { isFinished, type AlgoState, type ChildAnswer, type ChildOrder } from './algoState.js';
import { answerOfLookup, answerOfOrderResult } from './childAnswer.js';
import { chasePlan, chaseTarget, type ChaseRequest } from './chasePlan.js';
import { compactionOf, recordsOf } from './compactAlgoFile.js';
import { withFillAverage } from './fillAverage.js';
import { checkChildOrder, type ChildDraft } from './checkChildOrder.js';
import { scalePlan, type ScaleRequest } from './scalePlan.js';
import { trailingStopPlan, type TrailingStopRequest } from './trailingStopPlan.js';
import { replayAlgoLines } from './replayAlgos.js';
import { realScheduler, type Scheduler } from './scheduler.js';
import { twapPlan, type TwapRequest } from './twapPlan.js';

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

/**
 * Runs execution algorithms inside a session. Everything it does is written to the algo
 * file first: the plan, each child order (by cloid) before it is sent, its answer after, and
 * every state change. `start()` reads the file back: children with no recorded answer are
 * settled by cloid from the exchange's records, never sent again, and an algo that was
 * running is left `paused (interrupted)` with its progress from what actually filled;
 * nothing resumes by itself. Steps of one algo run one at a time (a pause waits for a
 * slice in flight), and every child goes through the order form's checks and guards (a
 * chase's move through the modify form's); one that fails them pauses its algo with the
 * reason. Each kind is a record beside its plan (`twapKind.ts`, `scaleKind.ts`,
 * `chaseKind.ts`, `trailingStopKind.ts`: its step, what "done" means, what a resume checks):
 * the runner keeps the file, the queue and child I/O, and lends them to a kind through
 * `KindContext`.
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
  private offReconnect: (() => void) | undefined;

  /** What the kinds' records (`*Kind.ts`) may use of the runner. */
  private readonly ctx: KindContext;

  constructor(private readonly o: AlgoRunnerOptions) {
    this.host = o.host;
    this.log = new AlgoLog(o.stateDir, o.fileName);
    this.sched = o.scheduler ?? realScheduler;
    this.cloids = o.cloids ?? new CloidGenerator(() => this.sched.now());
    this.recheckMs = o.recheckMs ?? 5_000;
    this.ctx = {
      host: this.host,
      sched: this.sched,
      cloids: this.cloids,
      settings: o.settings,
      recheckMs: this.recheckMs,
      stopped: () => this.stopped,
      setStatus: (s, status, reason, extra) => this.setStatus(s, status, reason, extra),
      wake: (s, at) => this.wake(s, at),
      write: (r) => this.write(r),
      emit: (s) => this.emit(s),
      readMarket: (plan, account) => this.readMarket(plan, account),
      sendChild: (s, draft, slice, m, label) => this.sendChild(s, draft, slice, m, label),
      pausedOnAnswer: (s, c, label) => this.pausedOnAnswer(s, c, label),
      recordAnswer: (s, c, a) => this.recordAnswer(s, c, a),
      settle: (s) => this.settle(s),
      cancelChildren: (s, children) => this.cancelChildren(s, children),
      recentFills: () => this.recentFills(),
      positionOf: (contractId, qtyScale) => this.positionOf(contractId, qtyScale),
    };
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
      kindOf(s.plan).onStart?.(this.ctx, s, s.plan as never);
    }
    this.offReconnect = this.host.onReconnect?.(() => this.settleAfterReconnect());
    return out;
  }

  /**
   * After the session's WebSocket is open again: each of this session's algos with a child
   * whose outcome is unknown (its answer lost, or not read back at start while the exchange
   * was away) has it read by cloid, in its own queue (after any step in flight), as a start
   * and a resume do. An algo paused on that unknown stays paused, its reason now saying what
   * the exchange answered; a resume goes on from there.
   */
  private settleAfterReconnect(): void {
    if (this.stopped) return;
    for (const s of this.algos.values()) {
      if (!this.mine(s) || unsettledOf(s).length === 0) continue;
      void this.enqueue(s.plan.id, async () => {
        if (this.stopped || unsettledOf(s).length === 0) return;
        const settled = await this.settle(s);
        if (settled.error || settled.answers.length === 0) return;
        if (s.status === 'paused' && unsettledOf(s).length === 0 && /outcome unknown|still unknown/.test(s.reason ?? '')) {
          const said = settled.answers.map((a) => `${a.cloid} ${s.children.find((c) => c.cloid === a.cloid)?.answer?.status ?? a.answer.status}`).join(', ');
          this.setStatus(s, 'paused', `the outcome left unknown was read back from the exchange after a reconnect (${said}); resume it to go on`, { interrupted: s.interrupted });
        }
      });
    }
  }

  /** Whether the algo belongs to this session's account and venue (a field a file does not record counts as a match). */
  mine(s: AlgoState): boolean {
    return this.archivedWhy(s) === undefined;
  }

  /** Why an algo of the file is archived here (another account's, another venue's), or undefined when it is this session's. */
  archivedWhy(s: AlgoState): string | undefined {
    return archivedWhy(s.plan, { account: this.host.address, venue: this.o.venue });
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

  /** What a resume checks first: the contract still active, then what the algo's kind asks (a trailing stop: its position still there). */
  private async stillMakesSense(s: AlgoState): Promise<{ error?: string; end?: string }> {
    const plan = s.plan;
    if (!this.host.store.getState().market.contracts[plan.contract]) return { error: `${plan.contract} is not an active contract now; not resumed` };
    return (await kindOf(plan).onResume?.(this.ctx, s, plan as never)) ?? {};
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
      const action = build.cancelByCloid(batch.map((c) => ({ contractId: s.plan.contractId, cloid: c.cloid })));
      await sendCall(this.host.sender, action, renderOptionsFor(this.host.store.getState().market.configs, action));
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
    this.offReconnect?.();
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

  /** One step of the algo, by its kind's record; each ends by sleeping until its next one or by ending the algo. */
  private run(s: AlgoState): Promise<void> {
    return kindOf(s.plan).step(this.ctx, s, s.plan as never);
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
    const sent = await sendCall(this.host.sender, check.built.action, renderOptionsFor(this.host.store.getState().market.configs, check.built.action));
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

const KINDS = { twap: TWAP_KIND, scale: SCALE_KIND, chase: CHASE_KIND, trailingStop: TRAILING_STOP_KIND } as const;

function kindOf(plan: AlgoPlan): AlgoKind<AlgoPlan> {
  return KINDS[plan.kind] as unknown as AlgoKind<AlgoPlan>;
}
