import { formatDecimal, parseDecimal } from '../protocol/index.js';
import { neverArrived, unsettledOf, type AlgoKind, type KindContext, type MarketNow } from './algoKind.js';
import type { ChasePlan } from './algoPlan.js';
import { algoProgress } from './algoProgress.js';
import type { AlgoState, ChildOrder } from './algoState.js';
import { chaseTarget, pastLimit } from './chasePlan.js';
import { checkChildModify } from './checkChildModify.js';
import { answerOfLookup } from './childAnswer.js';
import { withFillAverage } from './fillAverage.js';

/**
 * One look at the chase: place its post-only order at the target, or read where the order
 * stands (filled ends it), then move it to where the book now puts it by modify (the oid
 * and cloid stay); past the limit it stops or crosses. Then sleeps one interval.
 */
async function runChase(ctx: KindContext, s: AlgoState, plan: ChasePlan): Promise<void> {
  if (s.status !== 'running' || ctx.stopped()) return;
  const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
  const px = (v: bigint) => formatDecimal(v, plan.priceScale);
  // A cross already went out (a restart after it): that was the chase's last act.
  // A child whose request never arrived (settled absent) was never an order: it is sent again under a new cloid.
  const crossed = s.children.find((c) => c.slice === 1 && !neverArrived(c));
  if (crossed) return ctx.setStatus(s, algoProgress(s).filled >= plan.total ? 'done' : 'failed', `crossed at ${px(crossed.price)} past its limit ${px(plan.limitPx)}: filled ${qty(algoProgress(s).filled)} of ${qty(plan.total)}`);
  const order = s.children.find((c) => c.slice === 0 && !neverArrived(c));
  // The account too: a placement and a move are both checked as the trader's own would be.
  const m = await ctx.readMarket(plan, true);
  if (ctx.stopped() || s.status !== 'running') return;
  const later = () => ctx.wake(s, ctx.sched.now() + plan.intervalMs);
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
    if (pastLimit(plan, target)) return chaseAtLimit(ctx, s, plan, undefined, m);
    const child = await ctx.sendChild(s, { cloid: ctx.cloids.next(), isBuy: plan.isBuy, size: plan.total, price: target, reduceOnly: plan.reduceOnly, tif: 'Alo' }, 0, m, 'chase order');
    if (!child || ctx.pausedOnAnswer(s, child, 'chase order')) return;
    if (!child.answer?.resting) return ctx.setStatus(s, child.answer?.status === 'filled' ? 'done' : 'paused', `chase order: ${child.answer?.detail ?? 'no answer'}`);
    s.chasePx = target;
    return later();
  }

  const look = await ctx.host.info.ordersByCloids(ctx.host.address, [order.cloid]);
  if (ctx.stopped() || s.status !== 'running') return;
  if (!look.ok) {
    s.waiting = `cannot read the chase order: ${look.error.message}`;
    return later();
  }
  const found = look.value.find((l) => l.order.cloid === order.cloid);
  let answer = answerOfLookup(found, order, plan, ctx.sched.now());
  if (answer.pxIsLimit) answer = withFillAverage(answer, await ctx.recentFills(), plan);
  if (order.answer?.status !== answer.status || order.answer.filled !== answer.filled) ctx.recordAnswer(s, order, answer);
  if (answer.status === 'filled') return ctx.setStatus(s, 'done', `filled ${qty(plan.total)} of ${qty(plan.total)}`);
  if (!found || !answer.resting) return ctx.setStatus(s, answer.filled >= plan.total ? 'done' : 'failed', `the chase order is no longer on the book (${answer.detail}): filled ${qty(answer.filled)} of ${qty(plan.total)}`);
  const current = parseDecimal(found.order.limitPx, plan.priceScale, 'limitPx');
  if (s.chasePx !== current) {
    // A move that landed but was not written (a restart), or one made by hand: the exchange is right.
    s.chasePx = current;
    ctx.write({ type: 'move', id: plan.id, time: ctx.sched.now(), cloid: order.cloid, price: current });
  }
  const target = chaseTarget(m.book, plan, { price: current, remaining: parseDecimal(found.order.sz, plan.qtyScale, 'sz') });
  if (target === undefined) {
    s.waiting = `nothing else on the ${side}: staying at ${px(current)}`;
    return later();
  }
  if (pastLimit(plan, target)) return chaseAtLimit(ctx, s, plan, order, m);
  delete s.waiting;
  if (target !== current) {
    const check = checkChildModify(ctx.host.store.getState(), { keys: ctx.host.keys, settings: ctx.settings, now: ctx.sched.now() }, plan, found.order, target, m);
    // The order keeps resting where it is; the trader resumes (or cancels) once the reason is dealt with.
    if (!check.ok) return ctx.setStatus(s, 'paused', `move to ${px(target)}: ${check.reason}`);
    const built = check.built.action;
    if (built.type !== 'modify') return ctx.setStatus(s, 'paused', `move to ${px(target)}: the modify form built a ${built.type}`);
    const r = await ctx.host.sender.submit(built);
    if (r.ok && r.reconciled === undefined) {
      s.chasePx = target;
      ctx.write({ type: 'move', id: plan.id, time: ctx.sched.now(), cloid: order.cloid, price: target });
    } else {
      // The next look reads where the order really is.
      s.waiting = `move to ${px(target)} not confirmed: ${r.ok ? 'answer lost, read from the exchange next' : r.error.message}`;
    }
  }
  s.updatedAt = ctx.sched.now();
  ctx.emit(s);
  return later();
}

