/**
 * Seeded random walk of one contract's index price, in raw price units.
 *
 * The walk keeps a finer internal value (raw x 10^6) so that moves much smaller
 * than a tick accumulate instead of rounding away on coarse contracts (SOL1 has
 * integer prices and tick 1); the published index is that value snapped to the
 * nearest tick. Moves are multiplicative (a per-step stddev in basis points) plus
 * an occasional drift regime, and the value reflects off its bounds
 * [minTicks x tick, maxTicks x tick] so it never sticks to an edge.
 *
 * Time passes only through `step(now)`: the walk advances one step per
 * `stepMs` elapsed since the previous call, so calling every 100 ms or once per
 * second gives the same path for the same seed.
 */
import { Prng } from '../engine/prng.js';
import { normal } from './sampling.js';

/** Internal sub-units per raw price unit. */
const FINE = 1_000_000n;
/** Moves are applied as integer parts per 10^8 of the current value. */
const PPH = 100_000_000n;

export interface IndexWalkOptions {
  seed: number;
  /** Raw price units per tick (> 0). */
  tickSize: bigint;
  maxTicks: bigint;
  /** Raw starting price; snapped and clamped like `setIndex`. */
  startPx: bigint;
  /** Simulated time per step. Default 100 (one block). */
  stepMs?: number;
  /** Standard deviation of one step, in basis points of the price. Default 1. */
  volatilityBps?: number;
  /** Chance per step that a new drift regime starts. Default 0.002 (about every 50 s at 10 steps/s). */
  driftChance?: number;
  /** Largest drift per step, in basis points. Default volatilityBps / 4. */
  maxDriftBps?: number;
  /** Lowest index, in ticks. Default 5. */
  minTicks?: bigint;
  /** A long jump of time (advanceTime) replays at most this many steps; the rest is skipped. Default 600. */
  maxCatchUpSteps?: number;
}

export class IndexWalk {
  private readonly rng: Prng;
  private readonly tick: bigint;
  private readonly floor: bigint;
  private readonly ceil: bigint;
  private readonly stepMs: number;
  private readonly driftChance: number;
  private readonly maxCatchUp: number;
  private volBps: number;
  private maxDriftBps: number;
  private exact: bigint;
  private drift = 0;
  private lastTime: number | undefined;

  constructor(opts: IndexWalkOptions) {
    if (opts.tickSize <= 0n) throw new RangeError('tickSize must be positive');
    const minTicks = opts.minTicks ?? 5n;
    if (minTicks < 1n || opts.maxTicks < minTicks) throw new RangeError(`maxTicks ${opts.maxTicks} must be at least minTicks ${minTicks}`);
    this.rng = new Prng(opts.seed);
    this.tick = opts.tickSize;
    this.floor = minTicks * opts.tickSize;
    this.ceil = opts.maxTicks * opts.tickSize;
    this.stepMs = Math.max(1, opts.stepMs ?? 100);
    this.volBps = Math.max(0, opts.volatilityBps ?? 1);
    this.maxDriftBps = Math.max(0, opts.maxDriftBps ?? this.volBps / 4);
    this.driftChance = opts.driftChance ?? 0.002;
    this.maxCatchUp = Math.max(1, opts.maxCatchUpSteps ?? 600);
    this.exact = this.snap(opts.startPx) * FINE;
  }

  /** Current index, a positive multiple of the tick within the bounds. */
  get px(): bigint {
    const unit = this.tick * FINE;
    const snapped = ((this.exact + unit / 2n) / unit) * this.tick;
    return snapped < this.floor ? this.floor : snapped > this.ceil ? this.ceil : snapped;
  }

  get bounds(): { min: bigint; max: bigint } {
    return { min: this.floor, max: this.ceil };
  }

  /** Control route `setIndexPrice`: jumps to px (snapped to the nearest tick, clamped to the bounds) and ends any drift. */
  setIndex(px: bigint): bigint {
    this.exact = this.snap(px) * FINE;
    this.drift = 0;
    return this.px;
  }

  /** Activity changes retune the walk without resetting its path. */
  setVolatility(volatilityBps: number, maxDriftBps = volatilityBps / 4): void {
    this.volBps = Math.max(0, volatilityBps);
    this.maxDriftBps = Math.max(0, maxDriftBps);
    if (this.maxDriftBps === 0) this.drift = 0;
  }

  /** Advances one step per `stepMs` elapsed since the last call; the first call only sets the clock. Returns the index. */
  step(now: number): bigint {
    if (this.lastTime === undefined || now < this.lastTime) {
      this.lastTime = now;
      return this.px;
    }
    const steps = Math.floor((now - this.lastTime) / this.stepMs);
    if (steps <= 0) return this.px;
    this.lastTime += steps * this.stepMs;
    for (let i = Math.min(steps, this.maxCatchUp); i > 0; i--) this.stepOnce();
    return this.px;
  }

  private stepOnce(): void {
    if (this.volBps === 0 && this.maxDriftBps === 0) return;
    if (this.rng.chance(this.driftChance)) {
      // Half the regimes are quiet so trends come and go rather than compound.
      this.drift = this.rng.chance(0.5) ? 0 : (this.rng.next() * 2 - 1) * this.maxDriftBps;
    }
    const bps = normal(this.rng) * this.volBps + this.drift;
    // bps x 10^4 = parts per 10^8; a bounded integer, so the move itself is exact bigint arithmetic.
    const move = (this.exact * BigInt(Math.round(bps * 10_000))) / PPH;
    let next = this.exact + move;
    const lo = this.floor * FINE;
    const hi = this.ceil * FINE;
    if (next < lo) {
      next = 2n * lo - next;
      this.drift = Math.abs(this.drift);
    } else if (next > hi) {
      next = 2n * hi - next;
      this.drift = -Math.abs(this.drift);
    }
    this.exact = next < lo ? lo : next > hi ? hi : next;
  }

  /** Nearest tick (halves up), clamped to the bounds. */
  private snap(px: bigint): bigint {
    const ticks = px <= 0n ? 0n : (px + this.tick / 2n) / this.tick;
    const snapped = ticks * this.tick;
    return snapped < this.floor ? this.floor : snapped > this.ceil ? this.ceil : snapped;
  }
}
