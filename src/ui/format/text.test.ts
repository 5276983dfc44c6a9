import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fit, takeColumns, textWidth, truncate } from './width.js';
import { formatAge, formatClock, formatCountdown, formatMillis } from './time.js';
import { depthBar, depthCells, depthEighths } from './depthBar.js';
import { directionSymbol, sideLabel, tickDirection } from './side.js';

describe('width', () => {
  it('measures wide characters as two columns', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('古')).toBe(2);
    expect(textWidth('▲')).toBe(1);
  });
  it('truncates with an ellipsis and never splits a wide glyph', () => {
    expect(truncate('hello world', 5)).toBe('hell…');
    expect(truncate('古古古', 4)).toBe('古…');
    expect(takeColumns('古古古', 3)).toBe('古');
    expect(fit('古古古', 4)).toBe('古… ');
  });
  it('pads to exact widths in every alignment', () => {
    expect(fit('12.5', 8, 'right')).toBe('    12.5');
    expect(fit('ab', 5, 'center')).toBe(' ab  ');
    expect(fit('x', 0)).toBe('');
  });
  it('fit always yields exactly the requested width', () => {
    const chars = fc.constantFrom('a', '1', ' ', '古', '▲', 'é', '…', '😀');
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 30 }).map((a) => a.join('')),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('left' as const, 'right' as const, 'center' as const),
        (text, width, align) => {
          expect(textWidth(fit(text, width, align))).toBe(width);
        },
      ),
    );
  });
});

describe('time', () => {
  it('formats ages coarsely', () => {
    expect(formatAge(0)).toBe('0s');
    expect(formatAge(3_400)).toBe('3s');
    expect(formatAge(125_000)).toBe('2m');
    expect(formatAge(3_600_000)).toBe('1h');
    expect(formatAge(3 * 86_400_000)).toBe('3d');
    expect(formatAge(-5)).toBe('0s');
  });
  it('counts down to agent expiry', () => {
    const now = 1_700_000_000_000;
    expect(formatCountdown(0, now)).toBe('no expiry');
    expect(formatCountdown(now - 1, now)).toBe('expired');
    expect(formatCountdown(now, now)).toBe('expired');
    expect(formatCountdown(now + 1, now)).toBe('1s');
    expect(formatCountdown(now + 245_000, now)).toBe('4m05s');
    expect(formatCountdown(now + 2 * 3_600_000 + 3 * 60_000, now)).toBe('2h03m');
    expect(formatCountdown(now + 3 * 86_400_000 + 4 * 3_600_000, now)).toBe('3d04h');
  });
  it('formats clocks and latencies', () => {
    expect(formatClock(Date.UTC(2024, 0, 1, 14, 3, 7), { utc: true })).toBe('14:03:07');
    expect(formatMillis(42)).toBe('42ms');
    expect(formatMillis(-350)).toBe('−350ms');
    expect(formatMillis(1_250)).toBe('1.2s');
  });
});

describe('depth bars', () => {
  it('scales sizes to eighths of a cell', () => {
    expect(depthEighths(50n, 100n, 10)).toBe(40);
    expect(depthBar(50n, 100n, 10)).toBe('█████     ');
    expect(depthBar(1n, 100n, 4)).toBe('▏   ');
    expect(depthBar(100n, 100n, 4)).toBe('████');
    expect(depthBar(0n, 100n, 4)).toBe('    ');
    expect(depthBar(30n, 100n, 4, { align: 'right' })).toBe('   █');
  });
  it('never exceeds the column, even for sizes above the max', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        (size, max, width, right) => {
          const bar = depthBar(size, max, width, { align: right ? 'right' : 'left' });
          expect([...bar].length).toBe(width);
          expect(depthCells(size, max, width)).toBeLessThanOrEqual(width);
          if (size > 0n && width > 0) expect(bar.trim().length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('side markers', () => {
  it('differ by glyph, not only by colour', () => {
    expect(sideLabel(true)).not.toBe(sideLabel(false));
    expect(sideLabel(true, 'word')).toBe('Buy');
    expect(sideLabel(false, 'long')).toBe('Short');
    expect(sideLabel(false, 'sign')).toBe('−');
    expect(directionSymbol(1n)).toBe('▲');
    expect(directionSymbol(-2)).toBe('▼');
    expect(directionSymbol(0n)).toBe('·');
    expect(tickDirection(5n, 4n)).toBe(1);
    expect(tickDirection(undefined, 4n)).toBeUndefined();
  });
});
