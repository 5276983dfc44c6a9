import { describe, expect, it } from 'vitest';
import { PrivateKey } from '../../wallet/index.js';
import { AgentHandover } from './agentHandover.js';

describe('AgentHandover', () => {
  it('hands over the key held once its own address is approved, and wipes keys it no longer needs', () => {
    const used: string[] = [];
    const h = new AgentHandover((k) => used.push(k.address));
    const first = PrivateKey.generate();
    const second = PrivateKey.generate();
    const firstAddress = first.address;
    h.hold(first);
    h.hold(second);
    // A newer key replaces the older, which is wiped.
    expect(() => first.bytes()).toThrow('wiped');
    expect(h.approved(firstAddress)).toBe(false);
    expect(h.approved(PrivateKey.generate().address)).toBe(false);
    expect(h.approved(second.address.toLowerCase())).toBe(true);
    expect(used).toEqual([second.address]);
    // Handed over: the session owns it now, and a second approval does nothing.
    expect(h.approved(second.address)).toBe(false);
    h.dispose();
    expect(second.bytes()).toHaveLength(32);
    const third = PrivateKey.generate();
    h.hold(third);
    h.dispose();
    expect(() => third.bytes()).toThrow('wiped');
  });
});
