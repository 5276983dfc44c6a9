import { pow10 } from '../../../protocol/decimal.js';
import type { Configs, ContractConfig, MarketState, Position } from '../../../protocol/wire/index.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { formatMoney, formatPrice, formatSize, MISSING, toRaw, type MoneyCoin } from '../../../format/index.js';
import { formatPercent } from '../../format/percent.js';
import { sideLabel } from '../../format/side.js';
import { collateralCoin, contractsById } from '../lookups.js';
import { memoLast } from '../memo.js';

/**
 * Positions across every pool, as the exchange reported them (zero-size entries left
 * out), with mark prices from market state. uPnL is the exchange's figure, not one
 * recomputed here: one source for the number a user acts on. ROE divides it by the
 * position's margin: `marginUsed` when reported, else the isolated margin, else entry
 * notional / leverage (quote coin valued at par with the collateral, as the exchange does).
 */
export interface PositionRow {
  key: string;
  position: Position;
  contractId: number;
  contract: string;
  side: string;
  isBuy: boolean;
  /** Signed: + long, − short. */
  size: string;
  entry: string;
  mark: string;
  upnl: string;
  pnlTone: ThemeToken;
  roe: string;
  leverage: string;
  mode: string;
  liq: string;
  tpsl: string;
}

/** Margin backing the position, in raw collateral units, or undefined if unknown. */
export function positionMargin(p: Position, c: ContractConfig | undefined, collateralDecimals: number): bigint | undefined {
  if (p.marginUsed !== undefined && /^\d+$/.test(p.marginUsed) && p.marginUsed !== '0') return BigInt(p.marginUsed);
  if (p.marginMode === 'isolated' && /^\d+$/.test(p.isolatedMargin) && p.isolatedMargin !== '0') return BigInt(p.isolatedMargin);
  if (!c || p.leverage <= 0) return undefined;
  const size = toRaw(p.size, c.qtyScale);
  const entry = toRaw(p.entryPx, c.priceScale);
  if (size === undefined || entry === undefined) return undefined;
  const abs = size < 0n ? -size : size;
  const notional = (abs * entry * pow10(collateralDecimals)) / pow10(c.qtyScale + c.priceScale);
  const margin = notional / BigInt(Math.trunc(p.leverage));
  return margin > 0n ? margin : undefined;
}

function toRow(p: Position, c: ContractConfig | undefined, mark: MarketState | undefined, collateral: MoneyCoin): PositionRow {
  const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
  const raw = toRaw(p.size, scales.qtyScale);
  // The side is isBuy; a negative size on the wire would say the same thing twice.
  const abs = raw === undefined ? undefined : raw < 0n ? -raw : raw;
  const signed = abs === undefined ? undefined : p.isBuy ? abs : -abs;
  const pnl = /^-?\d+$/.test(p.unrealizedPnl) ? BigInt(p.unrealizedPnl) : undefined;
  const margin = positionMargin(p, c, collateral.decimals);
  const px = (v: string | null | undefined) => formatPrice(v, scales);
  const legs: string[] = [];
  if (p.tp) legs.push(`TP ${px(p.tp.triggerPx)}`);
  if (p.sl) legs.push(`SL ${px(p.sl.triggerPx)}`);
  return {
    key: `${p.contractId}:${p.isBuy ? 'L' : 'S'}`,
    position: p,
    contractId: p.contractId,
    contract: c?.name ?? `#${p.contractId}`,
    side: sideLabel(p.isBuy, 'long'),
    isBuy: p.isBuy,
    size: formatSize(signed, scales, { signed: true }),
    entry: px(p.entryPx),
    mark: px(mark?.markPx),
    upnl: formatMoney(pnl, collateral, { signed: true }),
    pnlTone: pnl === undefined || pnl === 0n ? 'muted' : pnl > 0n ? 'up' : 'down',
    roe: pnl === undefined || margin === undefined ? MISSING : formatPercent(pnl, margin, { signed: true }),
    leverage: `${p.leverage}x`,
    mode: p.marginMode === 'isolated' ? 'iso' : 'cross',
    liq: px(p.liquidationPx),
    tpsl: legs.length ? legs.join(' ') : MISSING,
  };
}

function isOpen(p: Position): boolean {
  return /[1-9]/.test(p.size);
}

export const positionRows = memoLast(
  (positions: readonly Position[], configs: Configs | null, marketStates: Readonly<Record<number, MarketState>>): readonly PositionRow[] => {
    const byId = contractsById(configs);
    const collateral = collateralCoin(configs);
    return positions.filter(isOpen).map((p) => toRow(p, byId.get(p.contractId), marketStates[p.contractId], collateral));
  },
);
