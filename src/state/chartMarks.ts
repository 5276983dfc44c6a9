import type { OpenOrder, Position } from '../protocol/wire/index.js';
import type { AppState } from './types.js';

export type ChartMarkKind = 'entry' | 'liq' | 'tp' | 'sl' | 'buy' | 'sell';

/** A price the chart draws as a line: the wire's decimal string at the contract's price scale. */
export interface ChartMarkPx {
  kind: ChartMarkKind;
  px: string;
}

const EMPTY: readonly ChartMarkPx[] = Object.freeze([]);

function marksOf(contractId: number, positions: readonly Position[], open: Readonly<Record<number, OpenOrder>>): readonly ChartMarkPx[] {
  const out: ChartMarkPx[] = [];
  for (const p of positions) {
    if (p.contractId !== contractId) continue;
    out.push({ kind: 'entry', px: p.entryPx });
    if (p.liquidationPx !== null) out.push({ kind: 'liq', px: p.liquidationPx });
    if (p.tp) out.push({ kind: 'tp', px: p.tp.triggerPx });
    if (p.sl) out.push({ kind: 'sl', px: p.sl.triggerPx });
  }
  const orders = Object.values(open)
    .filter((o) => o.asset === contractId)
    .sort((a, b) => a.oid - b.oid);
  for (const o of orders) out.push({ kind: o.isBuy ? 'buy' : 'sell', px: o.limitPx });
  return out.length === 0 ? EMPTY : out;
}

/**
 * The chart's lines for one contract: each position's entry, liquidation and TP/SL, then the
 * open orders by oid. Stable until the positions or the open orders change (one memo per
 * contract id, kept to a few).
 */
export const selectChartMarks = (() => {
  const memos = new Map<number, { positions?: readonly Position[]; open?: AppState['orders']['open']; out: readonly ChartMarkPx[] }>();
  return (contractId: number) =>
    (s: AppState): readonly ChartMarkPx[] => {
      let m = memos.get(contractId);
      if (!m) {
        if (memos.size >= 8) memos.delete(memos.keys().next().value as number);
        m = { out: EMPTY };
        memos.set(contractId, m);
      }
      if (m.positions !== s.account.positions || m.open !== s.orders.open) {
        m.positions = s.account.positions;
        m.open = s.orders.open;
        const next = marksOf(contractId, s.account.positions, s.orders.open);
        // A poll that repeats the same positions and orders keeps the same lines.
        const same = next.length === m.out.length && next.every((x, i) => x.kind === m!.out[i]!.kind && x.px === m!.out[i]!.px);
        if (!same) m.out = next;
      }
      return m.out;
    };
})();
