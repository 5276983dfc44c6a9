import type { ContractConfig } from '../protocol/wire/index.js';

/**
 * What a trader asked an algorithm to do, fixed when it starts. Sizes and prices are raw
 * bigint amounts at the contract's scales (kept in the plan, so a plan read back from the
 * state directory means the same thing whatever the market says later). Every plan carries
 * the contract, its scales and the side.
 */
interface PlanBase {
  /** Unique within the state directory. */
  id: string;
  createdAt: number;
  contract: string;
  contractId: number;
  priceScale: number;
  qtyScale: number;
  /** Raw price units per tick and size units per step. */
  tickSize: bigint;
  stepSize: bigint;
  isBuy: boolean;
  /** Raw size at qtyScale: the TWAP's total, the whole scale, the chase's order, the position the stop closes. */
  total: bigint;
  reduceOnly: boolean;
  /**
   * The account (lowercase address) whose algo it is: another account's session lists it
   * archived and never runs it. Absent in files written before it was recorded.
   */
  account?: string;
  /** The venue it runs on (algoVenue.ts): on another one it is archived. Absent when it could not be told. */
  venue?: string;
}

/** The fields every plan takes from its contract, fixed when it starts. */
export function planHeader(id: string, createdAt: number, contract: ContractConfig): Pick<PlanBase, 'id' | 'createdAt' | 'contract' | 'contractId' | 'priceScale' | 'qtyScale' | 'tickSize' | 'stepSize'> {
  return {
    id,
    createdAt,
    contract: contract.name,
    contractId: contract.contractId,
    priceScale: contract.priceScale,
    qtyScale: contract.qtyScale,
    tickSize: BigInt(contract.tickSize),
    stepSize: BigInt(contract.stepSize),
  };
}

export interface TwapPlan extends PlanBase {
  kind: 'twap';
  durationMs: number;
  slices: number;
  intervalMs: number;
  /** The mark when the algo started: the band's centre and what its average is judged against. */
  arrivalMark: bigint;
  bandBps: number;
  /** No slice is sent while the mark is outside [bandLow, bandHigh]; each is priced at the edge it trades towards. */
  bandLow: bigint;
  bandHigh: bigint;
  /** Each slice's size varies by up to this percentage of its even share. */
  sizeJitterPct: number;
  /** Each slice starts up to this percentage of an interval after its slot opens. */
  timeJitterPct: number;
  /** Seeds the size and time variation, so the schedule is the same after a restart. */
  seed: number;
}

/** flat: equal sizes; up / down: sizes growing / shrinking linearly from the first price to the last; geometric: each `ratio` times the one before. */
export type ScaleSkew = 'flat' | 'up' | 'down' | 'geometric';

/** One order of a scale, as the preview shows it and the runner sends it. */
export interface ScaleOrder {
  price: bigint;
  size: bigint;
}

export interface ScalePlan extends PlanBase {
  kind: 'scale';
  /** The prices as typed: the first order is at `from`, the last at `to`. */
  from: bigint;
  to: bigint;
  skew: ScaleSkew;
  /** Geometric only: the size ratio between neighbours, as typed ("1.5"). */
  ratio?: string;
  tif: 'Gtc' | 'Alo';
  /** Every order, fixed at the start: a restart sends the same ones. Their sizes add up to `total`. */
  orders: ScaleOrder[];
  /** Raw size-weighted average of the orders' prices (truncated). */
  avgPx: bigint;
}

export interface ChasePlan extends PlanBase {
  kind: 'chase';
  /** 0: at the touch; N: N ticks behind it (lower for a buy, higher for a sell). */
  offsetTicks: number;
  /** Where it was first placed, and how far it may follow the book away from there. */
  startPx: bigint;
  maxDistance: bigint;
  /** startPx + maxDistance for a buy, startPx - maxDistance for a sell. */
  limitPx: bigint;
  /**
   * stop: cancel the order and end. cross: cancel it and send the rest as an Ioc at the far
   * touch (the ask for a buy) as read then; an Ioc at `limitPx` could not fill, the touch being past it.
   */
  atLimit: 'stop' | 'cross';
  /** How often the book is read again. */
  intervalMs: number;
}

export interface TrailingStopPlan extends PlanBase {
  kind: 'trailingStop';
  /** The retrace from the best mark that fires it: a raw price distance, or basis points of the best mark. */
  trailDistance?: bigint;
  trailBps?: number;
  /** Each closing Ioc's limit is this many ticks through the touch (the bid, closing a long). */
  throughTicks: number;
  /**
   * How far from the mark it fired at the closes may go, in basis points (default 500, the
   * 5 % bound of the flatten key): past it, with size still open, the stop ends failed.
   */
  boundBps?: number;
  /** The mark when it started: the first best. */
  startMark: bigint;
  /** How often the mark is read. */
  intervalMs: number;
}

/** Every kind of algorithm the runner knows. */
export type AlgoPlan = TwapPlan | ScalePlan | ChasePlan | TrailingStopPlan;

/** How many child slots a plan has: the TWAP's slices, the scale's orders, one for the others. */
export function planSlots(p: AlgoPlan): number {
  switch (p.kind) {
    case 'twap':
      return p.slices;
    case 'scale':
      return p.orders.length;
    default:
      return 1;
  }
}

/** What an algo's average price is judged against. */
export function referencePx(p: AlgoPlan): bigint {
  switch (p.kind) {
    case 'twap':
      return p.arrivalMark;
    case 'scale':
      return p.avgPx;
    case 'chase':
      return p.startPx;
    case 'trailingStop':
      return p.startMark;
  }
}
