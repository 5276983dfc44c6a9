import { describe, expect, it } from 'vitest';
import { deriveFunding, type Sample } from '../../src/history/funding.js';
import { gapsBetween } from '../../src/history/gaps.js';
import { parseTimeBound } from '../../src/history/timeBound.js';
import type { Fill } from '../../src/protocol/wire/index.js';

const HOUR = 3_600_000;
const SOL = new Map([[1, { priceScale: 2, qtyScale: 3, collateralDecimals: 6, fundingIntervalMs: HOUR }]]);

const sample = (time: number, balance: string, index: string, next: number, positions: { isBuy: boolean; size: string }[], mark = '100'): Sample => ({
  time,
  equity: balance,
  balance,
  markets: [{ contractId: 1, markPx: mark, fundingIndex: index, nextFundingTime: next, positions }],
});
const fill = (time: number, isBuy: boolean, sz: string, closedPnl = '0', fee = '0'): Fill => ({ contractId: 1, oid: 1, tid: time, px: '100', sz, isBuy, time, liquidity: 'taker', fee, closedPnl });

describe('gapsBetween', () => {
  it('is the complement of the runs, overlapping and touching runs merged, within the bounds asked for', () => {
    const runs = [
      { from: 10, to: 20 },
      { from: 15, to: 30 },
      { from: 30, to: 35 },
      { from: 50, to: 60 },
    ];
    expect(gapsBetween(runs)).toEqual([{ from: 35, to: 50 }]);
    expect(gapsBetween(runs, 0, 100)).toEqual([
      { from: 0, to: 10 },
      { from: 35, to: 50 },
      { from: 60, to: 100 },
    ]);
    expect(gapsBetween(runs, 40, 55)).toEqual([{ from: 40, to: 50 }]);
    expect(gapsBetween([], 0, 5)).toEqual([{ from: 0, to: 5 }]);
    expect(gapsBetween([])).toEqual([]);
  });
});

describe('deriveFunding', () => {
  it('a long across one funding time pays size x mark x rate, rounded up, and the balances agree', () => {
    const a = sample(0, '1000000000', '0', HOUR, [{ isBuy: true, size: '2' }]);
    const b = sample(HOUR + 5, '999997500', '0.0000125', 2 * HOUR, [{ isBuy: true, size: '2' }]);
    expect(deriveFunding(a, b, [], SOL)).toEqual({
      from: 0,
      to: HOUR + 5,
      fundingTime: true,
      payments: [{ contractId: 1, time: HOUR, intervals: 1, size: '2', mark: '100', rate: '0.0000125', derived: '-2500' }],
      derived: '-2500',
      observed: '-2500',
    });
  });

  it('a short receives, rounded down; fills before the funding time count in the size, those after do not', () => {
    const a = sample(0, '0', '0', HOUR, [{ isBuy: false, size: '1' }], '33.33');
    // Sold 1 more before the funding time (short 2 across it), bought 2 back after it.
    const fills = [fill(100, false, '1', '0', '10'), fill(HOUR + 1, true, '2', '-5', '20')];
    const b = sample(HOUR + 5, String(-10 - 5 - 20 + 833), '0.0000125', 2 * HOUR, []);
    const w = deriveFunding(a, b, fills, SOL)!;
    // 2 x 33.33 = 66.66 USDC -> 66,660,000 x 0.0000125 = 833.25 -> 833 received.
    expect(w.payments[0]).toMatchObject({ size: '-2', derived: '833' });
    expect(w.observed).toBe('833');
  });

  it('several funding times between samples with the size changing between them: not derived (null), the balances still say what moved', () => {
    const a = sample(0, '0', '0', HOUR, [{ isBuy: true, size: '1' }]);
    const b = sample(3 * HOUR, '-3000', '0.0000375', 4 * HOUR, [{ isBuy: true, size: '2' }]);
    const w = deriveFunding(a, b, [fill(HOUR + 10, true, '1')], SOL)!;
    expect(w.payments[0]).toMatchObject({ intervals: 3, derived: null, size: '1 2 2' });
    expect(w.derived).toBeNull();
    expect(w.observed).toBe('-3000');
  });

  it('no position and no balance change: nothing to explain; a balance change without funding is kept as such', () => {
    const a = sample(0, '500', '0', HOUR, []);
    expect(deriveFunding(a, sample(HOUR + 5, '500', '0.0000125', 2 * HOUR, []), [], SOL)).toBeUndefined();
    expect(deriveFunding(a, sample(10, '700', '0', HOUR, []), [], SOL)).toEqual({ from: 0, to: 10, fundingTime: false, payments: [], derived: '0', observed: '200' });
  });
});

describe('parseTimeBound', () => {
  it('reads times back from now and ISO times; refuses anything else', () => {
    const now = Date.UTC(2026, 4, 12, 14, 0, 0);
    expect(parseTimeBound('1d', now)).toBe(now - 86_400_000);
    expect(parseTimeBound('90s', now)).toBe(now - 90_000);
    expect(parseTimeBound('2w', now)).toBe(now - 14 * 86_400_000);
    expect(parseTimeBound('2026-05-12', now)).toBe(Date.UTC(2026, 4, 12));
    expect(parseTimeBound('2026-05-12T14:03:07Z', now)).toBe(Date.UTC(2026, 4, 12, 14, 3, 7));
    expect(parseTimeBound('yesterday', now)).toBeUndefined();
    expect(parseTimeBound('-1d', now)).toBeUndefined();
  });
});
