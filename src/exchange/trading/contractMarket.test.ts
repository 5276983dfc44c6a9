import { describe, expect, it } from 'vitest';
import { defaultMarketSetup } from '../state/defaultMarket.js';
import { ContractMarket } from './contractMarket.js';

const SOL = defaultMarketSetup().contracts.find((c) => c.name === 'SOL1')!;
const T0 = Date.parse('2026-01-05T12:37:42Z');
const market = (opts?: ConstructorParameters<typeof ContractMarket>[3]) => new ContractMarket(SOL, 6, () => 1, opts);

describe('ContractMarket candle history', () => {
  it('ends its back-history at the first trade, and publishes the live bar with it once merged', () => {
    const m = market();
    m.recordTrade(151n, 2n, T0);
    const bars = m.candles.snapshot('1h', 0, T0);
    expect(bars.length).toBeGreaterThan(100);
    const live = bars.at(-1)!;
    expect(live.t).toBe(Date.parse('2026-01-05T12:00:00Z'));
    expect(live.c).toBe(151n);
    expect(live.v).toBeGreaterThan(2n); // 37 minutes of history joined with the trade
    // The event queued before the merge goes out with the merged bar.
    const hour = m.drainCandleEvents().find((e) => e.interval === '1h');
    expect(hour?.candle).toEqual(live);
  });

  it('has none when turned off, at construction or before the first moment', () => {
    for (const m of [market({ history: false }), market()]) {
      m.withoutHistory();
      m.roll(T0);
      m.recordTrade(151n, 2n, T0 + 1);
      expect(m.candles.snapshot('1m', 0, T0 + 1)).toEqual([expect.objectContaining({ o: 151n, v: 2n, n: 1 })]);
      expect(m.dayStats(T0 + 1)).toEqual({ open: 151n, volume: 2n });
    }
  });
});
