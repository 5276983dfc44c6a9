import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS, type CandleInterval } from '../../protocol/wire/index.js';
import { bucketStart, nextBucketStart } from './candleTime.js';

const ms = (iso: string): number => Date.parse(iso);

describe('candle buckets (UTC)', () => {
  const at = ms('2024-03-06T15:37:42.123Z'); // a Wednesday
  const expected: Record<CandleInterval, [string, string]> = {
    '1m': ['2024-03-06T15:37:00Z', '2024-03-06T15:38:00Z'],
    '5m': ['2024-03-06T15:35:00Z', '2024-03-06T15:40:00Z'],
    '15m': ['2024-03-06T15:30:00Z', '2024-03-06T15:45:00Z'],
    '1h': ['2024-03-06T15:00:00Z', '2024-03-06T16:00:00Z'],
    '4h': ['2024-03-06T12:00:00Z', '2024-03-06T16:00:00Z'],
    '1d': ['2024-03-06T00:00:00Z', '2024-03-07T00:00:00Z'],
    '1w': ['2024-03-04T00:00:00Z', '2024-03-11T00:00:00Z'],
    '1M': ['2024-03-01T00:00:00Z', '2024-04-01T00:00:00Z'],
  };
  for (const interval of CANDLE_INTERVALS) {
    it(`${interval}: open and next open of a mid-period time`, () => {
      const [open, next] = expected[interval];
      expect(bucketStart(interval, at)).toBe(ms(open));
      expect(nextBucketStart(interval, at)).toBe(ms(next));
    });

    it(`${interval}: the open instant belongs to its own bar, the instant before to the previous one`, () => {
      const open = ms(expected[interval][0]);
      expect(bucketStart(interval, open)).toBe(open);
      expect(nextBucketStart(interval, open - 1)).toBe(open);
      expect(bucketStart(interval, open - 1)).toBeLessThan(open);
    });
  }

  it('weeks open on Monday 00:00 UTC, including across a year end and before the epoch', () => {
    expect(bucketStart('1w', ms('2024-03-10T23:59:59.999Z'))).toBe(ms('2024-03-04T00:00:00Z')); // Sunday
    expect(bucketStart('1w', ms('2024-03-11T00:00:00Z'))).toBe(ms('2024-03-11T00:00:00Z')); // Monday
    expect(bucketStart('1w', ms('2025-01-01T12:00:00Z'))).toBe(ms('2024-12-30T00:00:00Z'));
    expect(bucketStart('1w', ms('1970-01-01T00:00:00Z'))).toBe(ms('1969-12-29T00:00:00Z'));
    for (const t of [ms('2021-06-15T08:00:00Z'), ms('2030-11-20T23:00:00Z')]) {
      expect(new Date(bucketStart('1w', t)).getUTCDay()).toBe(1);
    }
  });

  it('months follow the calendar: February of a leap year, December into January', () => {
    expect(bucketStart('1M', ms('2024-02-29T23:59:59.999Z'))).toBe(ms('2024-02-01T00:00:00Z'));
    expect(nextBucketStart('1M', ms('2024-02-10T00:00:00Z')) - 1).toBe(ms('2024-02-29T23:59:59.999Z'));
    expect(nextBucketStart('1M', ms('2023-02-10T00:00:00Z'))).toBe(ms('2023-03-01T00:00:00Z'));
    expect(nextBucketStart('1M', ms('2023-12-31T23:59:59.999Z'))).toBe(ms('2024-01-01T00:00:00Z'));
    expect(bucketStart('1M', ms('2024-01-01T00:00:00Z'))).toBe(ms('2024-01-01T00:00:00Z'));
  });

  it('days and hours ignore local time zones', () => {
    expect(bucketStart('1d', ms('2024-03-31T01:30:00Z'))).toBe(ms('2024-03-31T00:00:00Z'));
    expect(bucketStart('4h', ms('2024-03-31T03:59:59.999Z'))).toBe(ms('2024-03-31T00:00:00Z'));
  });
});
