/**
 * One taker account: on each block it sends a Poisson number of orders that
 * take liquidity, leaning toward the index (buying when the book's mid sits
 * below it) so the book follows the index walk, and unwinding with reduce-only
 * orders once its position reaches its limit so its margin stays bounded.
 */
import type { Prng } from '../engine/prng.js';
import type { TakerIntent } from './intents.js';
import { poisson, skewedCount } from './sampling.js';

export interface TakerBotOptions {
  /** Expected orders per second from this taker. */
  ratePerSec: number;
  /** Block length in ms: each `step` is one block. Default 100. */
  blockMs?: number;
  minLots: number;
  maxLots: number;
  /** Share of orders sent as Market; the rest are Ioc limits. */
  marketShare: number;
}

export interface TakerMarket {
  bestBid: bigint | undefined;
  bestAsk: bigint | undefined;
  index?: bigint | undefined;
  tickSize: bigint;
  maxTicks: bigint;
  /** Raw size of one lot (a multiple of the step size). */
  lot: bigint;
  /** An Ioc limit sits this many ticks past the touch. */
  throughTicks: bigint;
  /** Signed position, raw size. */
  position: bigint;
  /** |position| at which the taker only reduces. 0: no limit. */
  maxPosition: bigint;
}

/** Probability of buying when the mid is below the index (and of selling when above). */
const LEAN = 0.65;

export class TakerBot {
  private opts: Required<TakerBotOptions>;

  constructor(
    private readonly rng: Prng,
    opts: TakerBotOptions,
  ) {
    this.opts = { blockMs: 100, ...opts };
  }

  configure(opts: Partial<TakerBotOptions>): void {
    this.opts = { ...this.opts, ...opts };
  }

  /** Expected orders per block. */
  get perBlock(): number {
    return Math.max(0, (this.opts.ratePerSec * this.opts.blockMs) / 1000);
  }

  /** The orders of one block; the position is assumed to follow each order so several in a block respect the limit. */
  step(m: TakerMarket): TakerIntent[] {
    const count = poisson(this.rng, this.perBlock);
    const out: TakerIntent[] = [];
    let position = m.position;
    for (let k = 0; k < count; k++) {
      const lots = skewedCount(this.rng, Math.max(1, this.opts.minLots), Math.max(1, this.opts.maxLots));
      const useMarket = this.rng.chance(this.opts.marketShare);
      let sz = m.lot * BigInt(lots);
      let isBuy: boolean;
      let reduceOnly = false;
      if (m.maxPosition > 0n && (position >= m.maxPosition || position <= -m.maxPosition)) {
        isBuy = position < 0n;
        reduceOnly = true;
        const abs = position < 0n ? -position : position;
        if (sz > abs) sz = abs;
      } else {
        isBuy = this.rng.chance(this.buyChance(m));
      }
      if (sz <= 0n) continue;
      const touch = isBuy ? m.bestAsk : m.bestBid;
      // Nothing to take on that side: an order would only be cancelled.
      if (touch === undefined) continue;
      if (useMarket) {
        out.push({ isBuy, sz, type: 'Market', reduceOnly });
      } else {
        out.push({ isBuy, sz, type: 'Ioc', px: this.limitPx(isBuy, touch, m), reduceOnly });
      }
      position += isBuy ? sz : -sz;
    }
    return out;
  }

  private buyChance(m: TakerMarket): number {
    if (m.index === undefined || m.bestBid === undefined || m.bestAsk === undefined) return 0.5;
    const twiceMid = m.bestBid + m.bestAsk;
    const twiceIndex = m.index * 2n;
    return twiceIndex > twiceMid ? LEAN : twiceIndex < twiceMid ? 1 - LEAN : 0.5;
  }

  private limitPx(isBuy: boolean, touch: bigint, m: TakerMarket): bigint {
    const through = m.throughTicks * m.tickSize;
    const maxPx = m.maxTicks * m.tickSize;
    if (isBuy) return touch + through > maxPx ? maxPx : touch + through;
    return touch - through < m.tickSize ? m.tickSize : touch - through;
  }
}
