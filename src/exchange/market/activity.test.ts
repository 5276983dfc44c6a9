import { describe, expect, it } from 'vitest';
import { ACTIVITY_LEVELS, activityParams, estimateMessageRate, isActivityLevel, MAX_MAKERS, MAX_TAKERS } from './activity.js';

describe('activity levels', () => {
  it('recognises the level names', () => {
    for (const l of ACTIVITY_LEVELS) expect(isActivityLevel(l)).toBe(true);
    expect(isActivityLevel('STRESS')).toBe(false);
    expect(isActivityLevel(3)).toBe(false);
  });

  it('off has no bots and a still index', () => {
    const off = activityParams('off');
    expect([off.makers, off.takers, off.takerRatePerSec, off.volatilityBps]).toEqual([0, 0, 0, 0]);
    expect(estimateMessageRate(off).total).toBe(0);
  });

  it('each level is at least as active as the one below it', () => {
    const levels = ACTIVITY_LEVELS.map(activityParams);
    for (let i = 1; i < levels.length; i++) {
      const [lo, hi] = [levels[i - 1]!, levels[i]!];
      expect(hi.takerRatePerSec).toBeGreaterThan(lo.takerRatePerSec);
      expect(hi.makers).toBeGreaterThanOrEqual(lo.makers);
      expect(hi.requoteChance).toBeGreaterThanOrEqual(lo.requoteChance);
      expect(estimateMessageRate(hi).total).toBeGreaterThan(estimateMessageRate(lo).total);
    }
    expect(MAX_MAKERS).toBe(activityParams('stress').makers);
    expect(MAX_TAKERS).toBe(activityParams('stress').takers);
  });

  it('stress is estimated at roughly 1000 messages per second over two contracts', () => {
    const r = estimateMessageRate(activityParams('stress'));
    expect(r.book).toBe(20);
    expect(r.total).toBeGreaterThan(800);
    expect(r.total).toBeLessThan(1250);
    expect(r.total).toBeCloseTo(r.perContract * 2, 6);
    expect(estimateMessageRate(activityParams('stress'), { contracts: 1 }).total).toBeCloseTo(r.perContract, 6);
  });

  it('calm and normal stay light enough to read', () => {
    expect(estimateMessageRate(activityParams('calm')).total).toBeLessThan(60);
    expect(estimateMessageRate(activityParams('normal')).total).toBeLessThan(120);
  });
});
