import type { OrderResult, Reconciled } from '../model/actionOutcome.js';
import { parseDecimal } from '../protocol/index.js';
import type { OrderLookup } from '../protocol/wire/index.js';
import type { ChildAnswer, ChildOrder } from './algoState.js';

interface Scales {
  priceScale: number;
  qtyScale: number;
}

/**
 * An Ioc that met nothing is answered with an error status, but nothing was refused: the
 * slice simply did not fill. The exchange's wording for it (spec 4.5's order statuses).
 */
const NO_MATCH = /could not immediately match/i;

/** What the answer to a child's order request says became of it; `index` is its place in a batch. */
export function answerOfOrderResult(r: OrderResult, child: ChildOrder, s: Scales, time: number, index = 0): ChildAnswer {
  if (!r.ok) {
    return r.outcomeUnknown
      ? { status: 'unknown', filled: 0n, detail: r.error.message, source: 'answer', time }
      : { status: 'rejected', filled: 0n, detail: r.error.message, source: 'answer', time };
  }
  const st = r.statuses[index];
  if (!st) return { status: 'unknown', filled: 0n, detail: 'the answer listed no status for the order', source: 'answer', time };
  if ('reconciled' in st) return answerOfRecord(st.reconciled, child, s, time, 'answer');
  if ('filled' in st) {
    const filled = parseDecimal(st.filled.totalSz, s.qtyScale, 'totalSz');
    const avgPx = parseDecimal(st.filled.avgPx, s.priceScale, 'avgPx');
    return { status: filled >= child.size ? 'filled' : 'partial', filled, avgPx, oid: st.filled.oid, detail: `filled ${st.filled.totalSz} @ ${st.filled.avgPx}`, source: 'answer', time };
  }
  if ('resting' in st) return { status: 'resting', filled: 0n, oid: st.resting.oid, resting: true, detail: `resting, oid ${st.resting.oid}`, source: 'answer', time };
  return { status: NO_MATCH.test(st.error) ? 'unfilled' : 'rejected', filled: 0n, detail: st.error, source: 'answer', time };
}

/**
 * What the exchange's order records say of a child, read by cloid (after a restart, or by
 * the client after a lost answer). The records carry what is left, not an average price:
 * the fill is taken at the order's limit, a bound on what it really paid.
 */
export function answerOfLookup(found: OrderLookup | undefined, child: ChildOrder, s: Scales, time: number): ChildAnswer {
  if (!found) return answerOfRecord({ status: 'absent', cloid: child.cloid }, child, s, time, 'exchange');
  return answerOfRecord({ status: found.status, oid: found.order.oid, cloid: child.cloid, order: found.order, statusTimestamp: found.statusTimestamp }, child, s, time, 'exchange');
}

function answerOfRecord(rec: Reconciled, child: ChildOrder, s: Scales, time: number, source: ChildAnswer['source']): ChildAnswer {
  if (rec.status === 'absent' || !rec.order) {
    return { status: 'absent', filled: 0n, detail: 'the exchange has no order with this cloid: the request never arrived', source, time };
  }
  const o = rec.order;
  const orig = parseDecimal(o.origSz, s.qtyScale, 'origSz');
  const left = parseDecimal(o.sz, s.qtyScale, 'sz');
  const filled = orig > left ? orig - left : 0n;
  const base = { filled, oid: o.oid, source, time };
  const withPx = filled > 0n ? { avgPx: parseDecimal(o.limitPx, s.priceScale, 'limitPx'), pxIsLimit: true } : {};
  const words = `exchange records: ${rec.status}, ${o.sz} of ${o.origSz} left`;
  switch (rec.status) {
    case 'open':
      return { ...base, ...withPx, status: filled > 0n ? 'partial' : 'resting', resting: true, detail: words };
    case 'filled':
      return { ...base, ...withPx, status: 'filled', detail: words };
    case 'rejected':
      return { ...base, status: 'rejected', filled: 0n, detail: words };
    default:
      return { ...base, ...withPx, status: filled === 0n ? 'unfilled' : 'partial', detail: words };
  }
}
