import type { PaneSpec } from '../paneSpec.js';

export const ACCOUNTS_SPEC: PaneSpec<'accounts'> = {
  id: 'accounts',
  size: { minWidth: 30, minHeight: 5 },
  // Each row says its own age; the pane as a whole is never stale.
  staleness: { flag: () => false },
};
