import { formatDecimal, parseDecimal } from '../protocol/index.js';
import type { Fill } from '../protocol/wire/index.js';
import type { AlgoPlan } from './algoPlan.js';
import type { ChildAnswer } from './algoState.js';

/**
 * A child settled from the exchange's order records carries its limit as its price (the
 * records have no average). When the account's fills (a `userFills` snapshot or stream) hold
 * every fill of its oid, their size-weighted average replaces the limit; when they hold only
 * some (older than the snapshot reaches), the bound stays, marked as one.
 */
export function withFillAverage(answer: ChildAnswer, fills: readonly Fill[], plan: Pick<AlgoPlan, 'contractId' | 'priceScale' | 'qtyScale'>): ChildAnswer {
  if (!answer.pxIsLimit || answer.oid === undefined || answer.filled <= 0n) return answer;
  const seen = new Set<number>();
  let size = 0n;
  let pxSize = 0n;
  for (const f of fills) {
    if (f.oid !== answer.oid || f.contractId !== plan.contractId || seen.has(f.tid)) continue;
    seen.add(f.tid);
    const q = parseDecimal(f.sz, plan.qtyScale, 'sz');
    size += q;
    pxSize += parseDecimal(f.px, plan.priceScale, 'px') * q;
  }
  if (size !== answer.filled) return answer;
  const avgPx = pxSize / size;
  const { pxIsLimit: _bound, ...rest } = answer;
  return { ...rest, avgPx, detail: `${answer.detail}; average ${formatDecimal(avgPx, plan.priceScale)} from its fills` };
}
