import { describe, expect, it } from 'vitest';
import { MINUS } from '../../format/index.js';
import { formatCoin } from './coin.js';
import { formatPrice, MISSING } from './decimal.js';
import { formatBps, formatPercent, formatRatePercent } from './percent.js';

describe('formatPercent', () => {
  it('computes with bigint and rounds half away from zero', () => {
    expect(formatPercent(1n, 8n)).toBe('12.50%');
    expect(formatPercent(1n, 3n)).toBe('33.33%');
    expect(formatPercent(2n, 3n)).toBe('66.67%');
    expect(formatPercent(-1n, 3n, { signed: true })).toBe(`${MINUS}33.33%`);
    expect(formatPercent(5n, 100n, { signed: true, decimals: 1 })).toBe('+5.0%');
    expect(formatPercent(0n, 100n, { signed: true })).toBe('0.00%');
  });
  it('guards division by zero', () => {
    expect(formatPercent(1n, 0n)).toBe(MISSING);
  });
  it('formats funding rates and basis points', () => {
    expect(formatRatePercent('0.0001', { decimals: 4, signed: true })).toBe('+0.0100%');
    expect(formatRatePercent('-0.00125', { decimals: 4, signed: true })).toBe(`${MINUS}0.1250%`);
    expect(formatRatePercent(undefined)).toBe(MISSING);
    expect(formatBps(125n)).toBe('1.25%');
  });
});

describe('names kept for code outside this folder', () => {
  it('formatPrice and formatCoin print what src/format prints', () => {
    expect(formatPrice('60025', 1, { separators: true })).toBe('60,025.0');
    expect(formatCoin(10_000_000_000n, { symbol: 'USDC' })).toBe('10,000.00 USDC');
    expect(formatCoin('1239999')).toBe('1.23');
    expect(formatCoin('-2500000')).toBe(`${MINUS}2.50`);
    expect(formatCoin('1.5')).toBe(MISSING);
  });
});
