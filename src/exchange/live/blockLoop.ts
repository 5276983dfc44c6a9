/**
 * The block cadence (default 100 ms): each block the bots act, the trading engine settles
 * what is due (funding, TP/SL, liquidations, share-group freezes, candle closes), and the
 * per-block channels go out: a full `l2Book` and a `bbo` per contract with subscribers
 * (also when nothing changed, so a silent stream means a dead one), and the candle
 * updates collected during the block. Trades, order updates, open-order increments and
 * fills are not batched here: they go out at the end of the request that caused them.
 */
import type { ExchangeCore } from '../core.js';
import { bboOf, l2BookOf } from '../info/marketQueries.js';
import { ACTIVITY_LEVELS, type ActivityLevel } from '../market/activity.js';
import { toCandleUpdate } from '../market/candleWire.js';
import type { IndexFeed } from './indexFeed.js';
import { MarketBots } from './marketBots.js';

export const DEFAULT_BLOCK_MS = 100;

export interface BlockLoopOptions {
  activity: ActivityLevel;
  blockMs: number;
  /** A replayed market: sets the index of the contracts it follows each block, before the bots act. */
  feed?: IndexFeed;
}

export function parseActivity(value: string | undefined, fallback: ActivityLevel): ActivityLevel {
  if (value === undefined) return fallback;
  if (!(ACTIVITY_LEVELS as readonly string[]).includes(value)) throw new Error(`activity must be one of ${ACTIVITY_LEVELS.join(', ')}, got "${value}"`);
  return value as ActivityLevel;
}

export class BlockLoop {
  readonly bots: MarketBots | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly core: ExchangeCore,
    readonly opts: BlockLoopOptions,
  ) {
    if (!Number.isSafeInteger(opts.blockMs) || opts.blockMs < 1) throw new RangeError('block interval must be a whole number of milliseconds >= 1');
    const feed = opts.feed;
    this.bots = opts.activity === 'off' ? undefined : new MarketBots(core, { activity: opts.activity, blockMs: opts.blockMs, ...(feed ? { follows: (id: number) => feed.follows(id) } : {}) });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.opts.blockMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.bots?.close();
  }

  /** One block; public so in-process tests can step without a timer. */
  tick(now = this.core.clock.now()): void {
    try {
      this.opts.feed?.step(now);
      this.bots?.step(now);
      this.core.trading.step(now);
      // The bots' activity and what the block settled, in one transaction per block.
      this.core.commit();
      this.publish(now);
    } catch (e) {
      // A bug must not stop the market; one line per failure, the first few only.
      if (++this.failures <= 10) this.core.log(`block failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private publish(now: number): void {
    const { hub, config, trading } = this.core;
    for (const c of config.contracts.values()) {
      const id = c.contractId;
      if (hub.subscriberCount(`l2Book:${id}`) > 0) hub.publish(`l2Book:${id}`, l2BookOf(this.core, c, undefined, now));
      if (hub.subscriberCount(`bbo:${id}`) > 0) hub.publish(`bbo:${id}`, bboOf(this.core, c, now));
      const market = trading.market(id);
      if (!market) continue;
      for (const e of market.drainCandleEvents()) {
        const key = `candle:${id}:${e.interval}`;
        if (hub.subscriberCount(key) > 0) hub.publish(key, toCandleUpdate(id, e, c));
      }
    }
  }
}
