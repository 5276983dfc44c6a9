import { describe, expect, it } from 'vitest';
import { tabItems } from './tabItems.js';

describe('tab badges', () => {
  it('count the orders the pane lists: the contract shown, or every contract marked "all"', () => {
    expect(tabItems(['orders', 'positions'], { orders: 2, ordersScope: 'contract', positions: 1 })).toEqual([
      { id: 'orders', label: 'Orders', badge: 2 },
      { id: 'positions', label: 'Positions', badge: 1 },
    ]);
    expect(tabItems(['orders'], { orders: 5, ordersScope: 'all', positions: 0 })[0]?.badge).toBe('5 all');
    expect(tabItems(['orders', 'positions'], { orders: 0, ordersScope: 'contract', positions: 0 }).map((t) => t.badge)).toEqual([undefined, undefined]);
  });
});
