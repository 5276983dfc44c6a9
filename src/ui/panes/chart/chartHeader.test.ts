import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../protocol/wire/index.js';
import { textWidth } from '../../format/width.js';
import { segmentsText } from '../segments.js';
import { barsOf, chartHeader } from './chartHeader.js';

const bar = (o: string, h: string, l: string, c: string, v: string): Candle => ({ t: 0, T: 59_999, o, h, l, c, v, n: 3 });

describe('chartHeader', () => {
  it('shows the last bar with a signed, glyph-marked change', () => {
    const text = segmentsText(chartHeader([bar('150', '153', '149', '152', '1234')], '5m', 0, 0, 80));
    expect(text.trimEnd()).toBe('5m  O 150  H 153  L 149  C 152  ▲ +1.33%  V 1.2k');
    const down = segmentsText(chartHeader([bar('60000.0', '60000.0', '59000.0', '59400.0', '1.500')], '1h', 1, 3, 80));
    expect(down).toContain('C 59,400.0  ▼ −1.00%  V 1.50');
  });
  it('drops whole fields, volume first, rather than cutting numbers', () => {
    const candles = [bar('150', '153', '149', '152', '1234')];
    expect(segmentsText(chartHeader(candles, '1m', 0, 0, 40)).trimEnd()).toBe('1m  O 150  H 153  L 149  C 152  ▲ +1.33%');
    expect(segmentsText(chartHeader(candles, '1m', 0, 0, 24)).trimEnd()).toBe('1m  C 152  ▲ +1.33%');
    for (const w of [1, 5, 12, 30, 60]) expect(textWidth(segmentsText(chartHeader(candles, '1m', 0, 0, w)))).toBe(w);
  });
  it('is just the interval before the first bar', () => {
    expect(segmentsText(chartHeader([], '15m', 0, 0, 10))).toBe('15m       ');
  });
  it('feeds the chart raw bars, memoised', () => {
    const candles = [bar('1', '1.25', '0.5', '1.5', '2'), bar('1', '1', '1', 'bad', '0'), bar('2', '2.5', '2', '2.25', '0.1')];
    expect(barsOf(candles, 2, 1)).toEqual([
      { o: 100n, h: 125n, l: 50n, c: 150n, v: 20n },
      { o: 200n, h: 250n, l: 200n, c: 225n, v: 1n },
    ]);
    expect(barsOf(candles, 2, 1)).toBe(barsOf(candles, 2, 1));
  });
  it('parses again only the candles that are new objects, and a candle again at other scales', () => {
    const first = [bar('1', '1', '1', '1', '1'), bar('2', '2', '2', '2', '2')];
    const before = barsOf(first, 0, 0);
    // The newest bar updated: a new array, the older candle the same object.
    const next = [first[0]!, bar('2', '3', '2', '3', '5')];
    const after = barsOf(next, 0, 0);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toEqual({ o: 2n, h: 3n, l: 2n, c: 3n, v: 5n });
    expect(barsOf([first[0]!], 1, 0)[0]).toEqual({ o: 10n, h: 10n, l: 10n, c: 10n, v: 1n });
  });
});
