import { describe, expect, it } from 'vitest';
import { checksumAddress, normalizeAddress } from '../../src/protocol/index.js';

describe('checksumAddress (EIP-55)', () => {
  // The examples of EIP-55 itself.
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0xde709f2102306220921060314715629080e2fb77',
  ])('%s', (addr) => {
    expect(checksumAddress(addr.toLowerCase())).toBe(addr);
    expect(checksumAddress(`0x${addr.slice(2).toUpperCase()}`)).toBe(addr);
  });

  it('refuses what is not 20 bytes of hex after 0x', () => {
    expect(() => checksumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toThrow(/40 hex digits/);
    expect(() => normalizeAddress('0x1234')).toThrow(/40 hex digits/);
  });
});
