import { useRef } from 'react';
import { useApp, useAppState } from '../context/AppContext.js';
import type { ContentPaneId } from './paneProps.js';
import { dataTimeOf, staleAge, staleFlagOf, staleThresholdOf } from './staleness.js';
import { useNow } from './useNow.js';

/**
 * Panel's `staleMs` for a pane: the data's age while it is stale, 'waiting' while it has
 * not been fresh once since the pane appeared (a feed still connecting is not "stale 0s"),
 * else undefined.
 */
export function usePaneStale(pane: ContentPaneId): number | 'waiting' | undefined {
  const flag = useAppState((s) => staleFlagOf(pane, s));
  const { staleAfterMs, store } = useApp();
  const thresholdMs = staleThresholdOf(pane, staleAfterMs);
  const now = useNow(1000);
  // Read, not subscribed: ages are judged on the clock's tick, while data times move with
  // every message and would re-render the pane for nothing.
  const dataAt = dataTimeOf(pane, store.getState());
  const since = useRef<number | undefined>(undefined);
  const everFresh = useRef(false);
  if (!flag) {
    since.current = undefined;
    everFresh.current = true;
  } else since.current ??= now;
  if (flag && !everFresh.current && dataAt === undefined) return 'waiting';
  return staleAge({ flag, dataAt, thresholdMs, now, since: since.current });
}
