import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPrice, MINUS, MISSING, toRaw } from './index.js';

describe('formatPrice', () => {
  it('shows every decimal of the price scale, thousands grouped', () => {
    expect(formatPrice('60025', { priceScale: 1 })).toBe('60,025.0');
    expect(formatPrice(600_250n, { priceScale: 1 })).toBe('60,025.0');
    expect(formatPrice('150', { priceScale: 0 })).toBe('150');
    expect(formatPrice('0.12', { priceScale: 5 })).toBe('0.12000');
    expect(formatPrice('1234567.8', { priceScale: 1 })).toBe('1,234,567.8');
  });
  it('signs differences when asked, with a real minus', () => {
    expect(formatPrice(-5n, { priceScale: 1 })).toBe(`${MINUS}0.5`);
    expect(formatPrice(5n, { priceScale: 1 }, { signed: true })).toBe('+0.5');
    expect(formatPrice(0n, { priceScale: 1 }, { signed: true })).toBe('0.0');
  });
  it('rounds a finer string half away from zero, and shows a dash for what is not a price', () => {
    expect(formatPrice('12.345', { priceScale: 2 })).toBe('12.35');
    expect(formatPrice(undefined, { priceScale: 2 })).toBe(MISSING);
    expect(formatPrice(null, { priceScale: 2 })).toBe(MISSING);
    expect(formatPrice('1e5', { priceScale: 2 })).toBe(MISSING);
  });
  it('is exact beyond float precision and round-trips through toRaw', () => {
    expect(formatPrice('123456789012345678.25', { priceScale: 2 })).toBe('123,456,789,012,345,678.25');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }), (raw, scale) => {
        expect(toRaw(formatPrice(raw, { priceScale: scale }).replace(/,/g, ''), scale)).toBe(raw);
      }),
    );
  });
});
