import type { PaneSpec } from '../paneSpec.js';
import { polledFeedStaleness } from '../staleRules.js';

export const FILLS_SPEC: PaneSpec<'fills'> = {
  id: 'fills',
  size: { minWidth: 28, minHeight: 5 },
  // Fills arrive as events: no age threshold, only the feed's (or the poll's) verdict.
  staleness: polledFeedStaleness('userFills', 'fills'),
};
