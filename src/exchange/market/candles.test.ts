import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS } from '../../protocol/wire/index.js';
import { CandleAggregator, type CandleEvent } from './candles.js';

const ms = (iso: string): number => Date.parse(iso);
const MIN = 60_000;

const closedOf = (events: CandleEvent[], interval = '1m'): CandleEvent[] => events.filter((e) => e.closed && e.interval === interval);
const updateOf = (events: CandleEvent[], interval = '1m'): CandleEvent | undefined => events.find((e) => !e.closed && e.interval === interval);

describe('CandleAggregator', () => {
  it('builds OHLCV from a known trade sequence', () => {
    const agg = new CandleAggregator({ intervals: ['1m'] });
    const t0 = ms('2024-03-06T15:37:00Z');
    agg.trade(100n, 5n, t0 + 1000);
    agg.trade(104n, 2n, t0 + 2000);
    agg.trade(97n, 1n, t0 + 3000);
    const ev = agg.trade(101n, 10n, t0 + 59_999);
    expect(updateOf(ev)?.candle).toEqual({ t: t0, T: t0 + MIN - 1, o: 100n, h: 104n, l: 97n, c: 101n, v: 18n, n: 4 });
    expect(closedOf(ev)).toEqual([]);
  });

  it('emits the closed bar once, before the new bar, when a trade crosses into the next period', () => {
    const agg = new CandleAggregator({ intervals: ['1m', '5m'] });
    const t0 = ms('2024-03-06T15:37:00Z');
    agg.trade(100n, 1n, t0 + 10);
    agg.trade(102n, 1n, t0 + 20);
    const ev = agg.trade(99n, 3n, t0 + MIN);
    expect(ev.map((e) => [e.interval, e.closed])).toEqual([
      ['1m', true],
      ['1m', false],
      ['5m', false],
    ]);
    expect(ev[0]?.candle).toEqual({ t: t0, T: t0 + MIN - 1, o: 100n, h: 102n, l: 100n, c: 102n, v: 2n, n: 2 });
    expect(ev[1]?.candle).toMatchObject({ t: t0 + MIN, o: 99n, h: 99n, l: 99n, c: 99n, v: 3n, n: 1 });
    // 15:35 to 15:40: still the same 5m bar, now with all three trades.
    expect(ev[2]?.candle).toMatchObject({ t: ms('2024-03-06T15:35:00Z'), o: 100n, h: 102n, l: 99n, c: 99n, v: 5n, n: 3 });
  });

  it('roll closes bars whose period ended without needing a trade, and only once', () => {
    const agg = new CandleAggregator({ intervals: ['1m', '1h'] });
    const t0 = ms('2024-03-06T15:37:00Z');
    agg.trade(100n, 1n, t0);
    expect(agg.roll(t0 + MIN - 1)).toEqual([]);
    const ev = agg.roll(t0 + MIN);
    expect(ev.map((e) => [e.interval, e.closed, e.candle.t])).toEqual([['1m', true, t0]]);
    expect(agg.roll(t0 + 5 * MIN)).toEqual([]);
    expect(agg.live('1m')).toBeUndefined();
    expect(agg.live('1h')).toMatchObject({ t: ms('2024-03-06T15:00:00Z'), n: 1 });
  });

  it('leaves gaps without trades empty: no flat bars', () => {
    const agg = new CandleAggregator({ intervals: ['1m'] });
    const t0 = ms('2024-03-06T15:00:00Z');
    agg.trade(100n, 1n, t0);
    const ev = agg.trade(110n, 1n, t0 + 10 * MIN + 5);
    expect(closedOf(ev)).toHaveLength(1);
    const bars = agg.snapshot('1m', t0, t0 + 60 * MIN);
    expect(bars.map((b) => b.t)).toEqual([t0, t0 + 10 * MIN]);
    expect(bars[1]?.o).toBe(110n);
  });

  it('buckets the same trades correctly at every interval, across week and month boundaries', () => {
    const agg = new CandleAggregator();
    // Sunday 2024-03-31 23:59 is the last minute of March and of the week that opened Monday 03-25.
    agg.trade(50n, 1n, ms('2024-03-31T23:59:30Z'));
    agg.trade(60n, 2n, ms('2024-04-01T00:00:00Z'));
    for (const interval of CANDLE_INTERVALS) {
      const bars = agg.snapshot(interval, 0, ms('2030-01-01T00:00:00Z'));
      expect(bars, interval).toHaveLength(2);
      expect(bars[0]?.T, interval).toBe(ms('2024-04-01T00:00:00Z') - 1);
      expect(bars[1]?.t, interval).toBe(ms('2024-04-01T00:00:00Z'));
      expect(bars[1]?.T, interval).toBeGreaterThan(bars[1]?.t ?? Infinity);
    }
    expect(agg.snapshot('1w', 0, Infinity)[0]?.t).toBe(ms('2024-03-25T00:00:00Z'));
    expect(agg.snapshot('1M', 0, Infinity)[0]?.t).toBe(ms('2024-03-01T00:00:00Z'));
    expect(agg.snapshot('1M', 0, Infinity)[1]?.T).toBe(ms('2024-05-01T00:00:00Z') - 1);
    expect(agg.snapshot('1w', 0, Infinity)[1]?.T).toBe(ms('2024-04-08T00:00:00Z') - 1);

    // Inside one week but two months: one weekly bar, two monthly ones.
    const wk = new CandleAggregator({ intervals: ['1w', '1M'] });
    wk.trade(1n, 1n, ms('2024-04-30T12:00:00Z')); // Tuesday
    wk.trade(2n, 1n, ms('2024-05-02T12:00:00Z')); // Thursday, same week
    expect(wk.snapshot('1w', 0, Infinity)).toEqual([
      { t: ms('2024-04-29T00:00:00Z'), T: ms('2024-05-06T00:00:00Z') - 1, o: 1n, h: 2n, l: 1n, c: 2n, v: 2n, n: 2 },
    ]);
    expect(wk.snapshot('1M', 0, Infinity).map((b) => b.c)).toEqual([1n, 2n]);
  });

  it('snapshot returns bars overlapping [startTime, endTime], live bar included', () => {
    const agg = new CandleAggregator({ intervals: ['1m'] });
    const t0 = ms('2024-03-06T15:00:00Z');
    for (let i = 0; i < 10; i++) agg.trade(BigInt(100 + i), 1n, t0 + i * MIN + 30_000);
    const ts = (a: number, b: number): number[] => agg.snapshot('1m', a, b).map((x) => (x.t - t0) / MIN);
    expect(ts(t0, t0 + 10 * MIN)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ts(t0 + 2 * MIN, t0 + 4 * MIN)).toEqual([2, 3, 4]);
    // A start inside a bar includes that bar; an end before the next open excludes the next.
    expect(ts(t0 + 2 * MIN + 59_999, t0 + 4 * MIN - 1)).toEqual([2, 3]);
    expect(ts(t0 + 9 * MIN + 1, t0 + 20 * MIN)).toEqual([9]);
    expect(agg.snapshot('1m', t0 + 9 * MIN, Infinity).at(-1)).toEqual(agg.live('1m'));
    expect(ts(t0 + 20 * MIN, t0 + 30 * MIN)).toEqual([]);
    expect(ts(t0 + 5 * MIN, t0)).toEqual([]);
    expect(agg.snapshot('1h', t0, Infinity)).toEqual([]);
  });

  it('keeps at most cap closed bars per interval, dropping the oldest', () => {
    const agg = new CandleAggregator({ intervals: ['1m', '1h'], cap: 5 });
    const t0 = ms('2024-03-06T00:00:00Z');
    for (let i = 0; i < 300; i++) agg.trade(BigInt(1 + i), 1n, t0 + i * MIN);
    const bars = agg.snapshot('1m', 0, Infinity);
    expect(bars).toHaveLength(6); // 5 closed + the live one
    expect(bars.map((b) => b.o)).toEqual([295n, 296n, 297n, 298n, 299n, 300n]);
    expect(agg.snapshot('1h', 0, Infinity).map((b) => b.n)).toEqual([60, 60, 60, 60, 60]);
  });

  it('counts a late trade in the current bar and never rewrites closed bars', () => {
    const agg = new CandleAggregator({ intervals: ['1m'] });
    const t0 = ms('2024-03-06T15:00:00Z');
    agg.trade(100n, 1n, t0);
    agg.trade(101n, 1n, t0 + MIN);
    const ev = agg.trade(90n, 4n, t0 + 5); // stamped in the closed minute
    expect(closedOf(ev)).toEqual([]);
    expect(updateOf(ev)?.candle).toMatchObject({ t: t0 + MIN, l: 90n, c: 90n, v: 5n, n: 2 });
    expect(agg.snapshot('1m', t0, t0)).toEqual([{ t: t0, T: t0 + MIN - 1, o: 100n, h: 100n, l: 100n, c: 100n, v: 1n, n: 1 }]);
  });

  it('hands out copies: events and snapshots do not change with later trades', () => {
    const agg = new CandleAggregator({ intervals: ['1m'] });
    const t0 = ms('2024-03-06T15:00:00Z');
    const first = updateOf(agg.trade(100n, 1n, t0))?.candle;
    const snap = agg.snapshot('1m', t0, t0);
    agg.trade(200n, 1n, t0 + 1);
    expect(first).toMatchObject({ h: 100n, n: 1 });
    expect(snap[0]).toMatchObject({ h: 100n, n: 1 });
  });

  it('rejects non-positive prices and sizes', () => {
    const agg = new CandleAggregator();
    expect(() => agg.trade(0n, 1n, 0)).toThrow(RangeError);
    expect(() => agg.trade(1n, 0n, 0)).toThrow(RangeError);
  });

  describe('back-history', () => {
    const t0 = ms('2024-03-06T15:37:00Z');
    const H = 60 * MIN;
    const hourBar = (t: number, o: bigint, c: bigint) => ({ t, T: t + H - 1, o, h: o > c ? o : c, l: o < c ? o : c, c, v: 10n, n: 2 });
    // Two closed hours, and the hour open at t0 up to t0.
    const history = () => ({
      closed: [hourBar(t0 - 37 * MIN - 2 * H, 90n, 95n), hourBar(t0 - 37 * MIN - H, 95n, 99n)],
      live: { ...hourBar(t0 - 37 * MIN, 99n, 100n), h: 103n },
    });

    it('goes under the traded bars when an interval is first read, joining the period open at its end', () => {
      const agg = new CandleAggregator({ intervals: ['1m', '1h'] });
      let asked = 0;
      agg.setHistory((interval) => {
        asked++;
        return interval === '1h' ? history() : { closed: [], live: undefined };
      });
      agg.trade(101n, 1n, t0 + 1000);
      agg.trade(98n, 2n, t0 + 2000);
      expect(asked).toBe(0); // trades never pay for it
      const bars = agg.snapshot('1h', 0, Infinity);
      expect(bars.map((b) => [b.o, b.c])).toEqual([
        [90n, 95n],
        [95n, 99n],
        [99n, 98n],
      ]);
      expect(bars[2]).toMatchObject({ h: 103n, l: 98n, v: 13n, n: 4 });
      expect(asked).toBe(1);
      agg.snapshot('1h', 0, Infinity);
      expect(asked).toBe(1);
      // Later trades continue the joined bar; the 1m interval kept only its own bars.
      expect(updateOf(agg.trade(104n, 1n, t0 + 3000), '1h')?.candle).toMatchObject({ o: 99n, h: 104n, c: 104n, v: 14n });
      expect(agg.snapshot('1m', 0, Infinity)).toHaveLength(1);
    });

    it('closes the history\'s open period when it ended without a trade, and can be dropped before a read', () => {
      const agg = new CandleAggregator({ intervals: ['1h'] });
      agg.setHistory(history);
      agg.roll(t0 + 2 * H);
      expect(agg.live('1h')).toBeUndefined();
      expect(agg.snapshot('1h', 0, Infinity).map((b) => b.c)).toEqual([95n, 99n, 100n]);
      const dropped = new CandleAggregator({ intervals: ['1h'] });
      dropped.setHistory(history);
      dropped.setHistory(undefined);
      expect(dropped.snapshot('1h', 0, Infinity)).toEqual([]);
    });

    it('keeps the cap: the oldest history bars give way', () => {
      const agg = new CandleAggregator({ intervals: ['1h'], cap: 2 });
      agg.setHistory(history);
      agg.trade(101n, 1n, t0 + H);
      expect(agg.snapshot('1h', 0, Infinity).map((b) => b.c)).toEqual([99n, 100n, 101n]);
    });
  });
});
