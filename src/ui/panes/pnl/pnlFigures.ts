import type { Configs, Position } from '../../../protocol/wire/index.js';
import type { HistoryRead } from '../../../session/historyReader.js';
import { formatMoney } from '../../../format/index.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { collateralCoin, contractsById } from '../lookups.js';
import { memoLast } from '../memo.js';

/**
 * The PnL pane's figures over a period: per contract and in total, realised PnL and fees
 * (the store's fills), funding (the store's derived payments), unrealised PnL (the
 * positions now, as the exchange reports them) and their net. Raw collateral units, bigint.
 */
export interface PnlRaw {
  realised: bigint;
  unrealised: bigint;
  /** Paid (+ is a cost). */
  fees: bigint;
  /** Received (+) or paid (−). */
  funding: bigint;
  /** realised − fees + funding + unrealised. */
  net: bigint;
}

export interface PnlRow {
  key: string;
  contract: string;
  raw: PnlRaw;
  realised: string;
  unrealised: string;
  fees: string;
  funding: string;
  net: string;
  tones: Record<'realised' | 'unrealised' | 'funding' | 'net', ThemeToken>;
}

export interface PnlFigures {
  rows: readonly PnlRow[];
  total: PnlRow;
  /** Equity at the first and last point of the curve, raw units. */
  equity?: { first: bigint; last: bigint };
  /** Funding as the balances say it (exact), beside the derived per-contract sum. */
  fundingObserved?: bigint;
  underived: number;
}

const tone = (v: bigint): ThemeToken => (v === 0n ? 'muted' : v > 0n ? 'up' : 'down');

function rowOf(key: string, contract: string, raw: Omit<PnlRaw, 'net'>, configs: Configs | null): PnlRow {
  const coin = collateralCoin(configs);
  const net = raw.realised - raw.fees + raw.funding + raw.unrealised;
  const money = (v: bigint) => formatMoney(v, coin, { signed: true });
  return {
    key,
    contract,
    raw: { ...raw, net },
    realised: money(raw.realised),
    unrealised: money(raw.unrealised),
    // A fee is a cost: shown with a minus sign.
    fees: money(-raw.fees),
    funding: money(raw.funding),
    net: money(net),
    tones: { realised: tone(raw.realised), unrealised: tone(raw.unrealised), funding: tone(raw.funding), net: tone(net) },
  };
}

const int = (s: string): bigint => (/^-?\d+$/.test(s) ? BigInt(s) : 0n);

export const pnlFigures = memoLast((read: HistoryRead | undefined, positions: readonly Position[], configs: Configs | null): PnlFigures => {
  const byId = contractsById(configs);
  const acc = new Map<number, Omit<PnlRaw, 'net'>>();
  const of = (id: number) => {
    let a = acc.get(id);
    if (!a) acc.set(id, (a = { realised: 0n, unrealised: 0n, fees: 0n, funding: 0n }));
    return a;
  };
  for (const [id, t] of read?.totals ?? []) {
    const a = of(id);
    a.realised += t.realised;
    a.fees += t.fees;
    a.funding += t.funding;
  }
  for (const p of positions) of(p.contractId).unrealised += int(p.unrealizedPnl);
  const sum = { realised: 0n, unrealised: 0n, fees: 0n, funding: 0n };
  const rows: PnlRow[] = [];
  for (const [id, a] of acc) {
    sum.realised += a.realised;
    sum.unrealised += a.unrealised;
    sum.fees += a.fees;
    sum.funding += a.funding;
    rows.push(rowOf(String(id), byId.get(id)?.name ?? `#${id}`, a, configs));
  }
  rows.sort((x, y) => x.contract.localeCompare(y.contract));
  const curve = read?.curve ?? [];
  return {
    rows,
    total: rowOf('total', 'Total', sum, configs),
    ...(curve.length ? { equity: { first: curve[0]!.equity, last: curve[curve.length - 1]!.equity } } : {}),
    ...(read?.fundingObserved !== undefined ? { fundingObserved: read.fundingObserved } : {}),
    underived: read?.underived ?? 0,
  };
});

/** The equity line over the chart: the last point and the change over the period's curve. */
export function equityText(f: PnlFigures, configs: Configs | null): string {
  if (!f.equity) return 'equity: no sample in this period yet';
  const coin = collateralCoin(configs);
  return `equity ${formatMoney(f.equity.last, coin)} (${formatMoney(f.equity.last - f.equity.first, coin, { signed: true })})`;
}
