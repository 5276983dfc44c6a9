import { describe, expect, it } from 'vitest';
import type { L2Book, Trade } from '../../../protocol/wire/index.js';
import { createAppStore, type AppStore } from '../../../state/store.js';
import { textWidth } from '../../format/width.js';
import { NON_VGA_GLYPHS } from '../../theme/consoleGlyphs.js';
import { segmentsText } from '../segments.js';
import { fullState, solBook } from '../../../../test/ui/support/paneFixtures.js';
import { BookHeat, type HeatColumn } from './bookHeat.js';
import { groupColumns, heatRows, OWN_MARK, SHADES, shadeOf, TRADE_MARK, type HeatLine } from './heatRows.js';
import { createViewStore, view } from '../../view/viewStore.js';

function storeAt(now: number): AppStore {
  return createAppStore(fullState(now));
}

function setBook(store: AppStore, book: L2Book): void {
  store.setState((s) => ({ market: { ...s.market, books: { ...s.market.books, [book.contractId]: book } } }));
}

function addTrades(store: AppStore, trades: Trade[]): void {
  store.setState((s) => ({ market: { ...s.market, trades: { ...s.market.trades, 1: [...(s.market.trades[1] ?? []), ...trades] } } }));
}

/** The book with one level's size changed. */
function withSize(book: L2Book, side: 0 | 1, px: string, sz: string): L2Book {
  const levels: L2Book['levels'] = [[...book.levels[0]], [...book.levels[1]]];
  levels[side] = levels[side].map((l) => (l.px === px ? { ...l, sz } : l));
  return { ...book, levels };
}

const text = (lines: readonly HeatLine[]) => lines.map((l) => segmentsText(l.segments));

describe('BookHeat: the ring of book columns', () => {
  it('takes a column per bucket, carries a still book through the buckets between, and stays bounded', () => {
    let now = 1_000_000;
    const store = storeAt(now);
    const heat = new BookHeat(store, { now: () => now, capacity: 5, tick: false });
    const first = heat.getState();
    expect(first.contract).toBe('SOL1');
    expect(first.columns).toHaveLength(1);
    const book0 = first.columns[0]!.book;
    // A book change within the bucket replaces its column.
    now += 300;
    setBook(store, withSize(solBook(now), 0, '150', '99'));
    expect(heat.getState().columns).toHaveLength(1);
    expect(heat.getState().columns[0]!.book).not.toBe(book0);
    // Three seconds with no change: the clock's ticks add columns of the same book.
    now += 1_000;
    heat.advance();
    now += 2_000;
    heat.advance();
    const cols = heat.getState().columns;
    expect(cols.map((c) => c.t)).toEqual([1_000_000, 1_001_000, 1_002_000, 1_003_000]);
    expect(new Set(cols.map((c) => c.book)).size).toBe(1);
    // Bounded: a long silence fills the ring, no more.
    now += 60_000;
    heat.advance();
    expect(heat.getState().columns).toHaveLength(5);
    expect(heat.getState().columns.at(-1)!.t).toBe(1_063_000);
    // A leap no tick saw (a seek forward, a machine asleep): the book is not carried across it.
    now += 600_000;
    heat.advance();
    expect(heat.getState().columns.map((c) => c.t)).toEqual([1_663_000]);
    expect(heat.getState().columns[0]!.book).toBe(store.getState().market.books[1]);
    heat.close();
  });

  it('places each new trade once, in the bucket it arrived in, and keeps the tape it found out', () => {
    let now = 2_000_000;
    const store = storeAt(now);
    const heat = new BookHeat(store, { now: () => now, tick: false });
    expect(heat.getState().columns[0]!.trades).toEqual([]);
    const trade = (tid: number, px: string, side: 'B' | 'A'): Trade => ({ contractId: 1, tid, px, sz: '1', side, time: now });
    now += 1_000;
    addTrades(store, [trade(9_001, '152', 'B'), trade(9_002, '150', 'A')]);
    const col = heat.getState().columns.at(-1)!;
    expect(col.t).toBe(2_001_000);
    expect(col.trades).toEqual(expect.arrayContaining([{ px: 152n, buy: true }, { px: 150n, buy: false }]));
    // The same tape again (another slice changed): nothing placed twice.
    store.setState((s) => ({ market: { ...s.market, trades: { 1: [...s.market.trades[1]!] } } }));
    expect(heat.getState().columns.at(-1)!.trades).toHaveLength(2);
    heat.close();
  });

  it('starts over on another contract and when time goes back (a replay seek back)', () => {
    let now = 3_000_000;
    const store = storeAt(now);
    const heat = new BookHeat(store, { now: () => now, tick: false });
    now += 5_000;
    heat.advance();
    expect(heat.getState().columns.length).toBe(6);
    store.setState((s) => ({ market: { ...s.market, selected: 'BTC1' } }));
    expect(heat.getState().contract).toBe('BTC1');
    // BTC1's book is in the store: its first column, nothing of SOL1's.
    expect(heat.getState().columns).toHaveLength(1);
    expect(heat.getState().columns[0]!.book?.contractId).toBe(2);
    now -= 60_000;
    setBook(store, { ...store.getState().market.books[2]!, time: now });
    expect(heat.getState().columns.map((c) => c.t)).toEqual([now - (now % 1000)]);
    heat.close();
  });
});

