import { describe, expect, it } from 'vitest';
import { addressField, amountField, choiceField, cloidField, decimalField, integerField, priceField, sizeField, textField, toggleField, when } from '../../src/forms/index.js';
import { BTC1, ctx } from './fixtures.js';

const c = ctx({ contract: BTC1 });

describe('fields validate as typed and name themselves in errors', () => {
  it('price: scale, tick and maxTicks of the contract', () => {
    const f = priceField({ label: 'Price', help: '' });
    expect(f.parse('60000.5', c, {})).toEqual({ ok: true, value: 600005n });
    expect(f.parse('60000.3', c, {})).toEqual({ ok: false, error: 'Price: must be a multiple of the tick size 0.5' });
    expect(f.parse('60000.55', c, {})).toEqual({ ok: false, error: 'Price: at most 1 decimal places' });
    expect(f.parse('500000.5', c, {})).toEqual({ ok: false, error: 'Price: price 5000005 exceeds maxTicks 1000000' });
    expect(f.parse('-1', c, {})).toEqual({ ok: false, error: 'Price: must not be negative' });
    expect(f.parse('0', c, {})).toEqual({ ok: false, error: 'Price: must be positive' });
    expect(f.parse('1e3', c, {})).toEqual({ ok: false, error: 'Price: "1e3" is not a decimal number' });
    expect(f.parse('', c, {})).toEqual({ ok: false, error: 'Price: required' });
    expect(f.parse('1', ctx({ contract: undefined }), {})).toEqual({ ok: false, error: 'Price: no contract selected' });
  });

  it('size: step of the contract, positive', () => {
    const f = sizeField({ label: 'Size', help: '' });
    expect(f.parse('0.125', c, {})).toEqual({ ok: true, value: 125n });
    expect(f.parse('0.0001', c, {})).toEqual({ ok: false, error: 'Size: at most 3 decimal places' });
    expect(f.parse('0', c, {})).toEqual({ ok: false, error: 'Size: size must be positive' });
    expect(f.parse('-2', c, {})).toEqual({ ok: false, error: 'Size: size must be positive' });
    const optional = sizeField({ label: 'TP size', help: '', optional: true });
    expect(optional.parse('', c, {})).toEqual({ ok: true, value: undefined });
  });

  it('amount: human coin units to the coin\'s smallest units', () => {
    const f = amountField({ label: 'Amount', help: '', decimals: () => 6 });
    expect(f.parse('250.5', c, {})).toEqual({ ok: true, value: 250_500_000n });
    expect(f.parse('0.0000001', c, {})).toEqual({ ok: false, error: 'Amount: at most 6 decimal places' });
    expect(f.parse('0', c, {})).toEqual({ ok: false, error: 'Amount: must be above zero' });
    expect(f.parse('10000000000000', c, {})).toEqual({ ok: false, error: 'Amount: too large (exceeds int64 smallest units)' });
    const noCoin = amountField({ label: 'Amount', help: '', decimals: () => undefined });
    expect(noCoin.parse('1', c, {})).toEqual({ ok: false, error: 'Amount: choose a coin first' });
  });

  it('decimal: signed only when allowed', () => {
    const f = decimalField({ label: 'Maker fee rate', help: '', scale: () => 8, signed: true });
    expect(f.parse('-0.0001', c, {})).toEqual({ ok: true, value: -10_000n });
    const unsigned = decimalField({ label: 'Taker fee rate', help: '', scale: () => 8 });
    expect(unsigned.parse('-0.0001', c, {})).toEqual({ ok: false, error: 'Taker fee rate: must not be negative' });
  });

  it('address: 0x + 40 hex, EIP-55 checksum when mixed case, lowercase value', () => {
    const f = addressField({ label: 'Agent address', help: '' });
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(f.parse(good, c, {})).toEqual({ ok: true, value: good.toLowerCase() });
    expect(f.parse(good.replace('aAeb', 'aaeb'), c, {})).toEqual({ ok: false, error: 'Agent address: checksum does not match (a mistyped letter?)' });
    expect(f.parse('0x123', c, {})).toEqual({ ok: false, error: 'Agent address: expected 0x followed by 40 hex digits' });
    expect(f.parse(good.toUpperCase().replace('0X', '0x'), c, {}).ok).toBe(true);
  });

  it('cloid: int64 digits without leading zeros', () => {
    const f = cloidField({ label: 'Cloid', help: '', optional: true });
    expect(f.parse('', c, {})).toEqual({ ok: true, value: undefined });
    expect(f.parse('9223372036854775807', c, {})).toEqual({ ok: true, value: '9223372036854775807' });
    expect(f.parse('9223372036854775808', c, {})).toEqual({ ok: false, error: 'Cloid: exceeds int64' });
    expect(f.parse('007', c, {})).toEqual({ ok: false, error: 'Cloid: no leading zeros' });
    expect(f.parse('12a', c, {})).toEqual({ ok: false, error: 'Cloid: digits only (an int64 client order id)' });
  });

  it('integer, toggle, choice, text', () => {
    const lev = integerField({ label: 'Leverage', help: '', min: 1, max: () => 20 });
    expect(lev.parse('20', c, {})).toEqual({ ok: true, value: 20 });
    expect(lev.parse('21', c, {})).toEqual({ ok: false, error: 'Leverage: at most 20' });
    expect(lev.parse('0', c, {})).toEqual({ ok: false, error: 'Leverage: at least 1' });
    expect(lev.parse('2.5', c, {})).toEqual({ ok: false, error: 'Leverage: a whole number' });
    expect(lev.parse('99999999999999999999', c, {})).toEqual({ ok: false, error: 'Leverage: too large' });
    const ro = toggleField({ label: 'Reduce-only', help: '' });
    expect(ro.parse('yes', c, {})).toEqual({ ok: true, value: true });
    expect(ro.parse('', c, {})).toEqual({ ok: true, value: false });
    expect(ro.parse('maybe', c, {})).toEqual({ ok: false, error: 'Reduce-only: yes or no' });
    const side = choiceField({ label: 'Side', help: '', choices: () => [{ text: 'Buy' }, { text: 'Sell' }], map: (t) => t === 'Buy' });
    expect(side.parse('sell', c, {})).toEqual({ ok: true, value: false });
    expect(side.parse('hold', c, {})).toEqual({ ok: false, error: 'Side: choose one of Buy, Sell' });
    const name = textField({ label: 'Name', help: '', maxLength: 3 });
    expect(name.parse('abcd', c, {})).toEqual({ ok: false, error: 'Name: at most 3 characters' });
    expect(name.parse('a\u0007', c, {})).toEqual({ ok: false, error: 'Name: must not contain control characters' });
  });

  it('a hidden field parses to undefined whatever its text', () => {
    const f = when(priceField({ label: 'Price', help: '' }), (texts) => texts['type'] !== 'Market');
    expect(f.parse('garbage', c, { type: 'Market' })).toEqual({ ok: true, value: undefined });
    expect(f.parse('garbage', c, { type: 'Gtc' }).ok).toBe(false);
  });
});
