import type { ContextExtras } from '../forms/index.js';
import { formatDecimal } from '../protocol/index.js';
import type { L2Book, MarketState, OpenOrder } from '../protocol/wire/index.js';
import type { AppState } from '../state/types.js';
import type { AlgoPlan } from './algoPlan.js';
import { checkChildForm, type ChildCheck } from './checkChildOrder.js';

/**
 * A move of a resting child (the chase's) through exactly what a manual modify goes through:
 * the modify form on that order, typed as text, its build (which refuses a price that would
 * cross), then `confirmPlan`'s blockers and guards. Nothing is overridden.
 */
export function checkChildModify(state: AppState, extras: ContextExtras, plan: AlgoPlan, order: OpenOrder, price: bigint, market: { marketState: MarketState; book: L2Book }): ChildCheck {
  return checkChildForm('modify', state, { ...extras, selectedOrder: order }, plan, market, (contract) => ({
    price: formatDecimal(price, contract.priceScale),
    size: order.origSz,
    tif: 'keep',
    cloid: '',
  }));
}
