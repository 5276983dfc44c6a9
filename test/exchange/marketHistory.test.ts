import { afterAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/exchange/clock.js';
import { ExchangeCore } from '../../src/exchange/core.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange | undefined;
afterAll(() => ex?.close());

interface Bar {
  t: number;
  T: number;
  o: string;
  c: string;
  v: string;
}

describe('a fresh exchange has candle history', () => {
  it('answers candleSnapshot with bars from before its start, ending at the start price', async () => {
    const before = Date.now();
    ex = await startTestExchange();
    // The first block fixes where the history ends (with bots on it runs before the port opens).
    ex.running.blocks.tick();
    const now = ex.running.core.clock.now();
    const bars = (await ex.info<Bar[]>({ type: 'candleSnapshot', contractId: 1, interval: '1m', startTime: now - 300 * 60_000, endTime: now })).body;
    const old = bars.filter((b) => b.T < before);
    expect(old.length).toBeGreaterThanOrEqual(100);
    for (let i = 1; i < old.length; i++) expect(old[i]!.t).toBe(old[i - 1]!.T + 1);
    expect(old.every((b) => Number(b.v) > 0)).toBe(true);
    expect(bars.at(-1)!.c).toBe('150'); // no trades yet: every bar is history, the last ends at SOL1's index
    const hours = (await ex.info<Bar[]>({ type: 'candleSnapshot', contractId: 2, interval: '1h', startTime: now - 7 * 86_400_000, endTime: now })).body;
    expect(hours.length).toBeGreaterThanOrEqual(24 * 7);
    // The day's figures count the history too.
    const state = (await ex.info<{ dayOpenPx: string | null; dayVolume: string }>({ type: 'marketState', contractId: 2 })).body;
    expect(state.dayOpenPx).not.toBeNull();
    expect(Number(state.dayVolume)).toBeGreaterThan(0);
  });
});

describe('the history follows the venue seed', () => {
  it('draws the same bars for the same --seed and others for another', () => {
    const t = Date.UTC(2026, 0, 5, 12, 0, 0);
    const bars = (seed: number) => {
      const core = new ExchangeCore({ seed, clock: new Clock(() => t) });
      try {
        // The history is drawn when the market is first read.
        core.handleInfo({ type: 'marketState', contractId: 1 });
        const reply = core.handleInfo({ type: 'candleSnapshot', contractId: 1, interval: '1h', startTime: t - 48 * 3_600_000, endTime: t });
        const body = reply.body as Bar[];
        expect(body.length).toBeGreaterThan(24);
        return body.map((b) => `${b.o}/${b.c}/${b.v}`).join(' ');
      } finally {
        core.close();
      }
    };
    expect(bars(7)).toBe(bars(7));
    expect(bars(8)).not.toBe(bars(7));
  });
});
