import { describe, expect, it } from 'vitest';
import { formatSize, MINUS, MISSING } from './index.js';

describe('formatSize', () => {
  it('shows every decimal of the quantity scale, thousands grouped', () => {
    expect(formatSize('0.5', { qtyScale: 3 })).toBe('0.500');
    expect(formatSize(1_200n, { qtyScale: 0 })).toBe('1,200');
    expect(formatSize('12.125', { qtyScale: 3 })).toBe('12.125');
  });
  it('signs a position size: + long, − short, none for zero', () => {
    expect(formatSize(10n, { qtyScale: 0 }, { signed: true })).toBe('+10');
    expect(formatSize(-500n, { qtyScale: 3 }, { signed: true })).toBe(`${MINUS}0.500`);
    expect(formatSize(0n, { qtyScale: 3 }, { signed: true })).toBe('0.000');
  });
  it('shows a dash for a missing size', () => {
    expect(formatSize(undefined, { qtyScale: 0 })).toBe(MISSING);
    expect(formatSize('abc', { qtyScale: 0 })).toBe(MISSING);
  });
});
