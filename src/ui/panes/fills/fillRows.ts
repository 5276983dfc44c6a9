import type { Configs, Fill } from '../../../protocol/wire/index.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { formatCoin } from '../../format/coin.js';
import { formatPrice, formatSize, MISSING } from '../../format/decimal.js';
import { sideLabel } from '../../format/side.js';
import { formatSigned } from '../../format/signed.js';
import { formatClock } from '../../format/time.js';
import { collateralCoin, contractsById } from '../lookups.js';
import { memoLast } from '../memo.js';

/**
 * The account's fills, newest first. Fee and closed PnL are raw collateral units (USDC);
 * the fee shows four decimals since a fee on a small fill is often below a cent.
 */
export interface FillRow {
  key: string;
  fill: Fill;
  time: string;
  contract: string;
  side: string;
  isBuy: boolean;
  price: string;
  size: string;
  fee: string;
  pnl: string;
  pnlTone: ThemeToken;
  liquidity: string;
}

export const fillRows = memoLast((fills: readonly Fill[], configs: Configs | null): readonly FillRow[] => {
  const byId = contractsById(configs);
  const coin = collateralCoin(configs);
  const out: FillRow[] = [];
  for (let i = fills.length - 1; i >= 0; i--) {
    const f = fills[i]!;
    const c = byId.get(f.contractId);
    const pnl = /^-?\d+$/.test(f.closedPnl) ? BigInt(f.closedPnl) : undefined;
    out.push({
      key: `${f.tid}:${f.oid}`,
      fill: f,
      time: formatClock(f.time),
      contract: c?.name ?? `#${f.contractId}`,
      side: sideLabel(f.isBuy, 'word'),
      isBuy: f.isBuy,
      price: formatPrice(f.px, c?.priceScale ?? 0, { separators: true }),
      size: formatSize(f.sz, c?.qtyScale ?? 0, { separators: true }),
      fee: formatCoin(f.fee, { decimals: coin.decimals, digits: Math.min(4, coin.decimals), rounding: 'half-up' }),
      pnl: pnl === undefined ? MISSING : pnl === 0n ? '' : formatSigned(pnl, coin.decimals, { decimals: 2, separators: true }),
      pnlTone: pnl === undefined || pnl === 0n ? 'muted' : pnl > 0n ? 'up' : 'down',
      liquidity: f.liquidation ? 'liq' : f.liquidity,
    });
  }
  return out;
});
