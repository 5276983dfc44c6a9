import type { PaneSpec } from '../paneSpec.js';

export const ALGOS_SPEC: PaneSpec<'algos'> = {
  id: 'algos',
  size: { minWidth: 30, minHeight: 5 },
  // The algos are this process's own (or its file's): nothing on the wire goes stale here.
  staleness: { flag: () => false },
};