/** The book went past the chase's limit: its order is cancelled (what it filled read back), then it stops, or sends the rest as an Ioc at the limit. */
async function chaseAtLimit(ctx: KindContext, s: AlgoState, plan: ChasePlan, order: ChildOrder | undefined, m: MarketNow): Promise<void> {
  const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
  const limit = formatDecimal(plan.limitPx, plan.priceScale);
  if (order) {
    await ctx.cancelChildren(s, [order]);
    const settled = await ctx.settle(s);
    if (settled.error || unsettledOf(s).length > 0) return ctx.setStatus(s, 'paused', `at its limit ${limit}: the cancelled chase order could not be read back (${settled.error ?? 'not found'}); resume reads it first`);
  }
  const filled = algoProgress(s).filled;
  const remaining = plan.total - filled;
  if (remaining <= 0n) return ctx.setStatus(s, 'done', `filled ${qty(filled)} of ${qty(plan.total)}`);
  if (plan.atLimit === 'stop') return ctx.setStatus(s, 'failed', `stopped at its limit ${limit}: filled ${qty(filled)} of ${qty(plan.total)}`);
  if (ctx.host.refresh) {
    const r = await ctx.host.refresh();
    if (!r.ok) return ctx.setStatus(s, 'paused', `at its limit ${limit}: cannot read the account (${r.error.message})`);
  }
  // The touch is past the limit, so the far side is too: an Ioc at the limit itself could
  // never fill. The cross takes the far touch as read now, an Ioc bounded there.
  const far = (plan.isBuy ? m.book.levels[1] : m.book.levels[0])[0];
  if (!far) return ctx.setStatus(s, 'failed', `at its limit ${limit} with no ${plan.isBuy ? 'ask' : 'bid'} to cross: filled ${qty(filled)} of ${qty(plan.total)}`);
  const price = parseDecimal(far.px, plan.priceScale, 'px');
  const child = await ctx.sendChild(s, { cloid: ctx.cloids.next(), isBuy: plan.isBuy, size: remaining, price, reduceOnly: plan.reduceOnly }, 1, m, 'crossing order');
  if (!child || ctx.pausedOnAnswer(s, child, 'crossing order')) return;
  const crossedFill = algoProgress(s).filled;
  return ctx.setStatus(s, crossedFill >= plan.total ? 'done' : 'failed', `crossed at ${formatDecimal(price, plan.priceScale)} past its limit ${limit}: filled ${qty(crossedFill)} of ${qty(plan.total)}`);
}

export const CHASE_KIND: AlgoKind<ChasePlan> = {
  kind: 'chase',
  done: 'its size filled; stopped at its limit, or crossed short of it, ends it failed',
  step: runChase,
};
