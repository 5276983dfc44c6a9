import type { PaneSpec } from '../paneSpec.js';

export const HISTORY_SPEC: PaneSpec<'history'> = {
  id: 'history',
  size: { minWidth: 28, minHeight: 5 },
  // The store is this dashboard's own record, read on a timer: never stale.
  staleness: { flag: () => false },
};
