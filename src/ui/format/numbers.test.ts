import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPrice, formatSize, groupThousands, MISSING, toRaw } from './decimal.js';
import { formatSigned, MINUS } from './signed.js';
import { formatBps, formatPercent, formatRatePercent } from './percent.js';
import { formatCompact } from './compact.js';
import { formatCoin } from './coin.js';
import { formatSpread } from './spread.js';

describe('formatPrice / formatSize', () => {
  it('pads to the contract scale so columns align', () => {
    expect(formatPrice('12.5', 2)).toBe('12.50');
    expect(formatPrice(1250n, 2)).toBe('12.50');
    expect(formatPrice('100', 0)).toBe('100');
    expect(formatSize('0.001', 3)).toBe('0.001');
  });
  it('rounds half away from zero when showing fewer decimals', () => {
    expect(formatPrice('12.345', 3, { decimals: 2 })).toBe('12.35');
    expect(formatPrice('12.344', 3, { decimals: 2 })).toBe('12.34');
  });
  it('groups thousands on request', () => {
    expect(formatPrice('1234567.8', 1, { separators: true })).toBe('1,234,567.8');
    expect(groupThousands('-1234')).toBe('-1,234');
    expect(groupThousands('999')).toBe('999');
  });
  it('shows a dash instead of throwing on missing or malformed input', () => {
    expect(formatPrice(undefined, 2)).toBe(MISSING);
    expect(formatPrice('1e5', 2)).toBe(MISSING);
    expect(formatSize('abc', 0)).toBe(MISSING);
  });
  it('is exact for values far beyond float precision', () => {
    expect(formatPrice('123456789012345678.25', 2)).toBe('123456789012345678.25');
    expect(toRaw('9007199254740993', 0)).toBe(9007199254740993n);
  });
  it('round-trips any raw value at its scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }), (raw, scale) => {
        expect(toRaw(formatPrice(raw, scale), scale)).toBe(raw);
      }),
    );
  });
});

describe('formatSigned', () => {
  it('always carries an explicit sign', () => {
    expect(formatSigned(1250n, 2)).toBe('+12.50');
    expect(formatSigned(-320n, 2)).toBe(`${MINUS}3.20`);
    expect(formatSigned(0n, 2)).toBe('0.00');
    expect(formatSigned('-3.2', 2, { ascii: true })).toBe('-3.20');
  });
  it('drops the sign when the shown value rounds to zero', () => {
    expect(formatSigned(-1n, 3, { decimals: 2 })).toBe('0.00');
  });
  it('groups thousands after the sign', () => {
    expect(formatSigned(-123456789n, 2, { separators: true })).toBe(`${MINUS}1,234,567.89`);
  });
});

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

describe('formatCompact', () => {
  it('uses suffixes with one decimal', () => {
    expect(formatCompact(0n)).toBe('0');
    expect(formatCompact(999n)).toBe('999');
    expect(formatCompact(1234n)).toBe('1.2k');
    expect(formatCompact(3_400_000n)).toBe('3.4M');
    expect(formatCompact(123_456n)).toBe('123k');
    expect(formatCompact(7_000_000_000n)).toBe('7.0B');
    expect(formatCompact(-1500n, 0, { ascii: true })).toBe('-1.5k');
  });
  it('carries rounding into the next suffix', () => {
    expect(formatCompact(999_960n)).toBe('1.0M');
    expect(formatCompact(999_500n)).toBe('1.0M');
    expect(formatCompact(9_999n)).toBe('10.0k');
  });
  it('respects the raw scale', () => {
    expect(formatCompact(123_456n, 2)).toBe('1.2k');
    expect(formatCompact(250n, 2)).toBe('2.50');
    expect(formatCompact(99_999n, 2)).toBe('1.0k');
  });
  it('stays within 6 columns for any non-negative value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), (raw) => {
        expect(formatCompact(raw).length).toBeLessThanOrEqual(6);
      }),
    );
  });
});

describe('formatCoin', () => {
  it('converts smallest units with decimals 6', () => {
    expect(formatCoin(10_000_000_000n, { symbol: 'USDC' })).toBe('10,000.00 USDC');
    expect(formatCoin('1234567')).toBe('1.23');
    expect(formatCoin('1239999')).toBe('1.23');
    expect(formatCoin(1n, { digits: 6 })).toBe('0.000001');
    expect(formatCoin(-2_500_000n)).toBe('-2.50');
  });
  it('rejects non-integer wire strings', () => {
    expect(formatCoin('1.5')).toBe(MISSING);
    expect(formatCoin(undefined)).toBe(MISSING);
  });
});

describe('formatSpread', () => {
  it('shows absolute and relative spread from bigint', () => {
    expect(formatSpread(9_950n, 10_050n, 2)).toBe('1.00  1.000%');
    expect(formatSpread(100n, 101n, 0)).toBe('1  0.995%');
    expect(formatSpread(undefined, 5n, 0)).toBe('—');
    expect(formatSpread(6n, 5n, 0)).toBe('—');
  });
});
