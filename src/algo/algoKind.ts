import type { CloidGenerator } from '../client/cloid.js';
import type { FormSettings } from '../forms/index.js';
import type { Fill, L2Book, MarketState } from '../protocol/wire/index.js';
import type { AlgoHost } from './algoHost.js';
import type { AlgoPlan } from './algoPlan.js';
import type { AlgoRecord } from './algoRecord.js';
import type { AlgoState, ChildAnswer, ChildOrder } from './algoState.js';
import type { ChildDraft, checkChildOrder } from './checkChildOrder.js';
import type { Scheduler } from './scheduler.js';

/**
 * One kind of algorithm as a record, beside its plan (`twapPlan.ts` and `twapKind.ts`, ...):
 * its step (what it does each time the runner wakes it, and when that is "done"), what a
 * resume checks first, and what a start does with one the file left in flight. The runner
 * (`algoRunner.ts`) keeps the file, the queue (one step at a time per algo), child I/O and
 * the states; a kind reaches them through `KindContext` only.
 */
export interface AlgoKind<P extends AlgoPlan> {
  kind: P['kind'];
  /** What "done" means for this kind, in words (the rule `step` applies). */
  done: string;
  /** One step: ends by sleeping until the next one (`wake`) or by ending the algo (`setStatus`). */
  step(ctx: KindContext, s: AlgoState, plan: P): Promise<void>;
  /** What a resume checks before running again, beyond the contract being active: `error` refuses the resume, `end` ends the algo with that reason. */
  onResume?(ctx: KindContext, s: AlgoState, plan: P): Promise<{ error?: string; end?: string }>;
  /** After a start has read the file back and settled its children. */
  onStart?(ctx: KindContext, s: AlgoState, plan: P): void;
}

/** What a kind may use of the runner. */
export interface KindContext {
  readonly host: AlgoHost;
  readonly sched: Scheduler;
  readonly cloids: CloidGenerator;
  readonly settings: FormSettings;
  /** How often a step waiting on the market looks again. */
  readonly recheckMs: number;
  stopped(): boolean;
  setStatus(s: AlgoState, status: AlgoState['status'], reason: string | undefined, extra?: { interrupted?: boolean; base?: AlgoState['base'] }): void;
  wake(s: AlgoState, at: number): void;
  write(r: AlgoRecord): void;
  emit(s: AlgoState): void;
  readMarket(plan: AlgoPlan, account: boolean): Promise<({ ok: true } & MarketNow) | { ok: false; wait: string }>;
  /** A child through the order form's checks, written down, sent, its answer recorded; undefined when the checks refused it (the algo is then paused). */
  sendChild(s: AlgoState, draft: ChildDraft, slice: number, m: MarketNow, label: string): Promise<ChildOrder | undefined>;
  /** Pauses the algo when a child's answer leaves it unknown, refused or never arrived; true when it did. */
  pausedOnAnswer(s: AlgoState, c: ChildOrder, label: string): boolean;
  recordAnswer(s: AlgoState, c: ChildOrder, answer: ChildAnswer): void;
  settle(s: AlgoState): Promise<{ answers: { cloid: string; answer: ChildAnswer }[]; error?: string }>;
  cancelChildren(s: AlgoState, children: ChildOrder[]): Promise<void>;
  recentFills(): Promise<readonly Fill[]>;
  /** The account's position on a contract as the store has it, raw and signed (negative: short). */
  positionOf(contractId: number, qtyScale: number): bigint;
}

export interface MarketNow {
  marketState: MarketState;
  book: L2Book;
}


export function childOf(d: ChildDraft, slice: number, sentAt: number): ChildOrder {
  const child: ChildOrder = { cloid: d.cloid, slice, isBuy: d.isBuy, size: d.size, price: d.price, reduceOnly: d.reduceOnly, sentAt };
  if (d.tif === 'Gtc' || d.tif === 'Alo') child.tif = d.tif;
  return child;
}

export function unsettledOf(s: AlgoState): ChildOrder[] {
  return s.children.filter((c) => !c.answer || c.answer.status === 'unknown');
}

/** Settled absent: the exchange never had it, so it neither filled nor rests. */
export function neverArrived(c: ChildOrder): boolean {
  return c.answer?.status === 'absent';
}
