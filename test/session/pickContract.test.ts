import { describe, expect, it } from 'vitest';
import { pickContract, StartupError } from '../../src/session/target.js';

const contracts = [
  { name: 'SOL1', status: 'Active' },
  { name: 'OLD1', status: 'Delisted' },
  { name: 'ETH1', status: 'Active' },
] as const;

describe('pickContract', () => {
  it('takes the contract asked for when it is Active, else the first Active one', () => {
    expect(pickContract(contracts, 'ETH1')).toBe('ETH1');
    expect(pickContract(contracts, undefined)).toBe('SOL1');
  });

  it('refuses an unknown or inactive contract as a usage error naming the choices', () => {
    for (const wanted of ['NOPE', 'OLD1']) {
      let err: unknown;
      try {
        pickContract(contracts, wanted);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(StartupError);
      expect((err as StartupError).exitCode).toBe(2);
      expect((err as StartupError).message).toContain('Active: SOL1, ETH1');
    }
  });

  it('with no Active contract at all, fails as an exchange problem (exit 1)', () => {
    expect(() => pickContract([{ name: 'OLD1', status: 'Delisted' }], undefined)).toThrow(/no Active contract/);
  });
});
