import type { PaneSpec } from '../paneSpec.js';
import { feedStaleness } from '../staleRules.js';

export const CHART_SPEC: PaneSpec<'chart'> = {
  id: 'chart',
  size: { minWidth: 30, minHeight: 8 },
  staleness: feedStaleness('candles', 'candles'),
};
