import type { Configs, Fill } from '../../../protocol/wire/index.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { formatMoney, formatPrice, formatSize, MISSING } from '../../../format/index.js';
import { sideLabel } from '../../format/side.js';
import { formatClock } from '../../format/time.js';
import { collateralCoin, contractsById } from '../lookups.js';
import { memoLast, memoPerItem } from '../memo.js';

/**
 * The account's fills, newest first. Fee and closed PnL are raw collateral units (USDC);
 * the fee is shown exactly, since a fee on a small fill is often below a cent.
 */
/** What a fill shows wherever it is listed (the Fills pane, the History pane). */
export interface FillCells {
  contract: string;
  side: string;
  isBuy: boolean;
  price: string;
  size: string;
  fee: string;
  pnl: string;
  pnlTone: ThemeToken;
}

export interface FillRow extends FillCells {
  key: string;
  fill: Fill;
  time: string;
  liquidity: string;
}

export const fillRowOf = memoPerItem((f: Fill, configs: Configs | null): FillRow => {
  const c = contractsById(configs).get(f.contractId);
  const coin = collateralCoin(configs);
  const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
  const pnl = /^-?\d+$/.test(f.closedPnl) ? BigInt(f.closedPnl) : undefined;
  return {
    key: `${f.tid}:${f.oid}`,
    fill: f,
    time: formatClock(f.time),
    contract: c?.name ?? `#${f.contractId}`,
    side: sideLabel(f.isBuy, 'word'),
    isBuy: f.isBuy,
    price: formatPrice(f.px, scales),
    size: formatSize(f.sz, scales),
    fee: formatMoney(f.fee, coin, { exact: true }),
    pnl: pnl === undefined ? MISSING : pnl === 0n ? '' : formatMoney(pnl, coin, { signed: true }),
    pnlTone: pnl === undefined || pnl === 0n ? 'muted' : pnl > 0n ? 'up' : 'down',
    liquidity: f.liquidation ? 'liq' : f.liquidity,
  };
});

export const fillRows = memoLast((fills: readonly Fill[], configs: Configs | null): readonly FillRow[] => {
  const out: FillRow[] = [];
  for (let i = fills.length - 1; i >= 0; i--) out.push(fillRowOf(fills[i]!, configs));
  return out;
});
