import type { AppState } from '../../../state/types.js';
import type { PaneSpec } from '../paneSpec.js';

/**
 * Local time (ms) of the selected contract's latest book, BBO or feed message. Server
 * stamps are moved to local time with the clock offset (server - local), so a skewed clock
 * does not look like stale data.
 */
function bookDataTime(s: AppState): number | undefined {
  const cid = s.market.selected === null ? undefined : s.market.contracts[s.market.selected]?.contractId;
  if (cid === undefined) return undefined;
  const t = Math.max(s.market.feedTimes[cid] ?? -Infinity, s.market.books[cid]?.time ?? -Infinity, s.market.bbos[cid]?.time ?? -Infinity);
  return Number.isFinite(t) ? t - (s.session.clockOffsetMs ?? 0) : undefined;
}

export const BOOK_SPEC: PaneSpec<'book'> = {
  id: 'book',
  // border 2 + column titles 1 + 3 asks + spread + 2 bids
  size: { minWidth: 30, minHeight: 9, maxWidth: 64 },
  staleness: { thresholdKey: 'book', flag: (s) => s.session.staleness.book, dataTime: bookDataTime },
};
