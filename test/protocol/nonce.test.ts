import { describe, expect, it } from 'vitest';
import { MemoryNonceStore, NonceManager } from '../../src/protocol/index.js';

describe('NonceManager', () => {
  it('gives 10,000 concurrent callers distinct, increasing values', async () => {
    // Without the clock bound: 10,000 in one burst would otherwise wait 9 s for the clock (tested in test/client/nonceClockBound).
    const nonces = new NonceManager({ maxAheadMs: Infinity });
    const values = await Promise.all(Array.from({ length: 10_000 }, () => Promise.resolve().then(() => nonces.next('0xAbC'))));
    expect(new Set(values).size).toBe(10_000);
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
  });

  it('keeps signers independent and case-insensitive', () => {
    let now = 1_000;
    const nonces = new NonceManager({ now: () => now });
    expect(nonces.next('0xaa')).toBe(1_000);
    expect(nonces.next('0xAA')).toBe(1_001);
    expect(nonces.next('0xbb')).toBe(1_000);
    now = 5_000;
    expect(nonces.next('0xaa')).toBe(5_000);
    expect(nonces.next('0xbb')).toBe(5_000);
  });

  it('follows the clock when it is ahead and last + 1 when it is not', () => {
    let now = 100;
    const nonces = new NonceManager({ now: () => now });
    expect(nonces.next('s')).toBe(100);
    now = 50; // clock stepped back
    expect(nonces.next('s')).toBe(101);
    now = 200;
    expect(nonces.next('s')).toBe(200);
  });

  it('never reuses a nonce after a restart within the same millisecond window', () => {
    const store = new MemoryNonceStore();
    const frozen = () => 1_000;
    const first = new NonceManager({ now: frozen, store });
    const used = Array.from({ length: 50 }, () => first.next('s'));
    const restarted = new NonceManager({ now: frozen, store });
    const after = restarted.next('s');
    expect(after).toBeGreaterThan(Math.max(...used));
  });

  it('writes the store only when the reservation runs out', () => {
    const saves: number[] = [];
    const store = { load: () => undefined, save: (_: string, v: number) => void saves.push(v) };
    let now = 0;
    const nonces = new NonceManager({ now: () => now, store, reserveMs: 1_000 });
    for (let i = 0; i < 100; i++) {
      now += 5;
      nonces.next('s');
    }
    expect(saves.length).toBe(1);
    now = 2_000;
    nonces.next('s');
    expect(saves).toEqual([1_005, 3_000]);
  });
});
