import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/exchange/clientAddress.js';

describe('clientAddress: the key of per-client budgets', () => {
  it('keeps IPv4 as is, also when mapped into IPv6', () => {
    expect(clientAddress('127.0.0.2')).toBe('127.0.0.2');
    expect(clientAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(clientAddress(undefined)).toBe('unknown');
  });

  it('groups IPv6 by its /64, however the address is written', () => {
    const a = clientAddress('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(a);
    expect(clientAddress('2001:db8:1:2:0:0:0:99%eth0')).toBe(a);
    expect(clientAddress('2001:db8:1:3::1')).not.toBe(a);
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });
});
