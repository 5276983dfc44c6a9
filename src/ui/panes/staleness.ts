import type { AppState } from '../../state/types.js';
import type { ContentPaneId } from './paneProps.js';

/**
 * When a pane's data cannot be trusted as current. Two signals: the session's verdict on
 * the feeds (a subscription not live, the last poll failed), and the age of the data
 * against the user's `staleAfterMs` threshold for that kind of data. Panes fed by event
 * streams (orders, fills) have no age: silence there is normal, not staleness.
 */

/** Config-file threshold key per pane (startup/config.ts `staleAfterMs`). */
export const STALE_THRESHOLD_KEY: Readonly<Record<ContentPaneId, string | undefined>> = {
  book: 'book',
  trades: 'trades',
  chart: 'candles',
  orders: 'orders',
  positions: 'account',
  account: 'account',
  shareGroups: 'account',
  fills: undefined,
  agents: 'agents',
  journal: undefined,
};

function pollFailed(s: AppState, name: string): boolean {
  const p = s.session.polls[name];
  return !p || p.lastOk === null || p.lastError !== null;
}

/** The session's verdict for a pane (primitive, safe as a store selector). */
export function staleFlagOf(pane: ContentPaneId, s: AppState): boolean {
  const st = s.session.staleness;
  switch (pane) {
    case 'book':
      return st.book;
    case 'trades':
      return st.trades;
    case 'chart':
      return st.candles;
    // Monitor mode has no private channels; if the session polls instead, the poll decides.
    case 'orders':
      return s.session.polls['userOrders'] ? pollFailed(s, 'userOrders') : st.orders;
    case 'fills':
      return s.session.polls['userFills'] ? pollFailed(s, 'userFills') : st.fills;
    case 'positions':
    case 'account':
    case 'shareGroups':
      return st.account;
    case 'agents':
      // Agents are polled only once the account id is known; until then there is nothing to trust or doubt.
      return s.session.polls['userAgents'] !== undefined && s.session.polls['userAgents'].lastError !== null;
    case 'journal':
      return false;
  }
}

/**
 * Local time (ms) the pane's data was last known current, or undefined when it has no
 * meaningful age. Server stamps are moved to local time with the clock offset
 * (server - local), so a skewed clock does not look like stale data.
 */
export function dataTimeOf(pane: ContentPaneId, s: AppState): number | undefined {
  const offset = s.session.clockOffsetMs ?? 0;
  const cid = s.market.selected === null ? undefined : s.market.contracts[s.market.selected]?.contractId;
  switch (pane) {
    case 'book': {
      if (cid === undefined) return undefined;
      const t = Math.max(s.market.feedTimes[cid] ?? -Infinity, s.market.books[cid]?.time ?? -Infinity, s.market.bbos[cid]?.time ?? -Infinity);
      return Number.isFinite(t) ? t - offset : undefined;
    }
    case 'positions':
    case 'account':
    case 'shareGroups':
      return s.account.updatedAt ?? undefined;
    case 'agents':
      return s.session.polls['userAgents']?.lastOk ?? undefined;
    default:
      return undefined;
  }
}

/**
 * The age to show in the stale marker, or undefined when the pane is fresh. `since` is
 * when the session flag was first seen raised, for data that has no timestamp of its own.
 */
export function staleAge(o: { flag: boolean; dataAt: number | undefined; thresholdMs: number | undefined; now: number; since: number | undefined }): number | undefined {
  const age = o.dataAt === undefined ? undefined : Math.max(0, o.now - o.dataAt);
  const tooOld = age !== undefined && o.thresholdMs !== undefined && age > o.thresholdMs;
  if (!o.flag && !tooOld) return undefined;
  if (age !== undefined) return age;
  return Math.max(0, o.now - (o.since ?? o.now));
}
