import type { SubState } from '../model/streamState.js';
import type { PollStatus } from '../feed/batch.js';
import type { FeedKind } from './types.js';

/** Which subscriptions carry each kind of data, by subscription-key prefix (see wire subscriptionKey). */
const FEED_CHANNELS: Record<Exclude<FeedKind, 'account'>, readonly string[]> = {
  book: ['l2Book:', 'bbo:'],
  trades: ['trades:'],
  candles: ['candle:'],
  orders: ['openOrders'],
  fills: ['userFills'],
};

/** Channels that carry one contract's market (`l2Book:1`, `candle:1:1m`). */
const MARKET_FEEDS: readonly string[] = ['l2Book:', 'bbo:', 'trades:', 'candle:'];

/**
 * A feed is stale unless every subscription carrying it is live (a feed with none has no
 * data at all). With `contractId`, as one screen shows that contract: the market feeds are
 * that contract's channels alone, so another screen's contract still subscribing does not
 * make this one's book stale. The account is fed by polling: stale until a poll succeeded, and again as
 * soon as the latest poll failed.
 */
export function stalenessOf(channels: Readonly<Record<string, SubState>>, polls: Readonly<Record<string, PollStatus>>, contractId?: number): Record<FeedKind, boolean> {
  const out = {} as Record<FeedKind, boolean>;
  // One contract's view (a screen's): only that contract's market channels count.
  const keys = Object.keys(channels).filter((k) => contractId === undefined || !MARKET_FEEDS.some((p) => k.startsWith(p)) || k.split(':')[1] === String(contractId));
  for (const [feed, prefixes] of Object.entries(FEED_CHANNELS) as [Exclude<FeedKind, 'account'>, readonly string[]][]) {
    const mine = keys.filter((k) => prefixes.some((p) => k === p || k.startsWith(p)));
    out[feed] = mine.length === 0 || mine.some((k) => channels[k] !== 'live');
  }
  const acct = polls['userAccount'];
  out.account = !acct || acct.lastOk === null || acct.lastError !== null;
  return out;
}
