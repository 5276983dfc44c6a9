import type { PaneSpec } from '../paneSpec.js';
import { polledFeedStaleness } from '../staleRules.js';

export const ORDERS_SPEC: PaneSpec<'orders'> = {
  id: 'orders',
  size: { minWidth: 40, minHeight: 5 },
  staleness: polledFeedStaleness('userOrders', 'orders', 'orders'),
};
