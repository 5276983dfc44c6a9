import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCompact, MINUS } from './index.js';

describe('formatCompact', () => {
  it('uses suffixes with one decimal', () => {
    expect(formatCompact(0n)).toBe('0');
    expect(formatCompact(999n)).toBe('999');
    expect(formatCompact(1234n)).toBe('1.2k');
    expect(formatCompact(3_400_000n)).toBe('3.4M');
    expect(formatCompact(123_456n)).toBe('123k');
    expect(formatCompact(7_000_000_000n)).toBe('7.0B');
    expect(formatCompact(-1500n)).toBe(`${MINUS}1.5k`);
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
