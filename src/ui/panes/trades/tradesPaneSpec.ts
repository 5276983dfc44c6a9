import type { PaneSpec } from '../paneSpec.js';
import { feedStaleness } from '../staleRules.js';

export const TRADES_SPEC: PaneSpec<'trades'> = {
  id: 'trades',
  size: { minWidth: 24, minHeight: 6, maxWidth: 56 },
  staleness: feedStaleness('trades', 'trades'),
};
