import { DecimalError, parseDecimal, parseSize } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import { planHeader, type TwapPlan } from './algoPlan.js';

/** What a trader asks for, in words and numbers as typed (sizes and percentages as decimal text). */
export interface TwapRequest {
  contract: string;
  side: 'buy' | 'sell';
  /** Total size, a multiple of the contract's step. */
  size: string;
  durationMs: number;
  /** How many slices; or give `intervalMs` and the count follows from the duration. */
  slices?: number;
  intervalMs?: number;
  /** Half-width of the band around the arrival mark, in percent ("1.5"). */
  bandPct: string;
  /** Default 20: each slice is its even share ± up to this percentage. */
  sizeJitterPct?: number;
  /** Default 30: each slice starts up to this percentage of an interval into its slot. */
  timeJitterPct?: number;
  seed?: number;
  reduceOnly?: boolean;
}

export type PlanResult = { ok: true; value: TwapPlan } | { ok: false; error: string };

const MAX_SLICES = 1_000;
const MIN_INTERVAL_MS = 1_000;

/**
 * A TWAP plan from the request, checked against the contract's scales, with its band fixed
 * around the mark as it is now (rounded inwards to the tick, and never past maxTicks).
 */
export function twapPlan(req: TwapRequest, contract: ContractConfig, mark: bigint, now: number, id: string): PlanResult {
  const fail = (error: string): PlanResult => ({ ok: false, error });
  let total: bigint;
  let bandBps: bigint;
  try {
    total = parseSize(req.size.trim(), contract, 'size');
    // Percent at two decimals is basis points exactly.
    bandBps = parseDecimal(req.bandPct.trim(), 2, 'band');
  } catch (e) {
    return fail(e instanceof DecimalError ? e.message : String(e));
  }
  if (bandBps <= 0n || bandBps >= 10_000n) return fail('band: a percentage above 0 and below 100');
  if (!Number.isSafeInteger(req.durationMs) || req.durationMs < MIN_INTERVAL_MS) return fail('duration: at least 1s');
  let slices: number;
  if (req.slices !== undefined) slices = req.slices;
  else if (req.intervalMs !== undefined) {
    if (!Number.isSafeInteger(req.intervalMs) || req.intervalMs < MIN_INTERVAL_MS) return fail('interval: at least 1s');
    slices = Math.ceil(req.durationMs / req.intervalMs);
  } else return fail('slices: give a slice count or an interval');
  if (!Number.isSafeInteger(slices) || slices < 1 || slices > MAX_SLICES) return fail(`slices: between 1 and ${MAX_SLICES}`);
  const intervalMs = Math.floor(req.durationMs / slices);
  if (intervalMs < MIN_INTERVAL_MS) return fail(`slices: ${slices} slices over ${req.durationMs} ms is less than 1s apart`);
  const sizeJitterPct = req.sizeJitterPct ?? 20;
  const timeJitterPct = req.timeJitterPct ?? 30;
  if (!Number.isInteger(sizeJitterPct) || sizeJitterPct < 0 || sizeJitterPct > 50) return fail('size variation: a whole percentage from 0 to 50');
  if (!Number.isInteger(timeJitterPct) || timeJitterPct < 0 || timeJitterPct > 90) return fail('time variation: a whole percentage from 0 to 90');
  if (mark <= 0n) return fail(`no mark price for ${contract.name}: the band cannot be placed`);

  const tick = BigInt(contract.tickSize);
  const top = BigInt(contract.maxTicks) * tick;
  const lowExact = (mark * (10_000n - bandBps)) / 10_000n;
  let bandLow = ((lowExact + tick - 1n) / tick) * tick;
  let bandHigh = ((mark * (10_000n + bandBps)) / 10_000n / tick) * tick;
  if (bandLow < tick) bandLow = tick;
  if (bandHigh > top) bandHigh = top;
  if (bandLow > bandHigh) return fail('band: narrower than one tick around the mark');

  return {
    ok: true,
    value: {
      kind: 'twap',
      ...planHeader(id, now, contract),
      isBuy: req.side === 'buy',
      total,
      durationMs: req.durationMs,
      slices,
      intervalMs,
      arrivalMark: mark,
      bandBps: Number(bandBps),
      bandLow,
      bandHigh,
      sizeJitterPct,
      timeJitterPct,
      seed: (req.seed ?? Math.floor(Math.random() * 0x1_0000_0000)) >>> 0,
      reduceOnly: req.reduceOnly ?? false,
    },
  };
}
