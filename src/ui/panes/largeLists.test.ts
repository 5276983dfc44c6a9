import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../model/journalEntry.js';
import type { Fill, OpenOrder } from '../../protocol/wire/index.js';
import { CONFIGS } from '../../../test/ui/support/paneFixtures.js';
import { fillRows } from './fills/fillRows.js';
import { journalRows } from './journal/journalRows.js';
import { orderColumns } from './orders/ordersList.js';
import { orderRows } from './orders/orderRows.js';
import { paneRowFilters } from './selection.js';

/**
 * A large account's lists (issue 18 part 3): when one item of a thousand changes, the panes
 * work out one row again, not a thousand, and the once-a-second clock of the orders pane
 * does not walk every row.
 */
const NOW = 1_700_000_000_000;

function order(i: number): OpenOrder {
  return { oid: 100 + i, asset: i % 2 === 0 ? 1 : 2, isBuy: i % 3 === 0, limitPx: i % 2 === 0 ? '149' : '59000.5', sz: '1', origSz: '1', tif: 'Gtc', reduceOnly: false, timestamp: NOW - i * 1000 };
}

function fill(i: number): Fill {
  return { contractId: 1, oid: 10 + i, tid: 1000 + i, px: '150', sz: '1', isBuy: i % 2 === 0, time: NOW + i, liquidity: 'taker', fee: '75000', closedPnl: '0' };
}

function entry(i: number): JournalEntry {
  return { seq: i, time: NOW + i, action: 'order', signerRole: 'agent', signer: '0xabc', nonce: NOW + i, requestId: `r${i}`, outcome: 'ok', detail: `resting oid ${i}` };
}

/** An array whose element reads are counted. */
function counted<T>(items: readonly T[]): { rows: readonly T[]; reads: () => number } {
  let n = 0;
  const rows = new Proxy(items as T[], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) n++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { rows, reads: () => n };
}

describe('large lists', () => {
  it('orders: one changed order rebuilds its row only; the others keep theirs', () => {
    const open: Record<number, OpenOrder> = {};
    for (let i = 0; i < 1000; i++) open[100 + i] = order(i);
    const before = orderRows(open, CONFIGS, undefined, 'all');
    const next = { ...open, [150]: { ...open[150]!, sz: '0.5' } };
    const after = orderRows(next, CONFIGS, undefined, 'all');
    expect(after).toHaveLength(1000);
    const changed = after.findIndex((r) => r.order.oid === 150);
    expect(after[changed]).not.toBe(before[changed]);
    expect(after.filter((r, i) => r === before[i])).toHaveLength(999);
  });

  it('fills: a new fill adds one row; the rows of the fills already shown are the same objects', () => {
    const fills = Array.from({ length: 1000 }, (_, i) => fill(i));
    const before = fillRows(fills, CONFIGS);
    const after = fillRows([...fills.slice(1), fill(1000)], CONFIGS);
    expect(after[0]!.fill.tid).toBe(2000);
    // Newest first: the 999 kept fills sit one row lower than before.
    for (let i = 1; i < 1000; i++) expect(after[i]).toBe(before[i - 1]);
  });

  it('journal: a new entry adds one row; the others are the same objects', () => {
    const entries = Array.from({ length: 1000 }, (_, i) => entry(i));
    const before = journalRows(entries);
    const after = journalRows([...entries.slice(1), entry(1000)]);
    for (let i = 1; i < 1000; i++) expect(after[i]).toBe(before[i - 1]);
  });

  it('the filter works out the text of the new row only', () => {
    const fills = Array.from({ length: 1000 }, (_, i) => fill(i));
    const rows = fillRows(fills, CONFIGS);
    expect(paneRowFilters.fills(rows, 'buy')).toHaveLength(500);
    const next = fillRows([...fills.slice(1), fill(1000)], CONFIGS);
    expect(paneRowFilters.fills(next, 'buy')).toHaveLength(500);
  });

  it("orders: the age clock's tick does not walk every row for the column widths", () => {
    const open: Record<number, OpenOrder> = {};
    for (let i = 0; i < 1000; i++) open[100 + i] = order(i);
    const { rows, reads } = counted(orderRows(open, CONFIGS, undefined, 'all'));
    const first = orderColumns(rows, 'all', NOW);
    const walked = reads();
    expect(walked).toBeGreaterThanOrEqual(1000);
    const next = orderColumns(rows, 'all', NOW + 1000);
    expect(reads() - walked).toBe(0);
    expect(next.map((c) => c.width)).toEqual(first.map((c) => c.width));
    // The age cell reads the new clock.
    const age = next.find((c) => c.key === 'age')!;
    expect(age.cell(rows[0]!)).not.toEqual(first.find((c) => c.key === 'age')!.cell(rows[0]!));
  });
});
