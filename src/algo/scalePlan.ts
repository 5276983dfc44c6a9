import { DecimalError, parseDecimal, parsePrice, parseSize } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import { planHeader, type ScaleOrder, type ScalePlan, type ScaleSkew } from './algoPlan.js';

/** A scale as a trader asks for it (sizes and prices as decimal text). */
export interface ScaleRequest {
  contract: string;
  side: 'buy' | 'sell';
  /** Total size, a multiple of the contract's step. */
  size: string;
  /** How many orders, 1 to MAX_SCALE_ORDERS. */
  orders: number;
  /** The first order's price and the last's, each on the tick. */
  from: string;
  to: string;
  /** Default flat. */
  skew?: ScaleSkew;
  /** Geometric only, default "1.5": each order's size over the one before (up to 4 decimals, above 0). */
  ratio?: string;
  /** Default Gtc. */
  tif?: 'Gtc' | 'Alo';
  reduceOnly?: boolean;
}

/** What the form and the CLI show before anything is sent. */
export interface ScalePreview {
  orders: ScaleOrder[];
  total: bigint;
  /** Size-weighted average price, truncated to the price scale. */
  avgPx: bigint;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export const MAX_SCALE_ORDERS = 100;
const SKEWS: readonly ScaleSkew[] = ['flat', 'up', 'down', 'geometric'];
const RATIO_SCALE = 4;

/**
 * The orders of a scale, pure: prices spread evenly from `from` to `to` and put on the tick
 * (a buy's rounded down, a sell's up: never worse than the line between the two), sizes
 * weighted by the skew and cut to the step, the remainders on the last order so they add up
 * to the total exactly. Refused when an order would come to less than one step.
 */
export function scalePreview(req: ScaleRequest, contract: ContractConfig): Checked<ScalePreview> {
  const fail = (error: string): Checked<ScalePreview> => ({ ok: false, error });
  let total: bigint;
  let from: bigint;
  let to: bigint;
  let ratio = 0n;
  try {
    total = parseSize(req.size.trim(), contract, 'size');
    from = parsePrice(req.from.trim(), contract, 'from');
    to = parsePrice(req.to.trim(), contract, 'to');
    if ((req.skew ?? 'flat') === 'geometric') ratio = parseDecimal((req.ratio ?? '1.5').trim(), RATIO_SCALE, 'ratio');
  } catch (e) {
    return fail(e instanceof DecimalError ? e.message : String(e));
  }
  const skew = req.skew ?? 'flat';
  if (!SKEWS.includes(skew)) return fail(`skew: one of ${SKEWS.join(', ')}`);
  const n = req.orders;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_SCALE_ORDERS) return fail(`orders: between 1 and ${MAX_SCALE_ORDERS}`);
  if (skew === 'geometric' && ratio <= 0n) return fail('ratio: above 0');
  const isBuy = req.side === 'buy';
  const tick = BigInt(contract.tickSize);
  const step = BigInt(contract.stepSize);

  const prices: bigint[] = [];
  for (let i = 0; i < n; i++) {
    if (n === 1) {
      prices.push(from);
      continue;
    }
    // Exact point on the line, scaled by (n - 1), then onto the tick.
    const num = from * BigInt(n - 1) + (to - from) * BigInt(i);
    const den = BigInt(n - 1) * tick;
    prices.push((isBuy ? floorDiv(num, den) : ceilDiv(num, den)) * tick);
  }

  const weights = weightsOf(skew, n, ratio);
  const sum = weights.reduce((a, b) => a + b, 0n);
  const orders: ScaleOrder[] = [];
  let placed = 0n;
  for (let i = 0; i < n; i++) {
    const size = i === n - 1 ? total - placed : ((total * weights[i]!) / sum / step) * step;
    if (size < step) return fail(`size: ${n} orders with a ${skew} skew leave order ${i + 1} below one step; fewer orders or a larger total`);
    placed += size;
    orders.push({ price: prices[i]!, size });
  }
  const avgPx = orders.reduce((a, o) => a + o.price * o.size, 0n) / total;
  return { ok: true, value: { orders, total, avgPx } };
}

/** A scale plan from the request: the preview's orders, fixed. */
export function scalePlan(req: ScaleRequest, contract: ContractConfig, now: number, id: string): Checked<ScalePlan> {
  const pv = scalePreview(req, contract);
  if (!pv.ok) return pv;
  const plan: ScalePlan = {
    kind: 'scale',
    ...planHeader(id, now, contract),
    isBuy: req.side === 'buy',
    total: pv.value.total,
    reduceOnly: req.reduceOnly ?? false,
    from: pv.value.orders[0]!.price,
    to: pv.value.orders[pv.value.orders.length - 1]!.price,
    skew: req.skew ?? 'flat',
    tif: req.tif ?? 'Gtc',
    orders: pv.value.orders,
    avgPx: pv.value.avgPx,
  };
  if (plan.skew === 'geometric') plan.ratio = (req.ratio ?? '1.5').trim();
  return { ok: true, value: plan };
}

/** Integer weights, first order to last; a geometric ratio p/q weighs order i as p^i q^(n-1-i). */
function weightsOf(skew: ScaleSkew, n: number, ratio: bigint): bigint[] {
  const out: bigint[] = [];
  const q = 10n ** BigInt(RATIO_SCALE);
  for (let i = 0; i < n; i++) {
    if (skew === 'up') out.push(BigInt(i + 1));
    else if (skew === 'down') out.push(BigInt(n - i));
    else if (skew === 'geometric') out.push(ratio ** BigInt(i) * q ** BigInt(n - 1 - i));
    else out.push(1n);
  }
  return out;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}
