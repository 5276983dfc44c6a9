import type { TabItem } from '../components/Tabs.js';
import { PANE_TITLES } from '../panes/paneDefs.js';
import type { PaneId } from './layout.js';

export interface TabCounts {
  /** Open orders the orders pane lists: the contract shown, or every contract when `ordersScope` is 'all'. */
  orders: number;
  ordersScope: 'contract' | 'all';
  positions: number;
}

/** Tab items with counts on orders and positions, so a new one shows without switching. */
export function tabItems(tabs: readonly PaneId[], c: TabCounts): TabItem[] {
  return tabs.map((id) => {
    const badge =
      id === 'orders' && c.orders > 0 ? (c.ordersScope === 'all' ? `${c.orders} all` : c.orders) : id === 'positions' && c.positions > 0 ? c.positions : undefined;
    return badge === undefined ? { id, label: PANE_TITLES[id] } : { id, label: PANE_TITLES[id], badge };
  });
}
