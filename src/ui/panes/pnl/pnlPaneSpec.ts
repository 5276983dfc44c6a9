import type { PaneSpec } from '../paneSpec.js';

export const PNL_SPEC: PaneSpec<'pnl'> = {
  id: 'pnl',
  size: { minWidth: 30, minHeight: 8 },
  // The store's figures, read on a timer, and the positions' unrealised PnL: the account's staleness is shown where the positions are.
  staleness: { flag: () => false },
};
