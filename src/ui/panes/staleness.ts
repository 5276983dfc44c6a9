import type { AppState } from '../../state/types.js';
import type { ContentPaneId } from './paneProps.js';
import { PANE_SPECS } from './paneSpecs.js';

/**
 * When a pane's data cannot be trusted as current. Two signals: the session's verdict on
 * the feeds (a subscription not live, the last poll failed), and the age of the data
 * against the user's `staleAfterMs` threshold for that kind of data. Each pane's rule is
 * the `staleness` of its PaneSpec.
 */

/** The session's verdict for a pane (primitive, safe as a store selector). */
export function staleFlagOf(pane: ContentPaneId, s: AppState): boolean {
  return PANE_SPECS[pane].staleness.flag(s);
}

/** Local time (ms) the pane's data was last known current, or undefined when it has no meaningful age. */
export function dataTimeOf(pane: ContentPaneId, s: AppState): number | undefined {
  return PANE_SPECS[pane].staleness.dataTime?.(s);
}

/** The pane's `staleAfterMs` threshold, if its data has one. */
export function staleThresholdOf(pane: ContentPaneId, staleAfterMs: Readonly<Record<string, number>>): number | undefined {
  const key = PANE_SPECS[pane].staleness.thresholdKey;
  return key === undefined ? undefined : staleAfterMs[key];
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
