import type { PaneSpec } from '../paneSpec.js';

export const FUNDING_SPEC: PaneSpec<'funding'> = {
  id: 'funding',
  size: { minWidth: 28, minHeight: 5 },
  // Derived from the store's samples, read on a timer: never stale.
  staleness: { flag: () => false },
};
