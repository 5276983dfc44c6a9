/**
 * MarketDriver: the whole self-made market of one contract. Each block it moves
 * the index walk, lets every active maker re-plan its ladder (with the level's
 * requote chance) and lets every active taker send its Poisson orders, and
 * returns all of it as owner-keyed intents for the exchange's ordinary order path.
 *
 * Every random source is its own Prng derived from the seed, so the index path
 * does not change when the number of bots does, and a seed replays exactly.
 */
import { Prng } from '../engine/prng.js';
import { type ActivityLevel, type ActivityParams, activityParams, MAX_MAKERS, MAX_TAKERS } from './activity.js';
import { IndexWalk } from './indexWalk.js';
import type { BotIntent, OwnQuote } from './intents.js';
import { planMakerQuotes } from './makerBot.js';
import { TakerBot } from './takerBot.js';

export interface MarketView {
  /** Book touch including the bots' own quotes. */
  bestBid: bigint | undefined;
  bestAsk: bigint | undefined;
  ownOrders(owner: string): readonly OwnQuote[];
  /** Signed position of the owner on this contract, raw size. */
  position(owner: string): bigint;
}

export interface MarketDriverOptions {
  seed: number;
  tickSize: bigint;
  stepSize: bigint;
  maxTicks: bigint;
  /** Raw starting index. */
  startPx: bigint;
  /** Raw size of one lot (default stepSize); activity sizes are counts of lots. */
  lot?: bigint;
  /** Default 'normal'. */
  activity?: ActivityLevel;
  /** Default 100 (10 blocks per second). */
  blockMs?: number;
  /** The index walk's noise is the activity level's times this (ContractDef.indexVolatility), its drift the level's own; default 1. */
  volatilityScale?: number;
  /** Account keys of the bots. Default `${ownerPrefix}maker-<i>` / `${ownerPrefix}taker-<i>` for the largest level. */
  makerOwners?: readonly string[];
  takerOwners?: readonly string[];
  /** Default 'bot-'. */
  ownerPrefix?: string;
}

export interface DriverStep {
  /** Index after this block's walk. */
  index: bigint;
  intents: BotIntent[];
}

interface Maker {
  readonly owner: string;
  readonly rng: Prng;
  /** Kept across activity changes: where in the level's lot range this maker sits. */
  readonly sizeDraw: number;
}

interface Taker {
  readonly owner: string;
  readonly bot: TakerBot;
}

/** Independent 32-bit seeds per component, so adding a bot does not shift another's draws. */
function deriveSeed(seed: number, stream: number): number {
  let h = Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}

