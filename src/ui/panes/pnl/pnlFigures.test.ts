import { describe, expect, it } from 'vitest';
import type { Position } from '../../../protocol/wire/index.js';
import type { HistoryRead } from '../../../session/historyReader.js';
import { CONFIGS } from '../../../../test/ui/support/paneFixtures.js';
import { fundingRows, fundingSummary } from '../funding/fundingRows.js';
import { equityCurveLines } from './equityCurve.js';
import { equityText, pnlFigures } from './pnlFigures.js';

const pos = (contractId: number, isBuy: boolean, size: string, unrealizedPnl: string): Position => ({
  contractId, isBuy, size, entryPx: '150', marginMode: 'cross', leverage: 5, isolatedMargin: '0', unrealizedPnl, liquidationPx: null,
});

const read: HistoryRead = {
  period: 'week',
  since: 0,
  until: 10_000_000,
  gaps: [],
  totals: new Map([
    [1, { realised: 3_000_000n, fees: 150_000n, funding: -20_000n, fills: 4 }],
    [2, { realised: -4_250_000n, fees: 13_522_500n, funding: 0n, fills: 1 }],
  ]),
  funding: [
    { contractId: 1, time: 3_600_000, intervals: 1, size: '10', mark: '150', rate: '0.0001', derived: '-15000', windowFrom: 3_590_000, windowTo: 3_650_000 },
    { contractId: 1, time: 7_200_000, intervals: 1, size: '10', mark: '151', rate: '0.00005', derived: '-5000', windowFrom: 7_190_000, windowTo: 7_250_000 },
    { contractId: 2, time: 7_200_000, intervals: 2, size: '-0.5 -0.25', mark: null, rate: '0.0002', derived: null, windowFrom: 7_190_000, windowTo: 7_250_000 },
  ],
  fundingObserved: -21_000n,
  other: 0n,
  underived: 1,
  curve: [
    { time: 1, equity: 5_000_000_000n },
    { time: 2, equity: 5_010_000_000n },
    { time: 3, equity: 4_990_000_000n },
  ],
};

describe('pnlFigures', () => {
  it('keeps realised, unrealised, fees and funding apart per contract and adds them up exactly', () => {
    const f = pnlFigures(read, [pos(1, true, '10', '30000000'), pos(2, false, '0.500', '-12500000')], CONFIGS);
    expect(f.rows.map((r) => [r.contract, r.realised, r.unrealised, r.fees, r.funding, r.net])).toEqual([
      ['BTC1', '−4.25', '−12.50', '−13.52', '0.00', '−30.27'],
      ['SOL1', '+3.00', '+30.00', '−0.15', '−0.02', '+32.83'],
    ]);
    // In bigint, to the unit: 3,000,000 − 150,000 − 20,000 + 30,000,000 and the BTC row.
    expect(f.rows.map((r) => r.raw.net)).toEqual([-4_250_000n - 13_522_500n - 12_500_000n, 32_830_000n]);
    expect(f.total.raw).toEqual({ realised: -1_250_000n, unrealised: 17_500_000n, fees: 13_672_500n, funding: -20_000n, net: 2_557_500n });
    expect(f.total.net).toBe('+2.55');
    expect(equityText(f, CONFIGS)).toBe('equity 4,990.00 (−10.00)');
  });
  it('with nothing read yet has no rows, and says there is no sample', () => {
    const f = pnlFigures(undefined, [], CONFIGS);
    expect(f.rows).toEqual([]);
    expect(f.total.raw.net).toBe(0n);
    expect(equityText(f, CONFIGS)).toBe('equity: no sample in this period yet');
  });
});

describe('fundingRows', () => {
  it('per position: the last rate and payment, the cumulative derived, the payments not derived', () => {
    const rows = fundingRows(read, [pos(1, true, '10', '0'), pos(4, true, '3', '0')], CONFIGS);
    expect(rows.map((r) => [r.contract, r.size, r.rate, r.payment, r.cumulative, r.payments, r.underived])).toEqual([
      ['BTC1', '', '+0.0200%', '?', '0.00', 1, 1],
      // A position that has paid nothing yet has its row.
      ['DOGE0', '+3', '', '', '', 0, 0],
      ['SOL1', '+10', '+0.0050%', '−0.005', '−0.02', 2, 0],
    ]);
    expect(fundingSummary(read, rows, CONFIGS)).toBe('funding −0.021 (balances) · derived −0.02 · 1 not derived');
  });
});

describe('equityCurveLines', () => {
  it('draws a rising line from the bottom left to the top right, unbroken', () => {
    const lines = equityCurveLines([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n], 4, 2);
    expect(lines).toHaveLength(2);
    for (const l of lines) expect([...l]).toHaveLength(4);
    // The bottom row starts lit and the top row ends lit; no column is empty (the runs join).
    expect(lines[1]![0]).not.toBe(' ');
    expect(lines[0]![3]).not.toBe(' ');
    for (let x = 0; x < 4; x++) expect(lines[0]![x] !== ' ' || lines[1]![x] !== ' ').toBe(true);
    // Flat data lies in the middle; no data draws blanks.
    expect(equityCurveLines([5n, 5n], 3, 1)).toEqual(['⠤⠤⠤']);
    expect(equityCurveLines([], 3, 2)).toEqual(['   ', '   ']);
  });
});
