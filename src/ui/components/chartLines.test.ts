import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { textWidth } from '../format/width.js';
import { CANDLE_GLYPHS, chartLines, rowText, volumeRowsFor, type ChartBar, type ChartMark } from './chartLines.js';

const bar = (o: bigint, h: bigint, l: bigint, c: bigint, v = 1n): ChartBar => ({ o, h, l, c, v });

/** Plot part and label part of each row, split at the axis column. */
function split(rows: string[]): { plot: string[]; labels: string[] } {
  const axis = Math.max(...rows.map((r) => [...r].lastIndexOf('┤')));
  expect(axis).toBeGreaterThan(0);
  return { plot: rows.map((r) => [...r].slice(0, axis).join('')), labels: rows.map((r) => [...r].slice(axis + 1).join('').trim()) };
}

const text = (bars: ChartBar[], w: number, h: number, marks: ChartMark[] = [], tick = 1n, scale = 0) => chartLines(bars, w, h, { scale, tick, marks }).map(rowText);

describe('chartLines: candles', () => {
  it('tells up from down by glyph: a heavy body up, a hollow body down, a light wick over the full range', () => {
    const up = bar(100n, 104n, 98n, 102n);
    const down = bar(102n, 103n, 99n, 100n);
    // Nine price rows (one tick each, every row labelled) and a one-row volume strip.
    const rows = text([up, down], 30, 10).slice(0, 9);
    const { plot, labels } = split(rows);
    expect(labels.every((l) => /^\d+$/.test(l))).toBe(true);
    for (const [i, label] of labels.entries()) {
      const px = BigInt(label);
      const upCell = [...plot[i]!].at(-2);
      const downCell = [...plot[i]!].at(-1);
      expect(upCell, `up at ${label}`).toBe(px >= 100n && px <= 102n ? CANDLE_GLYPHS.up : px >= 98n && px <= 104n ? CANDLE_GLYPHS.wick : ' ');
      expect(downCell, `down at ${label}`).toBe(px >= 100n && px <= 102n ? CANDLE_GLYPHS.down : px >= 99n && px <= 103n ? CANDLE_GLYPHS.wick : ' ');
    }
  });

  it('draws a flat bar as a cross, and colours up, down and flat bars apart', () => {
    const rows = chartLines([bar(10n, 11n, 9n, 10n), bar(10n, 10n, 10n, 10n), bar(10n, 12n, 10n, 12n), bar(12n, 12n, 11n, 11n)], 20, 5, { scale: 0, tick: 1n });
    const plot = split(rows.map(rowText)).plot;
    expect(plot.some((r) => r.includes(CANDLE_GLYPHS.flatWick))).toBe(true);
    expect(plot.some((r) => r.includes(CANDLE_GLYPHS.flat))).toBe(true);
    const tokens = new Set(rows.flatMap((r) => r.filter((s) => /[┃║]/.test(s.text)).map((s) => s.token)));
    expect(tokens).toEqual(new Set(['up', 'down']));
  });

  it('keeps the newest bars against the axis when there are more than columns', () => {
    const bars = Array.from({ length: 500 }, (_, i) => (i === 499 ? bar(100n, 150n, 100n, 150n) : bar(100n, 101n, 99n, 100n)));
    const { plot } = split(text(bars, 40, 8));
    // The last bar's jump to 150 is the rightmost column's tall body.
    expect(plot.filter((r) => r.endsWith(CANDLE_GLYPHS.up)).length).toBeGreaterThan(2);
  });

  it('has a volume strip on taller charts, scaled to the largest bar', () => {
    expect([3, 6, 7, 11, 12, 40].map(volumeRowsFor)).toEqual([0, 0, 1, 1, 2, 2]);
    const bars = [bar(10n, 10n, 10n, 11n, 16n), bar(11n, 11n, 10n, 10n, 8n), bar(10n, 10n, 10n, 10n, 1n), bar(10n, 10n, 10n, 10n, 0n)];
    const rows = text(bars, 24, 12);
    const { plot, labels } = split(rows);
    // 16 is two full rows; 8 one; 1 the least glyph; 0 nothing.
    expect(plot.slice(-2).map((r) => r.slice(-4))).toEqual(['█   ', '██▁ ']);
    expect(labels.at(-2)).toBe('V 16');
  });
});

