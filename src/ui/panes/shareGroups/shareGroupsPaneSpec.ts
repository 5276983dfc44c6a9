import type { PaneSpec } from '../paneSpec.js';
import { ACCOUNT_STALENESS } from '../staleRules.js';

export const SHARE_GROUPS_SPEC: PaneSpec<'shareGroups'> = {
  id: 'shareGroups',
  size: { minWidth: 22, minHeight: 5 },
  staleness: ACCOUNT_STALENESS,
};
