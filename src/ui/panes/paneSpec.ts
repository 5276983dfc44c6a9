import type { PaneContext } from '../../keymap/index.js';
import type { AppState } from '../../state/types.js';

/**
 * When a pane's data cannot be trusted as current: the session's verdict on its feed, and
 * the age of the data against the user's threshold for that kind of data.
 */
export interface PaneStaleness {
  /** Key of the thresholds in ms (config file `staleAfterMs`); absent where silence is normal. */
  thresholdKey?: string;
  /** The session's verdict (a primitive, safe as a store selector). */
  flag(s: AppState): boolean;
  /** Local time (ms) the data was last known current; absent when it has no meaningful age. */
  dataTime?(s: AppState): number | undefined;
}

/** Sizes the layout needs, borders included. */
export interface PaneSize {
  minWidth: number;
  minHeight: number;
  /** Beyond this width more columns add nothing; the area's other panes take the rest. */
  maxWidth?: number;
}

/**
 * The pure data of a pane: what the layout and the staleness rules read without loading
 * the pane's component (a component reaches the layout through the view store, so the
 * layout must not load components). The title, the key bindings and whether the pane has
 * list navigation come from the keymap context of the same id.
 */
export interface PaneSpec<Id extends PaneContext = PaneContext> {
  id: Id;
  size: PaneSize;
  staleness: PaneStaleness;
}
