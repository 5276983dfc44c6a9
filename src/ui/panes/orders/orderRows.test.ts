import { describe, expect, it } from 'vitest';
import { CONFIGS, openOrders } from '../../../../test/ui/support/paneFixtures.js';
import { orderRows } from './orderRows.js';

const NOW = 1_700_000_000_000;
const open = Object.fromEntries(openOrders(NOW).map((o) => [o.oid, o]));

describe('orderRows', () => {
  it('lists the selected contract by ascending oid', () => {
    const rows = orderRows(open, CONFIGS, 1, 'contract');
    expect(rows.map((r) => [r.key, r.side, r.price, r.size, r.filled, r.tif, r.reduceOnly, r.cloid])).toEqual([
      ['11', 'Buy', '149', '3/5', '2', 'Gtc', '', '123456789'],
      ['12', 'Sell', '155', '2/2', '0', 'Alo', 'RO', ''],
    ]);
  });
  it('lists every contract in "all" scope, each at its own scales', () => {
    const rows = orderRows(open, CONFIGS, 1, 'all');
    expect(rows.map((r) => r.contract)).toEqual(['SOL1', 'SOL1', 'BTC1']);
    expect(rows[2]!.price).toBe('59,000.5');
    expect(rows[2]!.size).toBe('0.010/0.010');
    expect(rows[2]!.filled).toBe('0.000');
  });
  it('is empty without a selected contract, and stable for unchanged input', () => {
    expect(orderRows(open, CONFIGS, undefined, 'contract')).toEqual([]);
    expect(orderRows(open, CONFIGS, 1, 'contract')).toBe(orderRows(open, CONFIGS, 1, 'contract'));
  });
  it('names an order on an unknown contract by id', () => {
    const rows = orderRows({ 1: { ...openOrders(NOW)[0]!, asset: 99 } }, CONFIGS, 99, 'contract');
    expect(rows[0]!.contract).toBe('#99');
  });
});