describe('heatRows: the picture', () => {
  const contract = fullState(0).market!.contracts!['SOL1']!;
  const col = (t: number, book: L2Book, trades: HeatColumn['trades'] = []): HeatColumn => ({ t, book, trades });

  it('quantises size to a shade by a ratio of bigints', () => {
    expect(shadeOf(0n, 100n)).toBe(0);
    expect(shadeOf(1n, 100n)).toBe(1);
    expect(shadeOf(25n, 100n)).toBe(1);
    expect(shadeOf(26n, 100n)).toBe(2);
    expect(shadeOf(75n, 100n)).toBe(3);
    expect(shadeOf(100n, 100n)).toBe(4);
    expect(shadeOf(10n ** 30n, 10n ** 30n - 1n)).toBe(4);
  });

  it('draws exactly its box: price rows centred on the mid, shades by size, trades over them, own orders at the edge, both axes', () => {
    const book = solBook(0);
    const columns = [col(0, book), col(1000, withSize(book, 0, '145', '300'), [{ px: 152n, buy: true }])];
    const lines = heatRows({ columns, bucketMs: 1000, width: 30, height: 23, contract, own: [{ px: 149n, side: 'bid' }], emptyText: '' });
    expect(lines).toHaveLength(23);
    expect(text(lines)[0]).toBe('░▒▓█ size  • trade  ◆ yours   ');
    // Wider, the legend says the price a row spans.
    expect(text(heatRows({ columns, bucketMs: 1000, width: 40, height: 23, contract, own: [], emptyText: '' }))[0]).toMatch(/yours +row 1$/);
    // Twelve rows (the chart area at 120x40) keep one tick a row: four fifths of the shallower side (bids, 6 ticks deep) each way fit, the deepest levels fall off.
    expect(text(heatRows({ columns, bucketMs: 1000, width: 40, height: 14, contract, own: [], emptyText: '' }))[0]).toMatch(/yours +row 1$/);
    expect(text(heatRows({ columns, bucketMs: 1000, width: 40, height: 8, contract, own: [], emptyText: '' }))[0]).toMatch(/yours +row 2$/);
    for (const l of text(lines)) expect(textWidth(l)).toBe(30);
    const rows = text(lines).slice(1, 22);
    // One tick a row, the mid (151) in the middle one of 21.
    const rowOf = (label: string) => rows.findIndex((r) => r.trimEnd().endsWith(` ${label}`));
    const mid = rowOf('151');
    expect(mid).toBe(10);
    const at = (px: number, c: number) => rows[mid + (151 - px)]![c];
    // 145 grew from 1,200 to 300 — the largest is 1,200 in the first column: full there, a quarter in the second.
    const grid = 30 - 1 - 1 - 3; // own column, space, 3-digit labels
    expect(at(145, grid - 2)).toBe('█');
    expect(at(145, grid - 1)).toBe('░');
    // The trade at 152 marks the second column; the own bid at 149 the column after the grid.
    expect(at(152, grid - 1)).toBe(TRADE_MARK);
    expect(at(149, grid)).toBe(OWN_MARK);
    // The spread (151) has no resting size.
    expect(at(151, grid - 1)).toBe(' ');
    // The time axis: the grid's span at a second a column.
    expect(text(lines)[22]).toMatch(/^−25s +now {2}/);
    // Sides by token, shades by character.
    const bidSeg = lines[1 + mid + 6]!.segments.find((s) => s.text.includes('█'));
    expect(bidSeg?.token).toBe('bidBar');
    const askSeg = lines[1 + mid - 4]!.segments.find((s) => /[░▒▓█]/.test(s.text));
    expect(askSeg?.token).toBe('askBar');
  });

  it('v: 5 and 15 seconds a column, on the clock boundaries (a column keeps its place as time moves), the last book of each', () => {
    const b1 = solBook(1);
    const b2 = solBook(2);
    const cols = [col(3000, b1), col(4000, b1, [{ px: 150n, buy: true }]), col(5000, b2), col(6000, b2, [{ px: 152n, buy: false }])];
    const five = groupColumns(cols, 5, 1000);
    expect(five.map((c) => [c.t, c.book])).toEqual([[0, b1], [5000, b2]]);
    expect(five.map((c) => c.trades.length)).toEqual([1, 1]);
    const v = createViewStore();
    expect([view.cycleHeatSpan(v), view.cycleHeatSpan(v), view.cycleHeatSpan(v)]).toEqual([5, 15, 1]);
    const lines = text(heatRows({ columns: cols, bucketMs: 1000, perColumn: 5, width: 30, height: 23, contract, own: [], emptyText: '' }));
    expect(lines[22]).toMatch(/^−2m05s +now/);
  });

  it('reads without colour: the shades are distinct characters the Linux console has', () => {
    expect(new Set(SHADES).size).toBe(5);
    for (const g of [...SHADES, TRADE_MARK]) expect(NON_VGA_GLYPHS).not.toContain(g);
  });

  it('says what it waits for, and fits the smallest box', () => {
    expect(text(heatRows({ columns: [], bucketMs: 1000, width: 20, height: 4, contract, own: [], emptyText: 'waiting for book…' }))).toEqual([
      '░▒▓█ size  • trade …',
      ' '.repeat(20),
      fitCentre('waiting for book…', 20),
      ' '.repeat(20),
    ]);
    const tiny = heatRows({ columns: [col(0, solBook(0))], bucketMs: 1000, width: 3, height: 2, contract, own: [], emptyText: '' });
    expect(text(tiny).map(textWidth)).toEqual([3, 3]);
  });
});

function fitCentre(s: string, w: number): string {
  const left = Math.floor((w - textWidth(s)) / 2);
  return ' '.repeat(left) + s + ' '.repeat(w - textWidth(s) - left);
}
