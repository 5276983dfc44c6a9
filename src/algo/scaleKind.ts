import type { OrderResult } from '../model/actionOutcome.js';
import { formatDecimal } from '../protocol/index.js';
import { MAX_ORDERS_PER_REQUEST, type ActionOf, type Fill } from '../protocol/wire/index.js';
import { renderOptionsFor, sendCall } from '../session/sendCall.js';
import { childOf, neverArrived, type AlgoKind, type KindContext } from './algoKind.js';
import type { ScalePlan } from './algoPlan.js';
import { algoProgress } from './algoProgress.js';
import type { AlgoState, ChildOrder } from './algoState.js';
import { checkChildOrder, type ChildDraft } from './checkChildOrder.js';
import { answerOfLookup, answerOfOrderResult } from './childAnswer.js';
import { withFillAverage } from './fillAverage.js';

/** Sends the scale's orders not sent yet, at most 10 a request, each written down first; done when all are placed. */
async function runScale(ctx: KindContext, s: AlgoState, plan: ScalePlan): Promise<void> {
  const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
  const px = (v: bigint) => formatDecimal(v, plan.priceScale);
  if (s.status === 'working' && !ctx.stopped()) return watchScale(ctx, s, plan);
  while (s.status === 'running' && !ctx.stopped()) {
    // Every order not placed yet: never sent, or sent in a request that never arrived
    // (settled absent after a restart: its cloid is spent, the order goes again under a new one).
    const todo = unplacedOrders(s, plan.orders.length);
    if (todo.length === 0) return scalePlaced(ctx, s, plan);
    const m = await ctx.readMarket(plan, true);
    if (ctx.stopped() || s.status !== 'running') return;
    if (!m.ok) {
      s.waiting = m.wait;
      return ctx.wake(s, ctx.sched.now() + ctx.recheckMs);
    }
    const at = ctx.sched.now();
    const batch = todo.slice(0, MAX_ORDERS_PER_REQUEST);
    const checked: { child: ChildOrder; orders: ActionOf<'order'>['orders'] }[] = [];
    for (const k of batch) {
      const o = plan.orders[k]!;
      const draft: ChildDraft = { cloid: ctx.cloids.next(), isBuy: plan.isBuy, size: o.size, price: o.price, reduceOnly: plan.reduceOnly, tif: plan.tif };
      const check = checkChildOrder(ctx.host.store.getState(), { keys: ctx.host.keys, settings: ctx.settings, now: at }, plan, draft, m);
      if (!check.ok) return ctx.setStatus(s, 'paused', `order ${k + 1}: ${check.reason}`);
      const built = check.built.action;
      if (built.type !== 'order') return ctx.setStatus(s, 'paused', `order ${k + 1}: the order form built a ${built.type}`);
      checked.push({ child: childOf(draft, k, at), orders: built.orders });
    }
    // Every order of the batch on disk, each by its cloid, before the batch leaves.
    for (const { child } of checked) {
      ctx.write({ type: 'child', id: plan.id, time: at, child });
      s.children.push(child);
    }
    s.nextSlice = Math.max(s.nextSlice, batch.at(-1)! + 1);
    delete s.waiting;
    s.updatedAt = at;
    ctx.emit(s);
    const action: ActionOf<'order'> = { type: 'order', orders: checked.flatMap((c) => c.orders), grouping: 'na' };
    const sent = await sendCall(ctx.host.sender, action, renderOptionsFor(ctx.host.store.getState().market.configs, action));
    const time = ctx.sched.now();
    checked.forEach(({ child }, k) => ctx.recordAnswer(s, child, answerOfOrderResult(sent.outcome as OrderResult, child, plan, time, k)));
    for (const { child } of checked) if (ctx.pausedOnAnswer(s, child, `order ${child.slice + 1}`)) return;
  }
}

/**
 * Every order placed: done once nothing rests and all filled; while some rest it is
 * `working` (nothing more to send), looked at again every `recheckMs` by cloid.
 */
function scalePlaced(ctx: KindContext, s: AlgoState, plan: ScalePlan): void {
  const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
  const px = (v: bigint) => formatDecimal(v, plan.priceScale);
  const placed = s.children.filter((c) => !neverArrived(c));
  const resting = placed.filter((c) => c.answer?.resting).length;
  const filled = algoProgress(s).filled;
  const words = `placed ${plan.orders.length} orders, ${qty(plan.total)} at an average ${px(plan.avgPx)}`;
  if (resting > 0) {
    const reason = `${words}: ${resting} resting, filled ${qty(filled)} of ${qty(plan.total)}`;
    if (s.status !== 'working' || s.reason !== reason) ctx.setStatus(s, 'working', reason);
    return ctx.wake(s, ctx.sched.now() + ctx.recheckMs);
  }
  if (filled >= plan.total) return ctx.setStatus(s, 'done', `${words}: filled ${qty(filled)} of ${qty(plan.total)}`);
  // Nothing rests and not all filled: its orders were cancelled or ended outside the algo.
  return ctx.setStatus(s, 'done', `${words}: none rests any more (cancelled outside the algo), filled ${qty(filled)} of ${qty(plan.total)}`);
}

/** A working scale's resting orders read by cloid; what they came to is written down. */
async function watchScale(ctx: KindContext, s: AlgoState, plan: ScalePlan): Promise<void> {
  const resting = s.children.filter((c) => c.answer?.resting);
  const look = await ctx.host.info.ordersByCloids(ctx.host.address, resting.map((c) => c.cloid));
  if (ctx.stopped() || s.status !== 'working') return;
  if (!look.ok) {
    s.waiting = `cannot read its orders: ${look.error.message}`;
    return ctx.wake(s, ctx.sched.now() + ctx.recheckMs);
  }
  delete s.waiting;
  let fills: readonly Fill[] | undefined;
  for (const c of resting) {
    let answer = answerOfLookup(look.value.find((l) => l.order.cloid === c.cloid), c, plan, ctx.sched.now());
    if (answer.pxIsLimit) answer = withFillAverage(answer, (fills ??= await ctx.recentFills()), plan);
    if (c.answer?.status !== answer.status || c.answer.filled !== answer.filled) ctx.recordAnswer(s, c, answer);
  }
  return scalePlaced(ctx, s, plan);
}

/** A scale's order indices with no child that reached the exchange (or may have: one still unknown counts as placed). */
function unplacedOrders(s: AlgoState, count: number): number[] {
  const placed = new Set(s.children.filter((c) => !neverArrived(c)).map((c) => c.slice));
  const out: number[] = [];
  for (let k = 0; k < count; k++) if (!placed.has(k)) out.push(k);
  return out;
}

export const SCALE_KIND: AlgoKind<ScalePlan> = {
  kind: 'scale',
  done: 'every order placed and filled; while some rest it is working',
  step: runScale,
  // A scale whose orders rest is watched until they fill: reading only, nothing is sent.
  onStart: (ctx, s) => {
    if (s.status === 'working') ctx.wake(s, ctx.sched.now());
  },
};
