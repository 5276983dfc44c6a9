import { describe, expect, it } from 'vitest';
import { CONFIGS, fills } from '../../../../test/ui/support/paneFixtures.js';
import { fillRows } from './fillRows.js';

describe('fillRows', () => {
  it('lists newest first with fee, closed PnL and role', () => {
    const rows = fillRows(fills(1_700_000_000_000), CONFIGS);
    expect(rows.map((r) => [r.contract, r.side, r.price, r.size, r.fee, r.pnl, r.liquidity])).toEqual([
      ['SOL1', 'Sell', '151', '1', '0.0755', '+3.00', 'liq'],
      ['BTC1', 'Sell', '60,100.0', '0.500', '13.5225', '−4.25', 'taker'],
      ['SOL1', 'Buy', '149', '2', '0.0596', '', 'maker'],
    ]);
    expect(rows.map((r) => r.pnlTone)).toEqual(['up', 'down', 'muted']);
  });
});