describe('chartLines: marks', () => {
  const bars = Array.from({ length: 20 }, (_, i) => bar(100n + BigInt(i % 5), 106n, 99n, 101n + BigInt(i % 5)));

  it('draws entry, liquidation and orders as lines labelled at the axis with their prices', () => {
    const marks: ChartMark[] = [
      { kind: 'entry', px: 103n },
      { kind: 'buy', px: 100n },
      { kind: 'sell', px: 105n },
      { kind: 'liq', px: 80n },
    ];
    const rows = text(bars, 40, 10, marks);
    const { plot, labels } = split(rows);
    const at = (label: string) => labels.findIndex((l) => l === label);
    expect(at('E 103')).toBeGreaterThanOrEqual(0);
    expect(at('B 100')).toBeGreaterThan(at('E 103'));
    expect(at('S 105')).toBeLessThan(at('E 103'));
    // A line fills the plot where no candle is (the left of the plot is empty: 20 bars).
    expect(plot[at('E 103')]!.startsWith('─────')).toBe(true);
    expect(plot[at('B 100')]!.startsWith('╌╌╌╌╌')).toBe(true);
    // Liquidation far below the candles: an arrow at the bottom edge, no line.
    const priceRows = 10 - volumeRowsFor(10);
    expect(labels[priceRows - 1]).toBe('▼LQ 80');
    expect(plot[priceRows - 1]!.includes('═')).toBe(false);
  });

  it('labels every order past the same edge, and an order whose row another mark holds, each on a row of its own', () => {
    // Two resting sells far above the candles, a buy on the top row, another on the entry's row.
    const marks: ChartMark[] = [
      { kind: 'entry', px: 103n },
      { kind: 'buy', px: 103n },
      { kind: 'buy', px: 106n },
      { kind: 'sell', px: 160n },
      { kind: 'sell', px: 158n },
    ];
    const { labels } = split(text(bars, 40, 12, marks));
    for (const l of ['E 103', 'B 106', '▲S 160', '▲S 158']) expect(labels, l).toContain(l);
    expect(labels.some((l) => /B 103/.test(l))).toBe(true);
    // Past the top edge, the farther one is the higher label.
    expect(labels.indexOf('▲S 160')).toBeLessThan(labels.indexOf('▲S 158'));
  });

  it('colours the line and its label with the mark token', () => {
    const rows = chartLines(bars, 40, 6, { scale: 0, tick: 1n, marks: [{ kind: 'liq', px: 102n }] });
    const segs = rows.flat().filter((s) => s.text.includes('═') || s.text.includes('LQ'));
    expect(segs.length).toBeGreaterThanOrEqual(2);
    for (const s of segs) expect(s.token).toBe('error');
  });
});

describe('chartLines: size', () => {
  it('is exactly width x height for every size, bar count and price, however small', () => {
    /** `count` bars around `base`, each within `spread` (0: all equal), from a small LCG. */
    const series = (count: number, base: bigint, spread: bigint, seed: number): ChartBar[] => {
      let x = seed >>> 0;
      const next = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
      return Array.from({ length: count }, () => {
        const pick = () => base + (spread === 0n ? 0n : BigInt(next()) % (spread + 1n));
        const [a, b, c, d] = [pick(), pick(), pick(), pick()].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
        return bar(b!, d!, a!, c!, BigInt(next() % 1000));
      });
    };
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2, 3, 500),
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.constantFrom(0n, 3n, 10n ** 6n),
        fc.nat(),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(1n, 5n, 1000n),
        fc.boolean(),
        (count, base, spread, seed, width, height, tick, withMarks) => {
          const bars = series(count, base, spread, seed);
          const marks: ChartMark[] = withMarks ? [{ kind: 'entry', px: base }, { kind: 'liq', px: 1n }, { kind: 'sell', px: 10n ** 30n }] : [];
          const rows = chartLines(bars, width, height, { scale: 3, qtyScale: 2, tick, marks });
          expect(rows).toHaveLength(height);
          for (const r of rows) expect(textWidth(rowText(r))).toBe(width);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('shows all-equal prices mid-chart and a one-row chart as words', () => {
    const flat = Array.from({ length: 5 }, () => bar(7n, 7n, 7n, 7n));
    const { labels, plot } = split(text(flat, 20, 5));
    expect(labels[2]).toBe('7');
    expect(plot[2]!.trim()).toBe('─────');
    expect(text(flat, 20, 1)).toEqual(['       last 7       ']);
    expect(text([], 20, 3)[1]!.trim()).toBe('no data');
  });
});
