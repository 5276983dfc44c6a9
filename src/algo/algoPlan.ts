/**
 * What a trader asked an algorithm to do, fixed when it starts. Sizes and prices are raw
 * bigint amounts at the contract's scales (kept in the plan, so a plan read back from the
 * state directory means the same thing whatever the market says later).
 */
export interface TwapPlan {
  kind: 'twap';
  /** Unique within the state directory. */
  id: string;
  createdAt: number;
  contract: string;
  contractId: number;
  priceScale: number;
  qtyScale: number;
  /** Raw size units per step: every slice is a multiple. */
  stepSize: bigint;
  isBuy: boolean;
  /** Raw size at qtyScale. */
  total: bigint;
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
  reduceOnly: boolean;
}

/** Every kind of algorithm the runner knows; scale, chase and trailing stop join this union. */
export type AlgoPlan = TwapPlan;
