import type { HistoryScope } from './historyStore.js';

/** The venue of the embedded exchange: one per state directory, whatever port it listens on. */
export const EMBEDDED_VENUE = 'embedded';

/** A deployment's venue: its REST base as origin and path, without a trailing slash. */
export function venueOfUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.replace(/\/+$/, '');
  }
}

/** The directory name of a venue under `<stateDir>/history/`: `embedded`, or the URL with every other character as `_`. */
function venueSlug(venue: string): string {
  return venue === EMBEDDED_VENUE ? venue : venue.replace(/^[a-z]+:\/\//i, (m) => m.slice(0, -3) + '_').replace(/[^A-Za-z0-9.-]+/g, '_');
}

/** `history/<venue>/<account>.sqlite`, relative to the state directory, as path segments. */
export function historyFileSegments(scope: HistoryScope): [string, string, string] {
  return ['history', venueSlug(scope.venue), `${scope.account.toLowerCase()}.sqlite`];
}
