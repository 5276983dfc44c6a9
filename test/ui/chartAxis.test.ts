import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chartLines } from '../../src/ui/components/chartLines.js';
import { textWidth } from '../../src/ui/format/width.js';

/** The axis label of a chart line: everything before the axis glyph. */
function labelOf(line: string): string {
  const at = line.search(/[┤┼]/);
  return at < 0 ? '' : line.slice(0, at).trim();
}

/** A label back to raw units at `scale` ("60,025.0" at 1 -> 600250n). */
function rawOf(label: string, scale: number): bigint {
  const m = /^(\d{1,3}(?:,\d{3})*)(?:\.(\d+))?$/.exec(label);
  if (!m) throw new Error(`not a price label: "${label}"`);
  const frac = m[2] ?? '';
  expect(frac.length).toBe(scale);
  return BigInt(m[1]!.replace(/,/g, '') + frac);
}

/** The row whose plot column `col` (from the axis) holds a line glyph. */
function rowsAtColumn(lines: string[], col: number): number[] {
  const rows: number[] = [];
  lines.forEach((l, i) => {
    const axis = l.search(/[┤┼]/);
    const ch = l[axis + col];
    if (ch !== undefined && ch !== ' ') rows.push(i);
  });
  return rows;
}

describe('chart axis labels', () => {
  it('never repeats a label for a narrow series at a coarse price scale', () => {
    // SOL1-like: price scale 0, tick 1, closes between 149 and 151 on 14 rows.
    const values = [149n, 150n, 151n, 151n, 150n, 149n, 151n, 150n, 151n];
    const lines = chartLines(values, 0, 46, 14, { tick: 1n });
    const labels = lines.map(labelOf);
    expect(labels.every((l) => l !== '')).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('puts every label on the tick grid, at the price scale, with separators', () => {
    // BTC1-like: price scale 1, tick 5 raw (0.5); closes from 59,850.0 to 60,025.0.
    const values = [598_500n, 598_750n, 599_000n, 599_500n, 600_250n, 600_000n];
    const lines = chartLines(values, 1, 46, 14, { tick: 5n });
    const labels = lines.map(labelOf);
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of labels) {
      expect(l).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
      expect(rawOf(l, 1) % 5n).toBe(0n);
    }
    // Labels fall from top to bottom in equal steps.
    const raws = labels.map((l) => rawOf(l, 1));
    const step = raws[0]! - raws[1]!;
    expect(step > 0n).toBe(true);
    for (let i = 1; i < raws.length; i++) expect(raws[i - 1]! - raws[i]!).toBe(step);
    // The range covers every value.
    expect(raws[0]! >= 600_250n && raws[raws.length - 1]! <= 598_500n).toBe(true);
  });

  it('plots a value on the row labelled with its price when a row is one tick', () => {
    const values = [149n, 151n, 150n];
    const lines = chartLines(values, 0, 20, 10, { tick: 1n });
    const labels = lines.map(labelOf);
    // The first point sits on the axis column itself (asciichart marks it there).
    expect(rowsAtColumn(lines, 0).map((r) => labels[r])).toContain('149');
  });

  it('centres a flat series and still labels distinct ticks', () => {
    const lines = chartLines([1_510n, 1_510n, 1_510n], 1, 30, 9, { tick: 5n });
    const labels = lines.map(labelOf);
    expect(new Set(labels).size).toBe(9);
    expect(labels[4]).toBe('151.0');
    expect(labels).toEqual(['153.0', '152.5', '152.0', '151.5', '151.0', '150.5', '150.0', '149.5', '149.0']);
  });

  it('holds for any series: distinct grid labels, exact size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 2, maxLength: 80 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(1n, 5n, 25n, 100n),
        fc.integer({ min: 24, max: 90 }),
        fc.integer({ min: 3, max: 30 }),
        (raw, scale, tick, width, height) => {
          const values = raw.map((v) => v * tick);
          const lines = chartLines(values, scale, width, height, { tick });
          expect(lines).toHaveLength(height);
          for (const l of lines) expect(textWidth(l)).toBe(width);
          const labels = lines.map(labelOf).filter((l) => l !== '');
          if (labels.length === 0) return; // too narrow to plot: blank
          expect(labels).toHaveLength(height);
          expect(new Set(labels).size).toBe(labels.length);
          for (const l of labels) expect(rawOf(l, scale) % tick).toBe(0n);
        },
      ),
      { numRuns: 100 },
    );
  });
});
