import type { PaneSpec } from '../paneSpec.js';
import { ACCOUNT_STALENESS } from '../staleRules.js';

export const POSITIONS_SPEC: PaneSpec<'positions'> = {
  id: 'positions',
  size: { minWidth: 40, minHeight: 5 },
  staleness: ACCOUNT_STALENESS,
};
