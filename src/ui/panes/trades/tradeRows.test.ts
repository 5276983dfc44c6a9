import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../protocol/wire/index.js';
import { formatClock } from '../../format/time.js';
import { solTrades } from '../../../../test/ui/support/paneFixtures.js';
import { bigTradeThreshold, tradeRows } from './tradeRows.js';

const t = (tid: number, px: string, sz: string, side: 'A' | 'B' = 'B'): Trade => ({ contractId: 1, tid, px, sz, side, time: 1_700_000_000_000 + tid });

describe('tradeRows', () => {
  it('lists newest first with the tick against the trade before it', () => {
    const rows = tradeRows([t(1, '150', '1'), t(2, '151', '1', 'A'), t(3, '151', '2'), t(4, '149', '1')], 0, 0, 10);
    expect(rows.map((r) => [r.key, r.price, r.tick, r.side])).toEqual([
      ['4', '149', '▼', 'B'],
      ['3', '151', '·', 'B'],
      ['2', '151', '▲', 'S'],
      ['1', '150', ' ', 'B'],
    ]);
    expect(rows[0]!.time).toBe(formatClock(1_700_000_000_004));
  });
  it('keeps only as many rows as fit', () => {
    expect(tradeRows(solTrades(1_000_000), 0, 0, 5)).toHaveLength(5);
    expect(tradeRows([], 0, 0, 5)).toEqual([]);
  });
  it('formats at the contract scales', () => {
    const [row] = tradeRows([t(1, '60001.5', '0.125')], 1, 3, 1);
    expect([row!.price, row!.size]).toEqual(['60,001.5', '0.125']);
  });
  it('flags trades far above the median size as big, once there are enough to judge', () => {
    const trades = solTrades(1_000_000, 30);
    expect(bigTradeThreshold(trades, 0)).toBe(4n * 5n);
    const rows = tradeRows(trades, 0, 0, 30);
    expect(rows.filter((r) => r.big).map((r) => r.size)).toEqual(['400']);
    expect(tradeRows(trades.slice(-10), 0, 0, 10).some((r) => r.big)).toBe(false);
  });
});
