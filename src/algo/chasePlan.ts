import { DecimalError, parseDecimal, parseSize } from '../protocol/index.js';
import type { ContractConfig, L2Book } from '../protocol/wire/index.js';
import { planHeader, type ChasePlan } from './algoPlan.js';
import type { Checked } from './scalePlan.js';

/** A chase as a trader asks for it. */
export interface ChaseRequest {
  contract: string;
  side: 'buy' | 'sell';
  size: string;
  /** Default 0: at the touch. */
  offsetTicks?: number;
  /** How far (a price, "5") the order may follow the book away from where it started. */
  maxDistance: string;
  /** Default stop. */
  atLimit?: 'stop' | 'cross';
  /** Default 2 s, at least 250 ms. */
  intervalMs?: number;
  reduceOnly?: boolean;
}

const MIN_INTERVAL_MS = 250;

/** A chase plan, placed where the book says it should start (`chaseTarget` of the book now). */
export function chasePlan(req: ChaseRequest, contract: ContractConfig, startPx: bigint, now: number, id: string): Checked<ChasePlan> {
  const fail = (error: string): Checked<ChasePlan> => ({ ok: false, error });
  let total: bigint;
  let maxDistance: bigint;
  try {
    total = parseSize(req.size.trim(), contract, 'size');
    maxDistance = parseDecimal(req.maxDistance.trim(), contract.priceScale, 'max distance');
  } catch (e) {
    return fail(e instanceof DecimalError ? e.message : String(e));
  }
  const tick = BigInt(contract.tickSize);
  if (maxDistance < 0n || maxDistance % tick !== 0n) return fail('max distance: zero or more, a multiple of the tick');
  const offsetTicks = req.offsetTicks ?? 0;
  if (!Number.isSafeInteger(offsetTicks) || offsetTicks < 0 || offsetTicks > 1_000) return fail('offset: whole ticks from 0 to 1000');
  const intervalMs = req.intervalMs ?? 2_000;
  if (!Number.isSafeInteger(intervalMs) || intervalMs < MIN_INTERVAL_MS) return fail(`interval: at least ${MIN_INTERVAL_MS} ms`);
  const isBuy = req.side === 'buy';
  const limitPx = isBuy ? startPx + maxDistance : startPx - maxDistance;
  if (limitPx < tick || limitPx > BigInt(contract.maxTicks) * tick) return fail('max distance: the limit falls outside the contract\'s prices');
  return {
    ok: true,
    value: {
      kind: 'chase',
      ...planHeader(id, now, contract),
      isBuy,
      total,
      reduceOnly: req.reduceOnly ?? false,
      offsetTicks,
      startPx,
      maxDistance,
      limitPx,
      atLimit: req.atLimit ?? 'stop',
      intervalMs,
    },
  };
}

/**
 * Where the chase's order belongs now: the best bid (a buy) or ask (a sell) of everyone else,
 * `offsetTicks` behind it. The order's own size is taken out of its level, so an order left
 * alone at the top follows the book back down instead of chasing itself. Undefined when the
 * side is empty but for the order.
 */
export function chaseTarget(book: L2Book, plan: Pick<ChasePlan, 'isBuy' | 'offsetTicks' | 'tickSize' | 'priceScale' | 'qtyScale'>, own?: { price: bigint; remaining: bigint }): bigint | undefined {
  const side = plan.isBuy ? book.levels[0] : book.levels[1];
  for (const level of side) {
    const px = parseDecimal(level.px, plan.priceScale, 'px');
    let sz = parseDecimal(level.sz, plan.qtyScale, 'sz');
    if (own && px === own.price) sz -= own.remaining;
    if (sz <= 0n) continue;
    const back = BigInt(plan.offsetTicks) * plan.tickSize;
    const target = plan.isBuy ? px - back : px + back;
    return target < plan.tickSize ? plan.tickSize : target;
  }
  return undefined;
}

/** Whether a target lies past the limit, on the side away from where it started. */
export function pastLimit(plan: Pick<ChasePlan, 'isBuy' | 'limitPx'>, target: bigint): boolean {
  return plan.isBuy ? target > plan.limitPx : target < plan.limitPx;
}
