import type { OpenOrder } from '../protocol/wire/index.js';
import type { FormContext } from './context.js';
import { holdingOf, reduceOnlyRoom } from './holdingModel.js';
import { poolWithAvailable, preTradeFor, type OrderIntent } from './orderContext.js';

/**
 * The largest order the account can place now, for "25%" sizes: found by asking the
 * pre-trade check itself (the exchange's margin rule applied to the account as read, see
 * orderRisk.ts) whether a size passes, and searching for the largest step count that does.
 * A size passes when the margin check does not refuse it, the position stays within the
 * leverage tiers and nothing of it would be cancelled on arrival (an Ioc or market order
 * beyond the book, a post-only that crosses, a reduce-only clipped by the exchange). A
 * reduce-only order needs no margin: its maximum is what the position leaves to reduce.
 */
export type MaxSize = { ok: true; size: bigint } | { ok: false; error: string };

/** Step counts the search goes up to: far past what any pool's margin covers. */
const MAX_STEPS = 1n << 60n;

type Intent = Omit<OrderIntent, 'size'>;

let memo: { key: readonly unknown[]; orders: readonly OpenOrder[]; result: MaxSize } | undefined;

function keyOf(ctx: FormContext, o: Intent): unknown[] {
  return [ctx.account, ctx.positions, ctx.book, ctx.markPx, ctx.indexPx, ctx.leverageOf?.[o.contract.contractId], ctx.feeRates, ctx.configs, o.contract, o.isBuy, o.kind, o.price, o.reduceOnly];
}

/** Same inputs as the last call (the form re-evaluates on every keystroke and store update). */
function cached(key: readonly unknown[], orders: readonly OpenOrder[]): MaxSize | undefined {
  if (!memo || memo.key.length !== key.length || memo.orders.length !== orders.length) return undefined;
  if (!memo.key.every((k, i) => k === key[i]) || !memo.orders.every((x, i) => x === orders[i])) return undefined;
  return memo.result;
}

export function maxOrderSize(ctx: FormContext, o: Intent): MaxSize {
  const key = keyOf(ctx, o);
  const hit = cached(key, ctx.openOrders);
  if (hit) return hit;
  const result = search(ctx, o);
  memo = { key, orders: ctx.openOrders, result };
  return result;
}

function search(ctx: FormContext, o: Intent): MaxSize {
  const c = o.contract;
  const step = BigInt(c.stepSize) > 0n ? BigInt(c.stepSize) : 1n;
  if (!ctx.account) return { ok: false, error: 'the account is not loaded yet' };
  if (o.kind !== 'Market' && o.price === undefined) return { ok: false, error: 'set the price first' };
  if (o.reduceOnly) {
    const room = reduceOnlyRoom(holdingOf(ctx, c), o.isBuy);
    return room > 0n ? { ok: true, size: (room / step) * step } : { ok: false, error: `no ${o.isBuy ? 'short' : 'long'} position to reduce` };
  }
  const pool = poolWithAvailable(ctx, c);
  if (!pool.enrolled) return { ok: false, error: `not enrolled in ${pool.label}` };
  if (pool.available === undefined) return { ok: false, error: `the available margin of ${pool.label} is not known` };
  const fits = (steps: bigint): boolean => {
    const pt = preTradeFor(ctx, { ...o, size: steps * step });
    return pt.risk !== undefined && !pt.risk.insufficient && !pt.risk.beyondTiers && pt.cancelled === 0n;
  };
  let lo = 0n;
  let hi = 1n;
  while (hi <= MAX_STEPS && fits(hi)) {
    lo = hi;
    hi *= 2n;
  }
  if (hi > MAX_STEPS) return { ok: true, size: lo * step };
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return { ok: true, size: lo * step };
}
