import type { Configs, Position } from '../../../protocol/wire/index.js';
import type { HistoryRead } from '../../../session/historyReader.js';
import { formatMoney, formatSize } from '../../../format/index.js';
import { formatRatePercent } from '../../format/percent.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { collateralCoin, contractsById } from '../lookups.js';
import { memoLast } from '../memo.js';
import { rowFilter } from '../rowFilter.js';
import { formatStamp } from '../history/historyRows.js';

/**
 * The Funding pane's rows: one per contract that paid or received funding in the period or
 * holds a position now: the position's size, the last payment's rate, amount and time, the
 * period's cumulative amount and how many payments it holds. Amounts are the store's derived
 * payments (raw collateral units, bigint; + received); a payment that could not be derived
 * (docs/history.md) counts in `underived` and in the head line's balances figure only.
 */
export interface FundingRow {
  key: string;
  contractId: number;
  contract: string;
  /** The position now, signed ("" without one). */
  size: string;
  rate: string;
  payment: string;
  paymentTone: ThemeToken;
  cumulative: string;
  cumulativeTone: ThemeToken;
  cumulativeRaw: bigint;
  payments: number;
  underived: number;
  last: string;
}

const tone = (v: bigint | undefined): ThemeToken => (v === undefined || v === 0n ? 'muted' : v > 0n ? 'up' : 'down');

export const fundingRows = memoLast((read: HistoryRead | undefined, positions: readonly Position[], configs: Configs | null): readonly FundingRow[] => {
  const coin = collateralCoin(configs);
  const byId = contractsById(configs);
  interface Acc {
    cumulative: bigint;
    payments: number;
    underived: number;
    last?: { rate: string; derived: bigint | null; time: number };
  }
  const acc = new Map<number, Acc>();
  const of = (id: number) => {
    let a = acc.get(id);
    if (!a) acc.set(id, (a = { cumulative: 0n, payments: 0, underived: 0 }));
    return a;
  };
  for (const p of read?.funding ?? []) {
    const a = of(p.contractId);
    const derived = p.derived === null ? null : BigInt(p.derived);
    if (derived === null) a.underived++;
    else a.cumulative += derived;
    a.payments++;
    if (!a.last || p.time >= a.last.time) a.last = { rate: p.rate, derived, time: p.time };
  }
  // A position held now has a row, paid or not yet.
  for (const p of positions) of(p.contractId);
  const rows: FundingRow[] = [];
  for (const [id, a] of acc) {
    const c = byId.get(id);
    const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
    const size = positions
      .filter((p) => p.contractId === id)
      .map((p) => `${p.isBuy ? '+' : '−'}${formatSize(p.size, scales)}`)
      .join(' ');
    const last = a.last;
    rows.push({
      key: String(id),
      contractId: id,
      contract: c?.name ?? `#${id}`,
      size,
      rate: last ? formatRatePercent(last.rate, { signed: true, decimals: 4 }) : '',
      payment: last ? (last.derived === null ? '?' : formatMoney(last.derived, coin, { signed: true, exact: true })) : '',
      paymentTone: tone(last?.derived ?? undefined),
      cumulative: a.payments ? formatMoney(a.cumulative, coin, { signed: true, exact: true }) : '',
      cumulativeTone: tone(a.cumulative),
      cumulativeRaw: a.cumulative,
      payments: a.payments,
      underived: a.underived,
      last: last ? formatStamp(last.time) : '',
    });
  }
  return rows.sort((x, y) => x.contract.localeCompare(y.contract));
});

export const fundingFilter = rowFilter((r: FundingRow) => [r.contract, r.size, r.rate, r.payment, r.cumulative, r.last, String(r.contractId)]);

/** The head line: what the balances say funding moved in the period (exact), beside the derived sum. */
export function fundingSummary(read: HistoryRead | undefined, rows: readonly FundingRow[], configs: Configs | null): string | undefined {
  if (read?.fundingObserved === undefined) return undefined;
  const coin = collateralCoin(configs);
  const derived = rows.reduce((s, r) => s + r.cumulativeRaw, 0n);
  const underived = rows.reduce((s, r) => s + r.underived, 0);
  return `funding ${formatMoney(read.fundingObserved, coin, { signed: true, exact: true })} (balances) · derived ${formatMoney(derived, coin, { signed: true, exact: true })}${underived ? ` · ${underived} not derived` : ''}`;
}
