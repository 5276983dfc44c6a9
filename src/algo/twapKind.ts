import type { OrderResult } from '../model/actionOutcome.js';
import { formatDecimal, parseDecimal } from '../protocol/index.js';
import { renderOptionsFor, sendCall } from '../session/sendCall.js';
import type { AlgoKind, KindContext } from './algoKind.js';
import type { TwapPlan } from './algoPlan.js';
import { algoProgress } from './algoProgress.js';
import type { AlgoState, ChildOrder } from './algoState.js';
import { checkChildOrder } from './checkChildOrder.js';
import { answerOfOrderResult } from './childAnswer.js';
import { twapSliceSize } from './twapSliceSize.js';
import { twapSlot } from './twapSlot.js';

/** Sends every slice that is due, then sleeps until the next one. */
async function runTwap(ctx: KindContext, s: AlgoState, plan: TwapPlan): Promise<void> {
  const qty = (v: bigint) => formatDecimal(v, plan.qtyScale);
  const px = (v: bigint) => formatDecimal(v, plan.priceScale);
  while (s.status === 'running' && !ctx.stopped()) {
    const filled = algoProgress(s).filled;
    const remaining = plan.total - filled;
    if (remaining <= 0n) return ctx.setStatus(s, 'done', `filled ${qty(filled)} of ${qty(plan.total)}`);
    if (s.nextSlice >= plan.slices) return ctx.setStatus(s, 'failed', `ended with ${qty(remaining)} of ${qty(plan.total)} unfilled`);
    const slot = twapSlot(plan, s.base, s.nextSlice);
    const now = ctx.sched.now();
    if (now >= slot.end && s.waiting === undefined) {
      // Its slot closed before the runner got to it (the process suspended, the machine
      // asleep, a step that overran): the missed slots are not caught up in a burst. The
      // schedule is based again from now, as a resume does: this slice goes in its fresh
      // slot, the rest an interval apart, and the TWAP ends that much later.
      rebase(ctx, s, { at: now, slice: s.nextSlice });
      continue;
    }
    if (now < slot.due) return ctx.wake(s, slot.due);

    const [ms, book] = await Promise.all([ctx.host.info.marketState(plan.contractId), ctx.host.info.l2Book(plan.contractId)]);
    if (ctx.stopped() || s.status !== 'running') return;
    let wait: string | undefined;
    if (!ms.ok) wait = `cannot read the mark: ${ms.error.message}`;
    else if (!book.ok) wait = `cannot read the book: ${book.error.message}`;
    else if (ms.value.markPx === null) wait = 'no mark price';
    else {
      const mark = parseDecimal(ms.value.markPx, plan.priceScale, 'markPx');
      if (mark < plan.bandLow || mark > plan.bandHigh) wait = `mark ${px(mark)} is outside the band ${px(plan.bandLow)}–${px(plan.bandHigh)}`;
    }
    if (wait === undefined && ctx.host.refresh) {
      const r = await ctx.host.refresh();
      if (!r.ok) wait = `cannot read the account: ${r.error.message}`;
    }
    const at = ctx.sched.now();
    if (wait !== undefined || !ms.ok || !book.ok) {
      const why = wait ?? 'no market data';
      if (at < slot.end) {
        s.waiting = why;
        return ctx.wake(s, Math.min(at + ctx.recheckMs, slot.end));
      }
      // The slot closed while waiting: its share goes to the slices after it.
      delete s.waiting;
      s.skipped.push({ slice: s.nextSlice, reason: why, time: at });
      ctx.write({ type: 'skip', id: plan.id, time: at, slice: s.nextSlice, reason: why });
      s.nextSlice++;
      s.updatedAt = at;
      ctx.emit(s);
      continue;
    }

    const size = twapSliceSize(plan, s.nextSlice, remaining, plan.slices - s.nextSlice);
    // Priced at the edge it trades towards: no fill beyond the band.
    const price = plan.isBuy ? plan.bandHigh : plan.bandLow;
    const cloid = ctx.cloids.next();
    const draft = { cloid, isBuy: plan.isBuy, size, price, reduceOnly: plan.reduceOnly };
    const check = checkChildOrder(ctx.host.store.getState(), { keys: ctx.host.keys, settings: ctx.settings, now: at }, plan, draft, { marketState: ms.value, book: book.value });
    if (!check.ok) return ctx.setStatus(s, 'paused', `slice ${s.nextSlice + 1}: ${check.reason}`);

    const child: ChildOrder = { ...draft, slice: s.nextSlice, sentAt: at };
    // On disk before it leaves: a crash from here on leaves a child to settle by cloid, never one to send again.
    ctx.write({ type: 'child', id: plan.id, time: at, child });
    s.children.push(child);
    s.nextSlice++;
    delete s.waiting;
    s.updatedAt = at;
    ctx.emit(s);
    const sent = await sendCall(ctx.host.sender, check.built.action, renderOptionsFor(ctx.host.store.getState().market.configs, check.built.action));
    const answer = answerOfOrderResult(sent.outcome as OrderResult, child, plan, ctx.sched.now());
    ctx.recordAnswer(s, child, answer);
    if (answer.status === 'unknown') return ctx.setStatus(s, 'paused', `slice ${child.slice + 1} (cloid ${cloid}): outcome unknown (${answer.detail}); resume reads it from the exchange first`);
    if (answer.status === 'rejected') return ctx.setStatus(s, 'paused', `slice ${child.slice + 1} (cloid ${cloid}) refused by the exchange: ${answer.detail}`);
    if (answer.status === 'absent') return ctx.setStatus(s, 'paused', `slice ${child.slice + 1} (cloid ${cloid}) did not reach the exchange: ${answer.detail}`);
  }
}

/** Slot times count from `base` from now on, written down so a restart keeps them. */
function rebase(ctx: KindContext, s: AlgoState, base: AlgoState['base']): void {
  s.base = base;
  ctx.setStatus(s, 'running', undefined, { base });
}

export const TWAP_KIND: AlgoKind<TwapPlan> = {
  kind: 'twap',
  done: 'its total filled; slices that ran out with size unfilled end it failed',
  step: runTwap,
};
