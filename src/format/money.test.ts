import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, MINUS, MISSING, moneyDecimals } from './index.js';

const USDC = { decimals: 6, name: 'USDC' };

describe('formatMoney', () => {
  it('shows the coin at its display decimals, grouped, from raw units', () => {
    expect(formatMoney(10_000_000_000n, USDC)).toBe('10,000.00');
    expect(formatMoney('50000000', USDC, { symbol: true })).toBe('50.00 USDC');
    expect(formatMoney(5n, { decimals: 0, name: 'PTS' }, { symbol: true })).toBe('5 PTS');
    expect(moneyDecimals(USDC)).toBe(2);
    expect(moneyDecimals({ decimals: 1 })).toBe(1);
  });
  it('rounds toward zero, so no balance, gain or loss is overstated', () => {
    expect(formatMoney('1239999', USDC)).toBe('1.23');
    expect(formatMoney('-2505000', USDC)).toBe(`${MINUS}2.50`);
    expect(formatMoney('-4999', USDC)).toBe('0.00');
  });
  it('signs PnL', () => {
    expect(formatMoney(30_000_000n, USDC, { signed: true })).toBe('+30.00');
    expect(formatMoney(-12_500_000n, USDC, { signed: true })).toBe(`${MINUS}12.50`);
    expect(formatMoney(0n, USDC, { signed: true })).toBe('0.00');
  });
  it('keeps every non-zero digit when exact (fees, amounts to sign)', () => {
    expect(formatMoney(59_600n, USDC, { exact: true })).toBe('0.0596');
    expect(formatMoney(50n, USDC, { exact: true })).toBe('0.00005');
    expect(formatMoney(50_000_000n, USDC, { exact: true })).toBe('50.00');
    expect(formatMoney(10_800_135n, USDC, { exact: true, symbol: true })).toBe('10.800135 USDC');
    expect(formatMoney(-125_000n, USDC, { exact: true })).toBe(`${MINUS}0.125`);
  });
  it('exact text reads back to the raw amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (raw) => {
        const text = formatMoney(raw, USDC, { exact: true }).replace(/,/g, '').replace(MINUS, '-');
        const [whole, frac = ''] = text.split('.');
        const back = BigInt(whole!.replace('-', '') + frac.padEnd(6, '0'));
        expect(text.startsWith('-') ? -back : back).toBe(raw);
      }),
    );
  });
  it('shows a dash for what is not a whole number of units', () => {
    expect(formatMoney('1.5', USDC)).toBe(MISSING);
    expect(formatMoney(undefined, USDC)).toBe(MISSING);
  });
});