/** Largest of 1, 2, 5 x 10^k at or below n (at least 1): a grid step that changes rarely as the price drifts. */
export function niceTicks(n: bigint): bigint {
  if (n <= 1n) return 1n;
  let unit = 1n;
  while (unit * 10n <= n) unit *= 10n;
  return n >= 5n * unit ? 5n * unit : n >= 2n * unit ? 2n * unit : unit;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export class MarketDriver {
  private readonly walk: IndexWalk;
  private readonly makers: Maker[];
  private readonly takers: Taker[];
  private readonly tick: bigint;
  private readonly step_: bigint;
  private readonly maxTicks: bigint;
  private readonly lot: bigint;
  private readonly blockMs: number;
  private params: ActivityParams;
  private readonly volatilityScale: number;
  private lastIndex: bigint | undefined;

  constructor(opts: MarketDriverOptions) {
    this.volatilityScale = Math.max(0, opts.volatilityScale ?? 1);
    this.tick = opts.tickSize;
    this.step_ = opts.stepSize;
    this.maxTicks = opts.maxTicks;
    const lot = opts.lot ?? opts.stepSize;
    this.lot = lot < opts.stepSize ? opts.stepSize : lot - (lot % opts.stepSize);
    this.blockMs = opts.blockMs ?? 100;
    this.params = activityParams(opts.activity ?? 'normal');
    this.walk = new IndexWalk({
      seed: deriveSeed(opts.seed, 0),
      tickSize: opts.tickSize,
      maxTicks: opts.maxTicks,
      startPx: opts.startPx,
      stepMs: this.blockMs,
      volatilityBps: this.params.volatilityBps * this.volatilityScale,
      // The noise is scaled, the drift regimes are not: livelier, without trends that run away.
      maxDriftBps: this.params.volatilityBps / 4,
    });
    const prefix = opts.ownerPrefix ?? 'bot-';
    const makerOwners = opts.makerOwners ?? Array.from({ length: MAX_MAKERS }, (_, i) => `${prefix}maker-${i}`);
    const takerOwners = opts.takerOwners ?? Array.from({ length: MAX_TAKERS }, (_, i) => `${prefix}taker-${i}`);
    this.makers = makerOwners.map((owner, i) => {
      const rng = new Prng(deriveSeed(opts.seed, 100 + i));
      return { owner, rng, sizeDraw: rng.next() };
    });
    const takerOpts = this.takerOptions(takerOwners.length);
    this.takers = takerOwners.map((owner, i) => ({ owner, bot: new TakerBot(new Prng(deriveSeed(opts.seed, 200 + i)), takerOpts) }));
  }

  get index(): bigint {
    return this.walk.px;
  }

  get activity(): ActivityParams {
    return this.params;
  }

  /** Every bot account this driver may use, so the exchange can register and fund them up front. */
  get owners(): { makers: string[]; takers: string[] } {
    return { makers: this.makers.map((m) => m.owner), takers: this.takers.map((t) => t.owner) };
  }

  setActivity(level: ActivityLevel): void {
    this.params = activityParams(level);
    this.walk.setVolatility(this.params.volatilityBps * this.volatilityScale, this.params.volatilityBps / 4);
    const takerOpts = this.takerOptions(this.takers.length);
    for (const t of this.takers) t.bot.configure(takerOpts);
  }

  /** Control route setIndexPrice; returns the index actually set (snapped to the tick, within bounds). */
  setIndex(px: bigint): bigint {
    return this.walk.setIndex(px);
  }

  /**
   * One block. Bots beyond the level's count (or all, at 'off') withdraw their quotes.
   * `followed`: the index is set from outside each block (a replayed market, setIndex) and
   * does not walk; a move makes every maker requote at once, and no maker's inventory skew
   * takes its quotes across the index, so the mark (the median of the touch and the index)
   * is the index.
   */
  step(now: number, view: MarketView, followed = false): DriverStep {
    const index = followed ? this.walk.px : this.walk.step(now);
    const moved = followed && index !== this.lastIndex;
    this.lastIndex = index;
    const p = this.params;
    const intents: BotIntent[] = [];
    const places: BotIntent[] = [];
    const bps = (b: number): bigint => (index * BigInt(Math.round(b * 100))) / (1_000_000n * this.tick);
    const gapTicks = niceTicks(bps(p.levelGapBps));

    this.makers.forEach((maker, i) => {
      const quotes = view.ownOrders(maker.owner);
      if (i >= p.makers) {
        if (quotes.length > 0) intents.push({ kind: 'cancel', owner: maker.owner, oids: quotes.map((q) => q.oid) });
        return;
      }
      // An empty ladder is filled at once; otherwise the maker looks with the level's requote chance.
      if (!maker.rng.chance(p.requoteChance) && quotes.length > 0 && !moved) return;
      const lots = p.makerLots.min + Math.floor(maker.sizeDraw * (p.makerLots.max - p.makerLots.min + 1));
      const size = this.lot * BigInt(lots);
      const spreadTicks = bps(p.spreadBps * (i + 1));
      const maxSkewTicks = followed ? minBig(gapTicks * 2n, (spreadTicks > 1n ? spreadTicks : 1n) - 1n) : gapTicks * 2n;
      const plan = planMakerQuotes({
        index,
        tickSize: this.tick,
        stepSize: this.step_,
        maxTicks: this.maxTicks,
        quotes,
        inventory: view.position(maker.owner),
        levels: p.quoteLevels,
        spreadTicks,
        gapTicks,
        size,
        maxInventory: size * BigInt(p.quoteLevels) * 2n,
        maxSkewTicks,
        // After a followed move every maker requotes: the touch of the stale quotes says nothing (an Alo quote that would still cross is refused).
        ...(moved ? {} : { bestBid: view.bestBid, bestAsk: view.bestAsk }),
      });
      if (plan.cancels.length > 0) intents.push({ kind: 'cancel', owner: maker.owner, oids: plan.cancels });
      for (const q of plan.places) (moved ? places : intents).push({ kind: 'place', owner: maker.owner, isBuy: q.isBuy, px: q.px, sz: q.sz, tif: q.tif, reduceOnly: false });
    });
    // Every stale quote is gone before the new ladders go up, so none is refused for crossing another bot's.
    intents.push(...places);

    this.takers.forEach((taker, i) => {
      if (i >= p.takers) return;
      const orders = taker.bot.step({
        bestBid: view.bestBid,
        bestAsk: view.bestAsk,
        index,
        tickSize: this.tick,
        maxTicks: this.maxTicks,
        lot: this.lot,
        throughTicks: gapTicks * BigInt(p.throughLevels),
        position: view.position(taker.owner),
        maxPosition: this.lot * BigInt(p.takerLots.max) * 10n,
      });
      for (const o of orders) {
        intents.push({ kind: 'place', owner: taker.owner, isBuy: o.isBuy, ...(o.px !== undefined ? { px: o.px } : {}), sz: o.sz, tif: o.type, reduceOnly: o.reduceOnly });
      }
    });
    return { index, intents };
  }

  /** The level's taker rate is shared by the takers that are actually available. */
  private takerOptions(available: number): { ratePerSec: number; blockMs: number; minLots: number; maxLots: number; marketShare: number } {
    const p = this.params;
    const active = Math.min(p.takers, available);
    return {
      ratePerSec: active > 0 ? p.takerRatePerSec / active : 0,
      blockMs: this.blockMs,
      minLots: p.takerLots.min,
      maxLots: p.takerLots.max,
      marketShare: p.marketShare,
    };
  }
}
