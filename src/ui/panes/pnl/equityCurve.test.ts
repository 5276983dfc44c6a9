import { describe, expect, it } from 'vitest';
import { curveBreaks, equityCurveLines } from './equityCurve.js';

/** The equity curve breaks where perpdesk was not running, and only there. */
describe('equity curve gaps', () => {
  const MIN = 60_000;

  it('finds the points that follow a period not recorded', () => {
    const curve = [0, 1, 2, 10, 11, 12, 30].map((m) => ({ time: m * MIN }));
    // Not recorded from minute 2.5 to 9, and from 12 to 30; a gap before the first point and one after the last break nothing.
    const gaps = [{ from: -5 * MIN, to: -MIN }, { from: 2.5 * MIN, to: 9 * MIN }, { from: 12 * MIN, to: 30 * MIN }, { from: 40 * MIN, to: 50 * MIN }];
    expect([...curveBreaks(curve, gaps)]).toEqual([3, 6]);
    expect(curveBreaks(curve, []).size).toBe(0);
  });

  it('leaves a column empty and does not join the two sides at a break', () => {
    const values = [0n, 0n, 0n, 0n, 100n, 100n, 100n, 100n];
    const joined = equityCurveLines(values, 4, 2);
    const broken = equityCurveLines(values, 4, 2, new Set([4]));
    // Joined: a vertical run where the step is; broken: the fifth dot column (the third cell's left) is empty, no run.
    const dotsIn = (lines: string[], cell: number) => lines.map((l) => l.charCodeAt(cell) - 0x2800).filter((b) => b > 0);
    // Column 4 is the left half of cell 2: its bits (0x01 0x02 0x04 0x40) are clear in every row.
    for (const bits of dotsIn(broken, 2)) expect(bits & 0x47).toBe(0);
    // Without the break the same cell has its left column drawn (the step's run).
    expect(dotsIn(joined, 2).some((bits) => (bits & 0x47) !== 0)).toBe(true);
    // The two sides still drawn: low on the left, high on the right.
    expect(broken[1]!.charCodeAt(0)).toBeGreaterThan(0x2800);
    expect(broken[0]!.charCodeAt(3)).toBeGreaterThan(0x2800);
  });
});
