import { formatDecimal, parseDecimal } from '../protocol/index.js';
import { neverArrived, type AlgoKind, type KindContext, type MarketNow } from './algoKind.js';
import type { TrailingStopPlan } from './algoPlan.js';
import { algoProgress } from './algoProgress.js';
import type { AlgoState, FiredStop } from './algoState.js';
import { bestMarkOf, boundPx, closePx, trailingTrigger } from './trailingStopPlan.js';

/** A fired stop sends at most this many closes (each through the touch as the book then is) before it ends failed. */
const MAX_CLOSES = 20;

/**
 * One look at the mark: the best so far moves with it (written down when it does); a
 * retrace to the trigger fires it, once. Fired, it closes the position as the account
 * holds it then (its size and its own side, whatever the size at start), and works until
 * that position is closed: each close a reduce-only Ioc `throughTicks` through the touch
 * as the book is now, never past the bound (`boundPx`); at the bound with size still open
 * it ends failed, saying how much. Done only when the position is closed.
 */
async function runTrailingStop(ctx: KindContext, s: AlgoState, plan: TrailingStopPlan): Promise<void> {
  if (s.status !== 'running' || ctx.stopped()) return;
  const px = (v: bigint) => formatDecimal(v, plan.priceScale);
  // A stop with a close that reached (or may have reached) the exchange but no 'fired' line: a file from before it was written.
  if (!s.fired) {
    const old = s.children.find((c) => !neverArrived(c));
    if (old) s.fired = { mark: s.bestMark ?? plan.startMark, size: old.size, isBuy: old.isBuy };
  }
  if (s.fired) return closeFired(ctx, s, plan, s.fired);
  const later = () => ctx.wake(s, ctx.sched.now() + plan.intervalMs);
  const ms = await ctx.host.info.marketState(plan.contractId);
  if (ctx.stopped() || s.status !== 'running') return;
  if (!ms.ok || ms.value.markPx === null) {
    s.waiting = ms.ok ? 'no mark price' : `cannot read the mark: ${ms.error.message}`;
    return later();
  }
  const mark = parseDecimal(ms.value.markPx, plan.priceScale, 'markPx');
  const was = s.bestMark ?? plan.startMark;
  const best = bestMarkOf(plan, was, mark);
  if (best !== was) {
    ctx.write({ type: 'best', id: plan.id, time: ctx.sched.now(), mark: best });
    s.bestMark = best;
  }
  const trigger = trailingTrigger(plan, best);
  if (!trigger.hit(mark)) {
    s.waiting = `mark ${px(mark)}, best ${px(best)}: fires at ${px(trigger.at)}`;
    s.updatedAt = ctx.sched.now();
    ctx.emit(s);
    return later();
  }
  const m = await ctx.readMarket(plan, true);
  if (ctx.stopped() || s.status !== 'running') return;
  if (!m.ok) {
    s.waiting = `triggered at mark ${px(mark)} but ${m.wait}`;
    return ctx.wake(s, ctx.sched.now() + Math.min(plan.intervalMs, ctx.recheckMs));
  }
  const position = ctx.positionOf(plan.contractId, plan.qtyScale);
  if (position === 0n) return ctx.setStatus(s, 'done', `triggered at mark ${px(mark)} (best ${px(best)}), but there is no ${plan.contract} position left to close`);
  // The position as it is now, in its own direction: a long is closed by a sell.
  const fired = { mark, size: position < 0n ? -position : position, isBuy: position < 0n };
  ctx.write({ type: 'fired', id: plan.id, time: ctx.sched.now(), ...fired });
  s.fired = fired;
  return closeFired(ctx, s, plan, fired, m);
}

/** One close of a fired stop (see runTrailingStop), then the next a short wait later, until the position is closed or the bound is reached. */
async function closeFired(ctx: KindContext, s: AlgoState, plan: TrailingStopPlan, fired: FiredStop, market?: { ok: true } & MarketNow): Promise<void> {
  const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
  const px = (v: bigint) => formatDecimal(v, plan.priceScale);
  const firedAt = `fired at mark ${px(fired.mark)}${s.bestMark !== undefined && s.bestMark !== fired.mark ? ` (best ${px(s.bestMark)})` : ''}`;
  const m = market ?? (await ctx.readMarket(plan, true));
  if (ctx.stopped() || s.status !== 'running') return;
  const retry = () => ctx.wake(s, ctx.sched.now() + Math.min(plan.intervalMs, ctx.recheckMs));
  if (!m.ok) {
    s.waiting = `${firedAt}, closing: ${m.wait}`;
    return retry();
  }
  const closed = () => `${firedAt}: closed ${qty(algoProgress(s).filled)} of ${qty(fired.size)}`;
  const open = openSize(ctx, plan, fired);
  if (open <= 0n) return ctx.setStatus(s, 'done', `${closed()}; the position is closed`);
  const attempts = s.children.filter((c) => !neverArrived(c)).length;
  const bound = boundPx(plan, fired);
  if (attempts >= MAX_CLOSES) return ctx.setStatus(s, 'failed', `${closed()}; ${qty(open)} still open after ${attempts} closes (bound ${px(bound)})`);
  const touch = (fired.isBuy ? m.book.levels[1] : m.book.levels[0])[0];
  const at = closePx(plan, fired, touch ? parseDecimal(touch.px, plan.priceScale, 'px') : undefined);
  const child = await ctx.sendChild(s, { cloid: ctx.cloids.next(), isBuy: fired.isBuy, size: open, price: at.price, reduceOnly: true }, 0, m, `stop ${firedAt}, close at ${px(at.price)}`);
  if (!child || ctx.pausedOnAnswer(s, child, 'stop')) return;
  if (ctx.host.refresh) {
    const r = await ctx.host.refresh();
    if (!r.ok) {
      s.waiting = `${firedAt}, closing: cannot read the account: ${r.error.message}`;
      return retry();
    }
  }
  const left = openSize(ctx, plan, fired);
  if (left <= 0n) return ctx.setStatus(s, 'done', `${closed()}; the position is closed`);
  if (at.atBound) return ctx.setStatus(s, 'failed', `${closed()}; reached its bound ${px(bound)} with ${qty(left)} ${plan.contract} still open`);
  s.waiting = `${firedAt}: ${qty(left)} still open, closing again through the touch`;
  return retry();
}

/** What is left of the position a fired stop closes: the account's position on its side, 0 once closed or flipped. */
function openSize(ctx: KindContext, plan: TrailingStopPlan, fired: FiredStop): bigint {
  const position = ctx.positionOf(plan.contractId, plan.qtyScale);
  const left = fired.isBuy ? -position : position;
  return left > 0n ? left : 0n;
}

export const TRAILING_STOP_KIND: AlgoKind<TrailingStopPlan> = {
  kind: 'trailingStop',
  done: 'fired, and the position it protects closed; at its bound with size left it ends failed',
  step: runTrailingStop,
  // The position it protects must still be there (one that has not fired; a fired one ends itself once the position is closed).
  onResume: async (ctx, s, plan) => {
    if (s.fired || s.children.some((c) => !neverArrived(c))) return {};
    if (ctx.host.refresh) {
      const r = await ctx.host.refresh();
      if (!r.ok) return { error: `cannot read the account (${r.error.message}); not resumed` };
    }
    if (ctx.positionOf(plan.contractId, plan.qtyScale) === 0n) return { end: `no ${plan.contract} position left to protect: ended on resume` };
    return {};
  },
};
