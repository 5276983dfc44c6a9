import {
  blockerLines,
  confirmPlan,
  contextFromState,
  evaluateForm,
  formById,
  needsOverride,
  type Built,
  type ContextExtras,
  type FormContext,
} from '../forms/index.js';
import { formatDecimal } from '../protocol/index.js';
import type { ContractConfig, L2Book, MarketState } from '../protocol/wire/index.js';
import type { AppState } from '../state/types.js';
import type { AlgoPlan } from './algoPlan.js';

/** A child order as the algo means it, before the checks. */
export interface ChildDraft {
  cloid: string;
  isBuy: boolean;
  size: bigint;
  price: bigint;
  reduceOnly: boolean;
  /** Default Ioc; Gtc and Alo rest. */
  tif?: 'Ioc' | 'Gtc' | 'Alo';
}

export type ChildCheck = { ok: true; built: Built; lines: string[] } | { ok: false; reason: string };

/**
 * A child through exactly what the same action typed by hand goes through: the form's
 * fields (typed as text, so the contract's tick, step and maxTicks apply), its build, then
 * `confirmPlan`'s blockers and guards. Nothing is overridden: a guard or a blocker is the
 * reason the algo pauses. The context is the store's account as it is, pointed at the
 * algo's contract with the mark and book read just now (the screen may show another one).
 */
export function checkChildForm(
  formId: 'order' | 'modify',
  state: AppState,
  extras: ContextExtras,
  plan: AlgoPlan,
  market: { marketState: MarketState; book: L2Book },
  texts: (contract: ContractConfig) => Record<string, string>,
): ChildCheck {
  const spec = formById(formId);
  if (!spec) return { ok: false, reason: `the ${formId} form is missing` };
  const contract = state.market.contracts[plan.contract];
  if (!contract) return { ok: false, reason: `${plan.contract} is not an active contract` };
  const ctx: FormContext = {
    ...contextFromState(state, extras),
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
  const ev = evaluateForm(spec, texts(contract), ctx);
  if (!ev.ready || !ev.built) return { ok: false, reason: `refused before signing: ${ev.errors.join('; ')}` };
  const cp = confirmPlan(spec, ev, ctx);
  if (needsOverride(cp)) {
    const checks = [...blockerLines(cp), ...cp.overrides.map((o) => o.message)];
    return { ok: false, reason: `refused before signing: ${checks.join('; ')}` };
  }
  return { ok: true, built: ev.built, lines: cp.lines };
}

/** A child order through the order form (`checkChildForm`). */
export function checkChildOrder(state: AppState, extras: ContextExtras, plan: AlgoPlan, draft: ChildDraft, market: { marketState: MarketState; book: L2Book }): ChildCheck {
  return checkChildForm('order', state, extras, plan, market, (contract) => ({
    side: draft.isBuy ? 'Buy' : 'Sell',
    type: draft.tif ?? 'Ioc',
    price: formatDecimal(draft.price, contract.priceScale),
    size: formatDecimal(draft.size, contract.qtyScale),
    reduceOnly: draft.reduceOnly ? 'yes' : 'no',
    cloid: draft.cloid,
    tp: '',
    sl: '',
  }));
}
