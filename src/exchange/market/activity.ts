/**
 * Activity levels of the embedded market (`--activity`), as plain parameters,
 * and the estimate of how many stream messages each level makes the exchange
 * publish.
 *
 * Rates are numbers (they are counts per time, not money); sizes are counts of
 * a contract's lot (a bigint chosen by the exchange, by default its step size).
 */
export const ACTIVITY_LEVELS = ['off', 'calm', 'normal', 'busy', 'stress'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export interface LotRange {
  min: number;
  max: number;
}

export interface ActivityParams {
  readonly level: ActivityLevel;
  /** Maker accounts quoting each contract. */
  readonly makers: number;
  /** Price levels each maker quotes per side. */
  readonly quoteLevels: number;
  /** Chance per block that a maker re-plans its ladder (the maker requote rate is this x blocks per second). */
  readonly requoteChance: number;
  /** Index to the tightest maker's first level, in basis points; maker i quotes (i + 1) times as wide. */
  readonly spreadBps: number;
  /** Distance between ladder levels, in basis points (at least one tick). */
  readonly levelGapBps: number;
  /** Lots per quote at the first level; a maker keeps one draw from this range. */
  readonly makerLots: LotRange;
  /** Taker accounts per contract. */
  readonly takers: number;
  /** Taker orders per second per contract, all takers together (Poisson). */
  readonly takerRatePerSec: number;
  /** Lots per taker order, skewed toward the small end. */
  readonly takerLots: LotRange;
  /** Share of taker orders sent as Market; the rest are Ioc limits. */
  readonly marketShare: number;
  /** How many ladder gaps past the touch an Ioc limit reaches. */
  readonly throughLevels: number;
  /** Index walk: standard deviation per block, in basis points. */
  readonly volatilityBps: number;
}

const OFF: ActivityParams = {
  level: 'off',
  makers: 0,
  quoteLevels: 0,
  requoteChance: 0,
  spreadBps: 5,
  levelGapBps: 5,
  makerLots: { min: 1, max: 1 },
  takers: 0,
  takerRatePerSec: 0,
  takerLots: { min: 1, max: 1 },
  marketShare: 0,
  throughLevels: 0,
  volatilityBps: 0,
};

const LEVELS: Record<ActivityLevel, ActivityParams> = {
  off: OFF,
  calm: {
    level: 'calm',
    makers: 2,
    quoteLevels: 5,
    requoteChance: 0.3,
    spreadBps: 5,
    levelGapBps: 5,
    makerLots: { min: 5, max: 20 },
    takers: 1,
    takerRatePerSec: 0.3,
    takerLots: { min: 1, max: 5 },
    marketShare: 0.2,
    throughLevels: 1,
    volatilityBps: 0.3,
  },
  normal: {
    level: 'normal',
    makers: 3,
    quoteLevels: 8,
    requoteChance: 0.5,
    spreadBps: 4,
    levelGapBps: 5,
    makerLots: { min: 5, max: 25 },
    takers: 2,
    takerRatePerSec: 2,
    takerLots: { min: 1, max: 10 },
    marketShare: 0.2,
    throughLevels: 1,
    volatilityBps: 0.6,
  },
  busy: {
    level: 'busy',
    makers: 4,
    quoteLevels: 10,
    requoteChance: 0.7,
    spreadBps: 3,
    levelGapBps: 5,
    makerLots: { min: 5, max: 30 },
    takers: 3,
    takerRatePerSec: 12,
    takerLots: { min: 1, max: 15 },
    marketShare: 0.25,
    throughLevels: 2,
    volatilityBps: 1,
  },
  stress: {
    level: 'stress',
    makers: 6,
    quoteLevels: 12,
    requoteChance: 1,
    spreadBps: 2,
    levelGapBps: 5,
    makerLots: { min: 5, max: 40 },
    takers: 4,
    takerRatePerSec: 50,
    takerLots: { min: 1, max: 20 },
    marketShare: 0.25,
    throughLevels: 2,
    volatilityBps: 1.5,
  },
};

/** The largest maker and taker counts of any level: the bot accounts an exchange should create up front. */
export const MAX_MAKERS = Math.max(...ACTIVITY_LEVELS.map((l) => LEVELS[l].makers));
export const MAX_TAKERS = Math.max(...ACTIVITY_LEVELS.map((l) => LEVELS[l].takers));

export function isActivityLevel(x: unknown): x is ActivityLevel {
  return typeof x === 'string' && (ACTIVITY_LEVELS as readonly string[]).includes(x);
}

export function activityParams(level: ActivityLevel): ActivityParams {
  return LEVELS[level];
}

export interface RateAssumptions {
  /** Contracts the bots trade (the embedded exchange lists two live ones). Default 2. */
  contracts?: number;
  /** Blocks per second; book and bbo go out once per block. Default 10. */
  blocksPerSecond?: number;
  /** Maker orders a taker order fills against, on average. Default 1.1 (measured in marketMaker.test.ts). */
  fillsPerTaker?: number;
  /**
   * Orders cancelled or placed per maker per block, on average. Default
   * requoteChance x volatilityBps, an empirical fit to the same simulation: the
   * grid ladder only changes when the index crosses a grid line.
   */
  makerChangesPerBlock?: number;
}

export interface MessageRate {
  /** l2Book + bbo, one each per block. */
  book: number;
  /** One live-bar update per block that had a trade, for one subscribed interval. */
  candle: number;
  /** One `trades` message per taker order (its fills go out together). */
  trades: number;
  /** orderUpdates + openOrders increments: taker order, each maker order it hits, each maker cancel or place. */
  orders: number;
  /** userFills: one to the taker and one to the maker per fill. */
  fills: number;
  perContract: number;
  total: number;
}

/**
 * Messages per second the streams layer would publish if every channel had one
 * subscriber (bots' private channels included, so this is an upper bound on
 * work; a dashboard watching one contract sees the book, candle and trades part):
 *   book    = 2B                      B = blocks/s
 *   candle  = B (1 - e^(-T/B))        T = taker orders/s per contract
 *   trades  = T
 *   orders  = T (1 + F) + F T + 2 M B C   F = fills per taker order, M = makers,
 *                                         C = maker order changes per block
 *             (orderUpdates: taker + hit makers + changes; openOrders: hit makers + changes)
 *   fills   = 2 F T
 * stress with the defaults: about 500 per contract, about 1000 for two contracts.
 */
export function estimateMessageRate(params: ActivityParams, a: RateAssumptions = {}): MessageRate {
  const contracts = a.contracts ?? 2;
  const B = a.blocksPerSecond ?? 10;
  const F = a.fillsPerTaker ?? 1.1;
  const C = a.makerChangesPerBlock ?? params.requoteChance * params.volatilityBps;
  const T = params.takerRatePerSec;
  const M = params.makers;
  if (params.level === 'off') return { book: 0, candle: 0, trades: 0, orders: 0, fills: 0, perContract: 0, total: 0 };
  const book = 2 * B;
  const candle = B * (1 - Math.exp(-T / B));
  const trades = T;
  const orders = T * (1 + F) + F * T + 2 * M * B * C;
  const fills = 2 * F * T;
  const perContract = book + candle + trades + orders + fills;
  return { book, candle, trades, orders, fills, perContract, total: perContract * contracts };
}
