import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { areaMin, areaOf, computeLayout, cycleFocus, distribute, HEADER_ROWS, neighbour, STATUS_ROWS, PANE_IDS, type Layout } from './layout.js';

/** Every broken rule at this size, as readable lines (plain checks: this runs ~1M cells). */
function problems(l: Layout): string[] {
  const out: string[] = [];
  const at = `${l.cols}x${l.rows}`;
  if (l.height !== l.rows - 1) out.push(`${at}: height ${l.height}`);
  const grid = new Uint8Array(l.cols * l.height);
  for (const p of l.panes) {
    if (p.x < 0 || p.y < 0 || p.x + p.width > l.cols || p.y + p.height > l.height) out.push(`${at}: ${p.id} leaves the frame`);
    const min = areaMin(p.tabs);
    if (p.width < min.width || p.height < min.height) out.push(`${at}: ${p.id} ${p.width}x${p.height} below its minimum`);
    for (let y = Math.max(0, p.y); y < Math.min(l.height, p.y + p.height); y++) {
      for (let x = Math.max(0, p.x); x < Math.min(l.cols, p.x + p.width); x++) {
        if (grid[y * l.cols + x]) {
          out.push(`${at}: ${p.id} overlaps at ${x},${y}`);
          return out;
        }
        grid[y * l.cols + x] = 1;
      }
    }
  }
  // no wasted cells: the panes tile the frame
  if (!grid.every((c) => c === 1)) out.push(`${at}: cells left empty`);
  // every pane is reachable, once
  const shown = l.panes.flatMap((p) => p.tabs);
  if (new Set(shown).size !== shown.length) out.push(`${at}: a pane is placed twice`);
  if ([...shown, ...l.hidden].sort().join() !== [...PANE_IDS].sort().join()) out.push(`${at}: panes missing`);
  return out;
}

function checkInvariants(l: Layout): void {
  expect(problems(l)).toEqual([]);
}

describe('computeLayout', () => {
  it('holds its invariants for every size from 80x24 to 240x70', () => {
    fc.assert(
      fc.property(fc.integer({ min: 80, max: 240 }), fc.integer({ min: 24, max: 70 }), (cols, rows) => {
        checkInvariants(computeLayout(cols, rows));
      }),
      { numRuns: 500 },
    );
  });

  it('holds them at every size in the range, exhaustively', () => {
    const bad: string[] = [];
    for (let cols = 80; cols <= 240; cols++) {
      for (let rows = 24; rows <= 70; rows++) bad.push(...problems(computeLayout(cols, rows)));
    }
    expect(bad).toEqual([]);
  });

  it('holds them when zoomed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 80, max: 240 }),
        fc.integer({ min: 24, max: 70 }),
        fc.constantFrom(...PANE_IDS.filter((p) => p !== 'header' && p !== 'status')),
        (cols, rows, zoom) => {
          const l = computeLayout(cols, rows, { zoom });
          expect(l.template).toBe('zoom');
          expect(l.focusOrder).toEqual([zoom]);
          const area = areaOf(l, zoom)!;
          // the frame is rows - 1 tall: the header area and the bottom area take the rest
          expect(area.height).toBe(rows - 1 - HEADER_ROWS - STATUS_ROWS);
        },
      ),
    );
  });

  it('keeps header with the account strip, book, trades, a tabbed orders area and the status bar at 80x24', () => {
    const l = computeLayout(80, 24);
    expect(l.template).toBe('compact');
    expect(l.hidden).toEqual([]);
    expect(l.panes.map((p) => p.id)).toEqual(['header', 'book', 'trades', 'orders', 'status']);
    expect(areaOf(l, 'positions')?.id).toBe('orders');
    expect(areaOf(l, 'chart')?.id).toBe('trades');
    expect(l.panes[0]).toMatchObject({ y: 0, height: 2, width: 80 });
    expect(l.panes[1]).toMatchObject({ id: 'book', y: 2 });
    expect(l.panes.at(-1)).toMatchObject({ y: 21, height: 2 });
  });

  it('shows every pane at 120x40, all on their own but those that take turns: fills, algos and history; journal, funding and alerts; chart, PnL and heatmap; account and accounts', () => {
    const l = computeLayout(120, 40);
    expect(l.template).toBe('full');
    const shared: Record<string, string[]> = { fills: ['fills', 'algos', 'history'], journal: ['journal', 'funding', 'alerts'], chart: ['chart', 'pnl', 'heatmap'], account: ['account', 'accounts'] };
    for (const p of l.panes) expect(p.tabs).toEqual(shared[p.id] ?? [p.id]);
    expect(l.panes).toHaveLength(PANE_IDS.length - 7);
  });

  it('lets the chart take the extra width at 240x70 and the book the extra height', () => {
    const l = computeLayout(240, 70);
    const book = areaOf(l, 'book')!;
    const chart = areaOf(l, 'chart')!;
    expect(chart.width).toBeGreaterThan(book.width);
    expect(book.width).toBeLessThanOrEqual(64);
    expect(book.height).toBeGreaterThan(25);
  });

  it('uses a chart row on tall narrow terminals', () => {
    const l = computeLayout(80, 50);
    expect(l.template).toBe('narrowTall');
    // The chart's row, with the PnL pane's equity curve as its other tab.
    expect(areaOf(l, 'chart')?.tabs).toEqual(['chart', 'pnl', 'heatmap']);
  });

  it('reports a terminal that is too small instead of overflowing', () => {
    const l = computeLayout(60, 20);
    expect(l.template).toBe('tooSmall');
    expect(l.panes).toEqual([]);
  });
});

describe('focus movement', () => {
  const l = computeLayout(120, 40);
  it('moves spatially', () => {
    expect(neighbour(l, 'book', 'right')).toBe('chart');
    expect(neighbour(l, 'chart', 'right')).toBe('trades');
    expect(neighbour(l, 'trades', 'right')).toBeUndefined();
    expect(neighbour(l, 'book', 'down')).toBe('orders');
    expect(neighbour(l, 'orders', 'up')).toBe('book');
    expect(neighbour(l, 'book', 'up')).toBeUndefined();
  });
  it('cycles in reading order and wraps', () => {
    expect(cycleFocus(l, undefined, 1)).toBe('book');
    expect(cycleFocus(l, 'book', 1)).toBe('chart');
    expect(cycleFocus(l, 'book', -1)).toBe(l.focusOrder.at(-1));
    // a tab inside an area focuses the area
    const small = computeLayout(80, 24);
    expect(cycleFocus(small, 'positions', 1)).toBe(small.focusOrder[0]);
  });
});

describe('distribute', () => {
  it('adds up exactly and respects minimums and maximums', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ min: fc.nat(20), max: fc.option(fc.integer({ min: 20, max: 60 })), weight: fc.nat(50) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.nat(200),
        (raw, extra) => {
          const slots = raw.map((s) => ({ min: s.min, max: s.max ?? Infinity, weight: s.weight }));
          const total = slots.reduce((a, s) => a + s.min, 0) + extra;
          const sizes = distribute(total, slots);
          expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
          sizes.forEach((s, i) => expect(s).toBeGreaterThanOrEqual(slots[i]!.min));
        },
      ),
    );
  });
});
