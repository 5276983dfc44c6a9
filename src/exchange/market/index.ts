/** The embedded exchange's self-made market: index walk, candles, activity levels and bots. Pure: no I/O, no clock. */
export { IndexWalk, type IndexWalkOptions } from './indexWalk.js';
export { bucketStart, nextBucketStart } from './candleTime.js';
export { CandleAggregator, DEFAULT_CANDLE_CAP, type CandleAggregatorOptions, type CandleEvent, type RawCandle } from './candles.js';
export { toCandleUpdate, toWireCandle, type CandleScales } from './candleWire.js';
export {
  ACTIVITY_LEVELS,
  MAX_MAKERS,
  MAX_TAKERS,
  activityParams,
  estimateMessageRate,
  isActivityLevel,
  type ActivityLevel,
  type ActivityParams,
  type LotRange,
  type MessageRate,
  type RateAssumptions,
} from './activity.js';
export type { BotIntent, MakerPlan, OwnQuote, QuoteIntent, TakerIntent } from './intents.js';
export { makerLadder, planMakerQuotes, type LadderLevel, type MakerQuoteInput } from './makerBot.js';
export { TakerBot, type TakerBotOptions, type TakerMarket } from './takerBot.js';
export { MarketDriver, niceTicks, type DriverStep, type MarketDriverOptions, type MarketView } from './marketMaker.js';
export { Ring } from './ring.js';
