import type { SubState } from '../model/streamState.js';
import type { PollStatus } from '../feed/batch.js';
import type { PaneId } from './types.js';

/** Which subscriptions feed each pane, by subscription-key prefix (see wire subscriptionKey). */
const PANE_CHANNELS: Record<Exclude<PaneId, 'account'>, readonly string[]> = {
  book: ['l2Book:', 'bbo:'],
  trades: ['trades:'],
  candles: ['candle:'],
  orders: ['openOrders'],
  fills: ['userFills'],
};

/**
 * A pane is stale unless every subscription feeding it is live (a pane with none has no
 * data at all). The account pane is fed by polling: stale until a poll succeeded, and
 * again as soon as the latest poll failed.
 */
export function stalenessOf(channels: Readonly<Record<string, SubState>>, polls: Readonly<Record<string, PollStatus>>): Record<PaneId, boolean> {
  const out = {} as Record<PaneId, boolean>;
  const keys = Object.keys(channels);
  for (const [pane, prefixes] of Object.entries(PANE_CHANNELS) as [Exclude<PaneId, 'account'>, readonly string[]][]) {
    const mine = keys.filter((k) => prefixes.some((p) => k === p || k.startsWith(p)));
    out[pane] = mine.length === 0 || mine.some((k) => channels[k] !== 'live');
  }
  const acct = polls['userAccount'];
  out.account = !acct || acct.lastOk === null || acct.lastError !== null;
  return out;
}
