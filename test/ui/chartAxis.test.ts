import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chartLines, rowText, volumeRowsFor, type ChartBar } from '../../src/ui/components/chartLines.js';
import { textWidth } from '../../src/ui/format/width.js';

/** Bars whose every price is `v` (a close-only series). */
const flatBars = (values: readonly bigint[]): ChartBar[] => values.map((v) => ({ o: v, h: v, l: v, c: v, v: 1n }));

/** The axis label of each price row: the text after the axis glyph ('' where the row has none). */
function labelsOf(lines: string[], priceRows: number): string[] {
  return lines.slice(0, priceRows).map((line) => {
    const at = line.lastIndexOf('┤');
    return at < 0 ? '' : line.slice(at + 1).trim();
  });
}

/** A label back to raw units at `scale` ("60,025.0" at 1 -> 600250n). */
function rawOf(label: string, scale: number): bigint {
  const m = /^(\d{1,3}(?:,\d{3})*)(?:\.(\d+))?$/.exec(label);
  if (!m) throw new Error(`not a price label: "${label}"`);
  const frac = m[2] ?? '';
  expect(frac.length).toBe(scale);
  return BigInt(m[1]!.replace(/,/g, '') + frac);
}

const lines = (values: readonly bigint[], scale: number, width: number, height: number, tick: bigint) => chartLines(flatBars(values), width, height, { scale, tick }).map(rowText);

describe('chart axis labels', () => {
  it('never repeats a label for a narrow series at a coarse price scale', () => {
    // SOL1-like: price scale 0, tick 1, closes between 149 and 151 on 10 price rows.
    const values = [149n, 150n, 151n, 151n, 150n, 149n, 151n, 150n, 151n];
    const labels = labelsOf(lines(values, 0, 46, 11, 1n), 11 - volumeRowsFor(11));
    expect(labels.every((l) => l !== '')).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('puts every label on the tick grid, at the price scale, with separators, in equal steps', () => {
    // BTC1-like: price scale 1, tick 5 raw (0.5); closes from 59,850.0 to 60,025.0.
    const values = [598_500n, 598_750n, 599_000n, 599_500n, 600_250n, 600_000n];
    const height = 16;
    const labels = labelsOf(lines(values, 1, 46, height, 5n), height - volumeRowsFor(height)).filter((l) => l !== '');
    expect(labels.length).toBeGreaterThan(4);
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of labels) {
      expect(l).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
      expect(rawOf(l, 1) % 5n).toBe(0n);
    }
    const raws = labels.map((l) => rawOf(l, 1));
    const step = raws[0]! - raws[1]!;
    expect(step > 0n).toBe(true);
    for (let i = 1; i < raws.length; i++) expect(raws[i - 1]! - raws[i]!).toBe(step);
  });

  it('draws a price on the row labelled with it when a row is one tick', () => {
    const out = lines([149n, 151n, 150n], 0, 20, 8, 1n);
    const labels = labelsOf(out, 8 - volumeRowsFor(8));
    const rowOf = (label: string) => labels.indexOf(label);
    // Columns from the right: 150, 151, 149 (newest against the axis).
    const plotCell = (row: number, fromAxis: number) => {
      const at = out[row]!.lastIndexOf('┤');
      return out[row]![at - fromAxis];
    };
    expect(plotCell(rowOf('150'), 1)).not.toBe(' ');
    expect(plotCell(rowOf('151'), 2)).not.toBe(' ');
    expect(plotCell(rowOf('149'), 3)).not.toBe(' ');
    expect(plotCell(rowOf('150'), 3)).toBe(' ');
  });

  it('centres a flat series and still labels distinct ticks', () => {
    const labels = labelsOf(lines([1_510n, 1_510n, 1_510n], 1, 30, 10, 5n), 9);
    expect(labels).toEqual(['153.0', '152.5', '152.0', '151.5', '151.0', '150.5', '150.0', '149.5', '149.0']);
  });

  it('holds for any series: distinct grid labels on the tick grid, exact size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(1n, 5n, 25n, 100n),
        fc.integer({ min: 24, max: 90 }),
        fc.integer({ min: 2, max: 30 }),
        (raw, scale, tick, width, height) => {
          const out = lines(
            raw.map((v) => v * tick),
            scale,
            width,
            height,
            tick,
          );
          expect(out).toHaveLength(height);
          for (const l of out) expect(textWidth(l)).toBe(width);
          const labels = labelsOf(out, height - volumeRowsFor(height)).filter((l) => l !== '');
          if (labels.length === 0) return; // too narrow for an axis
          expect(new Set(labels).size).toBe(labels.length);
          for (const l of labels) expect(rawOf(l, scale) % tick).toBe(0n);
        },
      ),
      { numRuns: 100 },
    );
  });
});
