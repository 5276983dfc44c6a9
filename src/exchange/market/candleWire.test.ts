import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Candle, CandleUpdate } from '../../protocol/wire/index.js';
import { CandleAggregator } from './candles.js';
import { toCandleUpdate, toWireCandle } from './candleWire.js';

describe('candle wire conversion', () => {
  it('writes prices and volume as decimal strings at the contract scales', () => {
    const bar = { t: 60_000, T: 119_999, o: 1234500n, h: 1240000n, l: 1200001n, c: 1230000n, v: 1500n, n: 7 };
    const wire = toWireCandle(bar, { priceScale: 3, qtyScale: 2 });
    expect(wire).toEqual({ t: 60_000, T: 119_999, o: '1234.5', h: '1240', l: '1200.001', c: '1230', v: '15', n: 7 });
    expect(v.is(Candle, wire)).toBe(true);
    expect(toWireCandle(bar, { priceScale: 0, qtyScale: 0 }).o).toBe('1234500');
  });

  it('turns aggregator events into valid candle channel messages', () => {
    const agg = new CandleAggregator({ intervals: ['1m'] });
    agg.trade(150n, 3n, 0);
    const [closed, live] = agg.trade(151n, 1n, 60_000);
    const a = toCandleUpdate(1, closed!, { priceScale: 0, qtyScale: 0 });
    const b = toCandleUpdate(1, live!, { priceScale: 0, qtyScale: 0 });
    expect(a).toEqual({ t: 0, T: 59_999, o: '150', h: '150', l: '150', c: '150', v: '3', n: 1, contractId: 1, interval: '1m', closed: true });
    expect(b.closed).toBe(false);
    expect(v.is(CandleUpdate, a) && v.is(CandleUpdate, b)).toBe(true);
  });
});
