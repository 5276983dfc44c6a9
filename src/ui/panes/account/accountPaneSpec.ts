import type { PaneSpec } from '../paneSpec.js';
import { ACCOUNT_STALENESS } from '../staleRules.js';

export const ACCOUNT_SPEC: PaneSpec<'account'> = {
  id: 'account',
  size: { minWidth: 26, minHeight: 5 },
  staleness: ACCOUNT_STALENESS,
};
