import { DEFAULT_CAPS } from '../../src/feed/caps.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import type { Configs, Fill, OpenOrder } from '../../src/protocol/wire/index.js';
import { largeMarketSetup } from '../../src/exchange/state/largeMarket.js';
import { pickerItems } from '../../src/ui/overlays/overlayLists.js';
import { fillColumns } from '../../src/ui/panes/fills/fillsList.js';
import { fillRows } from '../../src/ui/panes/fills/fillRows.js';
import { journalColumns } from '../../src/ui/panes/journal/journalList.js';
import { journalRows } from '../../src/ui/panes/journal/journalRows.js';
import { orderColumns } from '../../src/ui/panes/orders/ordersList.js';
import { orderRows } from '../../src/ui/panes/orders/orderRows.js';
import { paneRowFilters } from '../../src/ui/panes/selection.js';
import { fix, percentile, table } from '../measure.js';

/**
 * The `/` filter of the large account's lists, measured in process: the functions the panes
 * and the shell's list navigation call (paneRowFilters over the memoised row models, the
 * column widths the pane works out from the rows it shows, the contract picker's ranking),
 * on lists of the large account's size: 1,000 open orders over 50 contracts, the fills the
 * dashboard keeps (its cap, 1,000, of the 20,000 it is sent), a full journal (its cap,
 * 1,000) and 50 contract names. Rendering is not included: the table draws only the rows in
 * view, whatever the list's length.
 *
 * Two costs per list:
 * - keystroke: typing a query one character at a time (then deleting it), with the data
 *   unchanged, as a user filtering does;
 * - after a change: one item changes (an order added, a fill or journal entry arrives) and
 *   the rows, the filter under a standing query and the widths are worked out again: what a
 *   frame with new data costs the list.
 */
export interface FilterCost {
  list: string;
  rows: number;
  kind: 'keystroke' | 'after a change';
  samples: number;
  p50Ms: number;
  p95Ms: number;
}

const setup = largeMarketSetup(50);
const CONFIGS: Configs = {
  coins: setup.coins,
  marketDeployers: setup.marketDeployers.map((m) => ({ marketDeployerId: m.marketDeployerId, name: m.name })),
  contracts: setup.contracts.map((c) => ({
    contractId: c.contractId,
    name: c.name,
    marketDeployerId: c.marketDeployerId,
    quoteCoinId: c.quoteCoinId,
    status: c.status === 'Delisted' ? 'Delisted' : 'Active',
    priceScale: c.priceScale,
    qtyScale: c.qtyScale,
    tickSize: Number(c.tickSize),
    stepSize: Number(c.stepSize),
    maxTicks: Number(c.maxTicks),
    leverageTiers: c.leverageTiers.map((t) => ({ maxNotional: t.maxNotional.toString(), maxLeverage: t.maxLeverage })),
  })) as Configs['contracts'],
};
const ACTIVE = CONFIGS.contracts.filter((c) => c.status === 'Active');
const T0 = Date.now() - 3_600_000;

function order(i: number): OpenOrder {
  const c = ACTIVE[i % ACTIVE.length]!;
  return { oid: 1_000 + i * 7, asset: c.contractId, isBuy: i % 2 === 0, limitPx: (10 + (i % 97)).toFixed(c.priceScale), sz: '3', origSz: '5', tif: 'Gtc', reduceOnly: i % 13 === 0, timestamp: T0 + i * 1000, ...(i % 3 === 0 ? { cloid: `0x${i.toString(16).padStart(32, '0')}` } : {}) };
}

function fill(i: number): Fill {
  const c = ACTIVE[10 + (i % 4)]!;
  return { contractId: c.contractId, oid: 50_000 + Math.floor(i / 500), tid: 100_000 + i, px: '1.23', sz: '1', isBuy: Math.floor(i / 500) % 2 === 0, time: T0 + i * 10, liquidity: 'taker', fee: String(615 + (i % 7)), closedPnl: i % 5 === 0 ? String((i % 11) - 5) : '0' };
}

function entry(i: number): JournalEntry {
  return { seq: i, time: T0 + i * 500, action: 'order', signerRole: 'agent', signer: '0xabc', nonce: T0 + i, requestId: `r${i}`, outcome: i % 9 === 0 ? 'rejected' : 'ok', asked: `Buy ${1 + (i % 5)} ${ACTIVE[i % ACTIVE.length]!.name} @ ${(10 + (i % 97)).toFixed(2)} Gtc`, detail: i % 9 === 0 ? 'insufficient margin' : `resting oid ${1000 + i}` };
}

function time(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Each prefix of `query`, then back to empty: a keystroke each. */
function keystrokes(query: string): string[] {
  const typed = Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1));
  return [...typed, ...typed.slice(0, -1).reverse(), ''];
}

