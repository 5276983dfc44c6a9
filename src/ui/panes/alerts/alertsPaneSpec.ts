import type { PaneSpec } from '../paneSpec.js';

export const ALERTS_SPEC: PaneSpec<'alerts'> = {
  id: 'alerts',
  size: { minWidth: 30, minHeight: 4 },
  // The rules are the state directory's: nothing on the wire goes stale here.
  staleness: { flag: () => false },
};
