import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DecimalError,
  divRound,
  formatDecimal,
  formatFixed,
  parseAmount,
  parseDecimal,
  parsePrice,
  parseSize,
  rescale,
  type ContractScales,
} from '../../src/protocol/index.js';
import { realContract } from '../support/realConfigs.js';

const SOL1: ContractScales = realContract('SOL1');
const BTC1: ContractScales = realContract('BTC1');

describe('decimals', () => {
  it('round-trips raw -> string -> raw at every scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (raw, scale) => {
        expect(parseDecimal(formatDecimal(raw, scale), scale, 'x', { signed: true })).toBe(raw);
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips string -> raw -> string for canonical decimal strings', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }), (raw, scale) => {
        const text = formatDecimal(raw, scale);
        expect(formatDecimal(parseDecimal(text, scale, 'x'), scale)).toBe(text);
      }),
    );
  });

  it('rescales exactly upward and rounds as asked downward', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (raw, a, b) => {
        const up = rescale(raw, a, a + b);
        expect(rescale(up, a + b, a)).toBe(raw);
      }),
    );
    expect(rescale(1234n, 3, 1, 'down')).toBe(12n);
    expect(rescale(1250n, 3, 1, 'half-up')).toBe(13n);
    expect(rescale(-1250n, 3, 1, 'half-up')).toBe(-13n);
    expect(rescale(1201n, 3, 1, 'up')).toBe(13n);
    expect(divRound(7n, 2n, 'down')).toBe(3n);
    expect(divRound(-7n, 2n, 'down')).toBe(-3n);
  });

  it('formats fixed columns', () => {
    expect(formatFixed(1250n, 2, 1)).toBe('12.5');
    expect(formatFixed(1255n, 2, 1)).toBe('12.6');
    expect(formatFixed(-5n, 2, 0)).toBe('0');
    expect(formatFixed(-55n, 2, 0)).toBe('-1');
    expect(formatFixed(150n, 0, 2)).toBe('150.00');
    expect(formatDecimal(1250n, 2)).toBe('12.5');
    expect(formatDecimal(-5n, 3)).toBe('-0.005');
  });

  it('never rounds silently: too many decimals is an error naming the field', () => {
    expect(() => parseDecimal('1.234', 2, 'price')).toThrow('price: at most 2 decimal places');
    expect(() => parseDecimal('1.5', 0, 'size')).toThrow('size: must be a whole number');
    expect(parseDecimal('1.2300', 2, 'price')).toBe(123n);
  });

  it('rejects non-decimals with the field name', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !/^-?\d+(\.\d+)?$/.test(s)), (text) => {
        expect(() => parseDecimal(text, 4, 'limitPx')).toThrow(/^limitPx: /);
      }),
    );
    for (const bad of ['1e5', ' 1', '1.', '.5', '+1', '0x10', '', '1,5']) {
      expect(() => parseDecimal(bad, 4, 'px')).toThrow(DecimalError);
    }
  });

  it('validates prices against tick and maxTicks with the exchange wording', () => {
    expect(parsePrice('150', SOL1)).toBe(150n);
    expect(() => parsePrice('10001', SOL1)).toThrow('price 10001 exceeds maxTicks 10000');
    expect(() => parsePrice('0', SOL1)).toThrow('price: must be positive');
    expect(() => parsePrice('150.5', SOL1)).toThrow('price: must be a whole number');
    expect(parsePrice('60000.5', BTC1)).toBe(600005n);
    expect(() => parsePrice('60000.3', BTC1)).toThrow('must be a multiple of the tick size 0.5');
  });

  it('validates sizes against the step', () => {
    expect(parseSize('0.001', BTC1)).toBe(1n);
    expect(() => parseSize('0', SOL1)).toThrow('size must be positive');
    expect(() => parseSize('-1', SOL1)).toThrow('size must be positive');
    expect(() => parseSize('0.0001', BTC1, 'sz')).toThrow('sz: at most 3 decimal places');
    expect(parseSize('3', { ...SOL1, stepSize: 1 })).toBe(3n);
    expect(() => parseSize('3', { ...SOL1, stepSize: 2 })).toThrow('multiple of the step size 2');
  });

  it('accepts only canonical smallest-unit amounts', () => {
    expect(parseAmount('1000000', 'amount')).toBe(1000000n);
    for (const bad of ['-1', '01', '1.0', '1e6', '', ' 1', 1000 as unknown as string]) {
      expect(() => parseAmount(bad, 'amount')).toThrow(/^amount: /);
    }
    expect(() => parseAmount('0', 'amount')).toThrow('amount: must be above zero');
    expect(parseAmount('0', 'amount', { allowZero: true })).toBe(0n);
    expect(() => parseAmount('9223372036854775808', 'amount')).toThrow('exceeds int64');
  });
});
