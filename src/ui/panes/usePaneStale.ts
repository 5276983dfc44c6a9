import { useRef } from 'react';
import { useApp, useAppState } from '../context/AppContext.js';
import type { ContentPaneId } from './paneProps.js';
import { dataTimeOf, staleAge, staleFlagOf, staleThresholdOf } from './staleness.js';
import { useClock } from './useNow.js';

/**
 * Panel's `staleMs` for a pane: the data's age while it is stale, 'waiting' while it has
 * not been fresh once since the pane appeared (a feed still connecting is not "stale 0s"),
 * else undefined. Judged at each tick of the clock, and the pane re-renders only when the
 * answer changes: a fresh pane costs nothing a second.
 */
export function usePaneStale(pane: ContentPaneId): number | 'waiting' | undefined {
  const flag = useAppState((s) => staleFlagOf(pane, s));
  const { staleAfterMs, store } = useApp();
  const thresholdMs = staleThresholdOf(pane, staleAfterMs);
  const seen = useRef<{ since: number | undefined; everFresh: boolean }>({ since: undefined, everFresh: false });
  return useClock(1000, (now) => {
    // Read, not subscribed: ages are judged on the clock's tick, while data times move with
    // every message and would re-render the pane for nothing.
    const dataAt = dataTimeOf(pane, store.getState());
    const m = seen.current;
    if (!flag) {
      m.since = undefined;
      m.everFresh = true;
    } else m.since ??= now;
    if (flag && !m.everFresh && dataAt === undefined) return 'waiting';
    return staleAge({ flag, dataAt, thresholdMs, now, since: m.since });
  });
}
