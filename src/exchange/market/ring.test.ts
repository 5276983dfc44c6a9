import { describe, expect, it } from 'vitest';
import { Ring } from './ring.js';

describe('Ring', () => {
  it('keeps the newest entries up to capacity, oldest first', () => {
    const r = new Ring<number>(3);
    expect(r.push(1)).toBeUndefined();
    r.push(2);
    r.push(3);
    expect(r.push(4)).toBe(1);
    expect(r.push(5)).toBe(2);
    expect(r.toArray()).toEqual([3, 4, 5]);
    expect(r.length).toBe(3);
    expect(r.at(0)).toBe(3);
    expect(r.last()).toBe(5);
    expect(r.at(3)).toBeUndefined();
    expect(r.at(-1)).toBeUndefined();
  });

  it('partitions a sorted ring by a monotone predicate', () => {
    const r = new Ring<number>(4);
    for (const x of [10, 20, 30, 40, 50, 60]) r.push(x);
    expect(r.partition((x) => x < 45)).toBe(2);
    expect(r.partition((x) => x < 0)).toBe(0);
    expect(r.partition((x) => x < 100)).toBe(4);
  });

  it('rejects a capacity below one', () => {
    expect(() => new Ring(0)).toThrow(RangeError);
  });
});
