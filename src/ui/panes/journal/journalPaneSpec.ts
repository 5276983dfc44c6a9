import type { PaneSpec } from '../paneSpec.js';

export const JOURNAL_SPEC: PaneSpec<'journal'> = {
  id: 'journal',
  size: { minWidth: 28, minHeight: 5 },
  // The journal is this session's own record: never stale.
  staleness: { flag: () => false },
};
