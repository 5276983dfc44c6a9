import { blockerLines, confirmPlan, contextFromState, evaluateForm, formById, needsOverride, type ContextExtras, type FormContext } from '../forms/index.js';
import { formatDecimal } from '../protocol/index.js';
import type { L2Book, MarketState, OpenOrder } from '../protocol/wire/index.js';
import type { AppState } from '../state/types.js';
import type { AlgoPlan } from './algoPlan.js';
import type { ChildCheck } from './checkChildOrder.js';

/**
 * A move of a resting child (the chase's) through exactly what a manual modify goes through:
 * the modify form on that order, typed as text, its build (which refuses a price that would
 * cross), then `confirmPlan`'s blockers and guards. Nothing is overridden.
 */
export function checkChildModify(state: AppState, extras: ContextExtras, plan: AlgoPlan, order: OpenOrder, price: bigint, market: { marketState: MarketState; book: L2Book }): ChildCheck {
  const spec = formById('modify');
  if (!spec) return { ok: false, reason: 'the modify form is missing' };
  const contract = state.market.contracts[plan.contract];
  if (!contract) return { ok: false, reason: `${plan.contract} is not an active contract` };
  const ctx: FormContext = {
    ...contextFromState(state, { ...extras, selectedOrder: order }),
    contract,
    book: market.book,
    bookStale: false,
    markPx: market.marketState.markPx,
    indexPx: market.marketState.indexPx,
  };
  const trades = state.market.trades[contract.contractId];
  const last = trades?.[trades.length - 1];
  if (last) ctx.lastTrade = last;
  else delete ctx.lastTrade;
  const texts = { price: formatDecimal(price, contract.priceScale), size: order.origSz, tif: 'keep', cloid: '' };
  const ev = evaluateForm(spec, texts, ctx);
  if (!ev.ready || !ev.built) return { ok: false, reason: `refused before signing: ${ev.errors.join('; ')}` };
  const cp = confirmPlan(spec, ev, ctx);
  if (needsOverride(cp)) {
    const checks = [...blockerLines(cp), ...cp.overrides.map((o) => o.message)];
    return { ok: false, reason: `refused before signing: ${checks.join('; ')}` };
  }
  return { ok: true, built: ev.built, lines: cp.lines };
}
