import type { AppState, FeedKind } from '../../state/types.js';
import type { PaneStaleness } from './paneSpec.js';

/**
 * Staleness rules shared by several panes. Panes fed by event streams (orders, fills) have
 * no data age: silence there is normal, not staleness.
 */

function pollFailed(s: AppState, name: string): boolean {
  const p = s.session.polls[name];
  return !p || p.lastOk === null || p.lastError !== null;
}

/** Stale when the session says the feed's subscription is not live. */
export function feedStaleness(feed: FeedKind, thresholdKey?: string): PaneStaleness {
  const flag = (s: AppState) => s.session.staleness[feed];
  return thresholdKey === undefined ? { flag } : { thresholdKey, flag };
}

/** Monitor mode has no private channels; if the session polls the data instead, the poll decides. */
export function polledFeedStaleness(poll: string, feed: FeedKind, thresholdKey?: string): PaneStaleness {
  const flag = (s: AppState) => (s.session.polls[poll] ? pollFailed(s, poll) : s.session.staleness[feed]);
  return thresholdKey === undefined ? { flag } : { thresholdKey, flag };
}

/** Positions, the account card and share groups all show the account snapshot. */
export const ACCOUNT_STALENESS: PaneStaleness = {
  thresholdKey: 'account',
  flag: (s) => s.session.staleness.account,
  dataTime: (s) => s.account.updatedAt ?? undefined,
};
