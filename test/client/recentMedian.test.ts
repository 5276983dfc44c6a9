import { expect, it } from 'vitest';
import { RecentMedian } from '../../src/client/recentMedian.js';

it('shows the median of the last five round trips: jitter holds, a real change shows within three', () => {
  const m = new RecentMedian();
  expect(m.push(3)).toBe(3);
  expect([4, 2, 3, 4].map((x) => m.push(x))).toEqual([3, 3, 3, 3]);
  // The network slows down to ~40 ms: the third slow request moves the figure.
  expect([40, 41, 39].map((x) => m.push(x))).toEqual([4, 4, 39]);
  // Only the last five count.
  expect([40, 40, 40, 40, 40].map((x) => m.push(x)).at(-1)).toBe(40);
});