function summarise(list: string, rows: number, kind: FilterCost['kind'], ms: number[]): FilterCost {
  const s = [...ms].sort((a, b) => a - b);
  return { list, rows, kind, samples: s.length, p50Ms: percentile(s, 50), p95Ms: percentile(s, 95) };
}

interface ListCase<D, R> {
  list: string;
  data: D;
  /** The data after one more change (the i-th). */
  change: (data: D, i: number) => D;
  rows: (data: D) => readonly R[];
  filter: (rows: readonly R[], query: string) => readonly R[];
  /** What the pane works out from the rows it shows, besides drawing the visible ones. */
  widths: (rows: readonly R[]) => unknown;
  queries: string[];
}

function measureList<D, R>(c: ListCase<D, R>, rounds: number): FilterCost[] {
  const typing: number[] = [];
  const changes: number[] = [];
  let data = c.data;
  for (let r = 0; r < rounds; r++) {
    for (const q of c.queries) {
      for (const prefix of keystrokes(q)) {
        typing.push(time(() => c.widths(c.filter(c.rows(data), prefix))));
      }
    }
    const standing = c.queries[r % c.queries.length]!;
    c.filter(c.rows(data), standing);
    for (let k = 0; k < 10; k++) {
      data = c.change(data, r * 10 + k);
      changes.push(time(() => c.widths(c.filter(c.rows(data), standing))));
    }
  }
  const n = c.rows(data).length;
  return [summarise(c.list, n, 'keystroke', typing), summarise(c.list, n, 'after a change', changes)];
}

export function filterCostRows(rounds = 20): FilterCost[] {
  const now = Date.now();
  const orders: Record<number, OpenOrder> = {};
  for (let i = 0; i < 1_000; i++) {
    const o = order(i);
    orders[o.oid] = o;
  }
  const fills = Array.from({ length: 20_000 }, (_, i) => fill(i)).slice(-DEFAULT_CAPS.fills);
  const journal = Array.from({ length: DEFAULT_CAPS.journal }, (_, i) => entry(i));
  const names = ACTIVE.map((c) => c.name).sort();
  const out: FilterCost[] = [];
  const repeat = (n: number) => Math.max(1, Math.round(rounds * n));
  out.push(
    ...measureList(
      {
        list: 'orders (every contract)',
        data: orders,
        // An order changes (a partial fill): the map is replaced with one new entry.
        change: (d, i) => {
          const oid = Number(Object.keys(d)[i % 1_000]);
          return { ...d, [oid]: { ...d[oid]!, sz: String(1 + (i % 3)) } };
        },
        rows: (d) => orderRows(d, CONFIGS, undefined, 'all'),
        filter: paneRowFilters.orders,
        widths: (rows) => orderColumns(rows, 'all', now),
        queries: ['gen2 buy', 'sol1', '0x0000'],
      },
      repeat(1),
    ),
    ...measureList(
      {
        list: `fills (newest ${DEFAULT_CAPS.fills.toLocaleString('en-US')} of 20,000)`,
        data: fills,
        change: (d, i) => [...d.slice(1), fill(20_000 + i)],
        rows: (d) => fillRows(d, CONFIGS),
        filter: paneRowFilters.fills,
        widths: (rows) => fillColumns(rows),
        queries: ['gen15 sell', 'taker', '100500'],
      },
      repeat(1),
    ),
    ...measureList(
      {
        list: `journal (${DEFAULT_CAPS.journal.toLocaleString('en-US')}, its cap)`,
        data: journal,
        change: (d, i) => [...d.slice(1), entry(DEFAULT_CAPS.journal + i)],
        rows: (d) => journalRows(d),
        filter: paneRowFilters.journal,
        widths: (rows) => journalColumns(rows, 60),
        queries: ['rejected', 'gen3 gtc'],
      },
      repeat(1),
    ),
    ...measureList(
      {
        list: `contract picker (${names.length} contracts)`,
        data: names,
        change: (d) => [...d],
        rows: (d) => d,
        filter: (rows, q) => pickerItems(q, rows),
        widths: () => undefined,
        queries: ['gen4', 'eth'],
      },
      repeat(1),
    ),
  );
  return out;
}

export function filterCostTable(rows: FilterCost[]): string {
  return table(
    ['filter/sort cost, in process (no rendering)', 'rows', 'work', 'samples', 'p50 ms', 'p95 ms'],
    rows.map((r) => [r.list, r.rows.toLocaleString('en-US'), r.kind, r.samples, fix(r.p50Ms, 3), fix(r.p95Ms, 3)]),
  );
}
