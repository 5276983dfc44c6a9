import type { Configs } from '../../../protocol/wire/index.js';
import type { Gap, HistoryRead, StoredOrderEvent } from '../../../session/historyReader.js';
import { formatPrice, formatSize } from '../../../format/index.js';
import type { HistorySort } from '../../view/viewStore.js';
import { sideLabel } from '../../format/side.js';
import { formatClock } from '../../format/time.js';
import { fillRowOf, type FillCells } from '../fills/fillRows.js';
import { contractsById } from '../lookups.js';
import { memoLast } from '../memo.js';
import { rowFilter } from '../rowFilter.js';

/**
 * The History pane's rows: the store's fills and order events of the period (the newest of
 * each, as the reader bounds them), and the gaps as rows "not recorded from … to …", in the
 * order asked (newest or oldest first, or by contract then newest). Times are exchange ms.
 */
export interface HistoryRow extends FillCells {
  key: string;
  at: number;
  kind: 'fill' | 'order' | 'gap';
  time: string;
  /** fill, the order event in words (placed, cancelled, part filled ...), or gap. */
  what: string;
  /** The order's status, a fill's role, a gap's words. */
  note: string;
  /** Ids for `/`: oid, tid, cloid. */
  ids: readonly string[];
}

const two = (n: number) => String(n).padStart(2, '0');

/** "05-12 14:03:07" in local time: a period longer than a day needs the date. */
export function formatStamp(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '--:--:--';
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${formatClock(ms)}`;
}

export function gapText(g: Gap): string {
  return `not recorded from ${formatStamp(g.from)} to ${formatStamp(g.to)}`;
}

/** An order event in the words of its lifecycle. */
const EVENT_WORDS: Readonly<Record<string, string>> = {
  new: 'placed',
  modify: 'modified',
  partialFill: 'part filled',
  fill: 'filled',
  cancel: 'cancelled',
  reject: 'rejected',
  open: 'open',
  lookup: 'looked up',
};

function orderRow(e: StoredOrderEvent, configs: Configs | null, stamp: (ms: number) => string, i: number): HistoryRow {
  const c = contractsById(configs).get(e.contractId);
  const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
  const left = formatSize(e.sz, scales);
  const orig = formatSize(e.origSz, scales);
  return {
    key: `o:${e.oid}:${e.event}:${e.status}:${e.time}:${i}`,
    at: e.time,
    kind: 'order',
    time: stamp(e.time),
    what: EVENT_WORDS[e.event] ?? e.event,
    contract: c?.name ?? `#${e.contractId}`,
    side: sideLabel(e.isBuy, 'word'),
    isBuy: e.isBuy,
    price: formatPrice(e.limitPx, scales),
    size: left === orig ? left : `${left}/${orig}`,
    fee: '',
    pnl: '',
    pnlTone: 'muted',
    note: e.source === 'stream' ? e.status : `${e.status} (${e.source})`,
    ids: [String(e.oid), e.cloid ?? '', e.event, e.tif, e.reduceOnly ? 'reduce-only' : ''],
  };
}

function gapRow(g: Gap, stamp: (ms: number) => string): HistoryRow {
  return {
    key: `g:${g.from}:${g.to}`,
    // Sorted by its end: newest first, it heads the fills recovered from inside it (the snapshot's).
    at: g.to,
    kind: 'gap',
    time: stamp(g.to),
    what: 'gap',
    contract: '',
    side: '',
    isBuy: false,
    price: '',
    size: '',
    fee: '',
    pnl: '',
    pnlTone: 'muted',
    note: gapText(g),
    ids: [],
  };
}

/** Every row of a read, in the order asked; gaps in time order, or last when sorted by contract. */
export const historyRows = memoLast((read: HistoryRead | undefined, configs: Configs | null, sort: HistorySort): readonly HistoryRow[] => {
  if (!read) return [];
  const stamp = read.period === 'day' ? (ms: number) => formatClock(ms) : formatStamp;
  const rows: HistoryRow[] = [];
  for (const f of read.fills?.rows ?? []) {
    const r = fillRowOf(f, configs);
    rows.push({
      key: `f:${r.key}`,
      at: f.time,
      kind: 'fill',
      time: stamp(f.time),
      what: f.liquidation ? 'liquidation' : 'fill',
      contract: r.contract,
      side: r.side,
      isBuy: r.isBuy,
      price: r.price,
      size: r.size,
      fee: r.fee,
      pnl: r.pnl,
      pnlTone: r.pnlTone,
      note: f.source === 'snapshot' ? `${r.liquidity} (snapshot)` : r.liquidity,
      ids: [String(f.oid), String(f.tid), f.cloid ?? ''],
    });
  }
  (read.orders?.rows ?? []).forEach((e, i) => rows.push(orderRow(e, configs, stamp, i)));
  // The gaps of the window's span: a window further back (or one whose older rows wait for the next) shows its own.
  const lo = read.older ? Math.min(...rows.map((r) => r.at)) : -Infinity;
  const hi = read.before ?? Infinity;
  const gaps = read.gaps.filter((g) => g.from <= hi && g.to >= lo).map((g) => gapRow(g, stamp));
  const newest = (a: HistoryRow, b: HistoryRow) => b.at - a.at || (a.kind === b.kind ? 0 : a.kind === 'gap' ? -1 : b.kind === 'gap' ? 1 : 0);
  if (sort === 'contract') {
    rows.sort((a, b) => a.contract.localeCompare(b.contract) || newest(a, b));
    return [...rows, ...gaps];
  }
  const all = [...rows, ...gaps].sort(newest);
  return sort === 'oldest' ? all.reverse() : all;
});

export const historyFilter = rowFilter((r: HistoryRow) => [r.time, r.what, r.contract, r.side, r.price, r.size, r.fee, r.pnl, r.note, ...r.ids]);

/** The title's figure: the period, and how many rows it holds ("1,000 of 104,000" when the pane read the newest only). */
export function historyInfo(read: HistoryRead | undefined, period: string): string {
  if (!read?.fills || !read.orders) return period;
  const shown = read.fills.rows.length + read.orders.rows.length;
  const total = read.fills.count + read.orders.count;
  return shown < total ? `${period} · ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}` : `${period} · ${total.toLocaleString('en-US')}`;
}
